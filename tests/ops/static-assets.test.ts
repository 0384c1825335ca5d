/**
 * Static files of the production build: hashed assets are cached for a year and sent as the
 * brotli or gzip file the build wrote beside them (scripts/precompress.mjs); the HTML shell is revalidated on
 * every visit; an API answer is never stored by anyone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/child-process';
import { startTestServer, type TestServer } from '../helpers/server';

let client: string;
let server: TestServer;
const script = `export const greeting = ${JSON.stringify('Welcome to Little Buckeyes. '.repeat(200))};\n`;

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'childcare-client-'));
  mkdirSync(join(client, 'assets'));
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><title>Little Buckeyes</title><div id="root"></div><script type="module" crossorigin src="/assets/index-Bx7k2Q.js"></script></body>',
  );
  writeFileSync(join(client, 'assets', 'index-Bx7k2Q.js'), script);
  execFileSync(process.execPath, ['scripts/precompress.mjs', client], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  server = await startTestServer({ clientDir: client });
});
afterAll(async () => {
  await server?.close();
  rmSync(client, { recursive: true, force: true });
});

describe('static assets', () => {
  it('writes .br and .gz files beside the assets at build time', () => {
    expect(brotliDecompressSync(readFileSync(join(client, 'assets', 'index-Bx7k2Q.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(client, 'assets', 'index-Bx7k2Q.js.gz'))).toString()).toBe(script);
  });

  it('sends a hashed asset precompressed, immutable for a year', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await fetch(`${server.url}/assets/index-Bx7k2Q.js`, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      // The bytes on the wire are the file written at build time.
      const raw = await new Promise<Buffer>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(`${server.url}/assets/index-Bx7k2Q.js`, { headers: { 'accept-encoding': accept } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
          }).on('error', reject),
        );
      });
      expect(raw.equals(readFileSync(join(client, 'assets', `index-Bx7k2Q.js.${encoding === 'br' ? 'br' : 'gz'}`)))).toBe(true);
      expect(decode(raw).toString()).toBe(script);
    }
  });

  it('sends the asset plain to a client that accepts no compression', async () => {
    const res = await fetch(`${server.url}/assets/index-Bx7k2Q.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(script);
  });

  it('has the HTML shell revalidated and API answers never stored', async () => {
    const page = await fetch(`${server.url}/events`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const { token } = await server.parentToken();
    const api = await fetch(`${server.url}/api/parent/children`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});
