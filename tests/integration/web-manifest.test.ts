import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/app';
import { centre } from '../../src/shared/centre';
import { MANIFEST_ICONS } from '../../src/shared/pwa';
import { startTestServer, type TestServer } from '../helpers/server';
import { standInManifest } from '../helpers/stand-in-build';

/**
 * The parent portal on the home screen (ADR 051): the manifest's answer, its icons (committed files,
 * served from the build), the tags that link it from the parent's pages only, and the CSP that lets the worker run.
 * The client is a stand-in index.html with the build's placeholder, plus the real public icons.
 */
const PUBLIC_DIR = resolve(PROJECT_ROOT, 'src/client/public');
let s: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'manifest-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/app-abc123.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  cpSync(join(PUBLIC_DIR, 'icons'), join(clientDir, 'icons'), { recursive: true });
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  mkdirSync(join(clientDir, 'ssr'));
  writeFileSync(
    join(clientDir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = {}; export const isNotFound = () => false; export async function render() { return { html: '', state: '{}' }; }
     export async function renderEnrollmentPage() { return '<main></main>'; }
     export async function renderParentLoginPage() { return '<main></main>'; }`,
  );
  s = await startTestServer({ clientDir, ssrDir: join(clientDir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(clientDir, { recursive: true, force: true });
});

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('GET /manifest.webmanifest', () => {
  it('is a web app manifest: its content type, cached for an hour, never sniffed', async () => {
    const res = await s.request('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names the portal, starts on the dashboard, standalone, in the centre colours, within the parent scope', async () => {
    const m = (await (await s.request('/manifest.webmanifest')).json()) as Manifest;
    expect(m.name).toBe(`${centre.shortName} Parent Portal`);
    expect(m.short_name).toBe(centre.shortName);
    expect(m.short_name.length).toBeLessThanOrEqual(15);
    expect(m.start_url).toBe('/parent-dashboard');
    expect(m.id).toBe('/parent-dashboard');
    expect(m.scope).toBe('/parent');
    expect(m.start_url.startsWith(m.scope)).toBe(true);
    expect(m.display).toBe('standalone');
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('lists icons of 192 and 512, plain and maskable, each a PNG of the size it says, served as one', async () => {
    const m = (await (await s.request('/manifest.webmanifest')).json()) as Manifest;
    const kinds = m.icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
    expect(kinds).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    expect(m.icons).toEqual(MANIFEST_ICONS);
    for (const icon of m.icons) {
      const res = await s.request(icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');
      const meta = await sharp(bytes).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      // The committed file is the one served.
      expect(bytes.equals(readFileSync(join(PUBLIC_DIR, icon.src)))).toBe(true);
    }
  });

  it('has maskable icons that fill their square (no transparent corner a launcher would show)', async () => {
    for (const icon of MANIFEST_ICONS) {
      const { data, info } = await sharp(join(PUBLIC_DIR, icon.src)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const cornerAlpha = data[info.channels - 1];
      expect(cornerAlpha, icon.src).toBe(icon.purpose === 'maskable' ? 255 : 0);
    }
  });

  it('has an apple-touch-icon of 180 without transparency', async () => {
    const meta = await sharp(join(PUBLIC_DIR, 'icons/apple-touch-icon.png')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 180, 180]);
    const { data } = await sharp(join(PUBLIC_DIR, 'icons/apple-touch-icon.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(255);
  });
});

describe('the pages that link it', () => {
  const linksManifest = (html: string) => html.includes('<link rel="manifest" href="/manifest.webmanifest" />');

  it('is linked, with the home-screen icon, from the parent sign-in and the dashboard', async () => {
    for (const path of ['/parent-login', '/parent-dashboard']) {
      const html = await (await s.request(path)).text();
      expect(linksManifest(html), path).toBe(true);
      expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    }
  });

  it('is not linked from the public pages nor the staff pages (they are not the installed app)', async () => {
    for (const path of ['/', '/events', '/enrollment', '/milestones', '/admin', '/admin/login']) {
      const html = await (await s.request(path)).text();
      expect(linksManifest(html), path).toBe(false);
    }
  });

  it('lets the site run its own worker and manifest, and nothing else (CSP)', async () => {
    const csp = (await s.request('/parent-dashboard')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
