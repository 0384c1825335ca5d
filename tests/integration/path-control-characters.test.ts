import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** One request written byte for byte (fetch refuses raw control characters in a URL); the status line and headers back. */
function raw(url: string, requestLine: string): Promise<{ status: number; location: string | null }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${hostname}:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`, 'latin1');
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      const location = /\r\nlocation: ([^\r\n]*)/i.exec(data)?.[1] ?? null;
      resolve({ status, location });
    });
  });
}

const form = { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' } as const;

describe('the plain POST fallback redirects only to a page of this site', () => {
  it('sends a known page back to itself and anything else to the home page', async () => {
    // (/enrollment and /parent-login answer their own posts: pages/forms.ts.)
    const page = await fetch(`${s.url}/events`, form);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/events');
    for (const path of [
      '/%09/evil.example',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
      '/\\evil.example',
      '/no-such-page',
      '/enrollment/../x',
    ]) {
      const res = await fetch(`${s.url}${path}`, form);
      // A control character is refused (404) before the fallback; everything else gets the fixed redirect.
      if (path.includes('%09')) expect(res.status, path).toBe(404);
      else expect([res.status, res.headers.get('location')], path).toEqual([303, '/']);
    }
  });
});

describe('a control character in a path never gets a 5xx', () => {
  const encoded = ['/%0d%0aX', '/%0D%0ASet-Cookie:%20a=b', '/%09', '/%00', '/x%0a', '/%7f', '/enrollment%0d%0a'];
  it.each(['GET', 'POST'])('%s with an encoded CR/LF, tab, NUL or DEL answers 4xx or the fixed redirect', async (method) => {
    for (const path of encoded) {
      const res = await fetch(`${s.url}${path}`, { ...form, method, body: method === 'POST' ? 'a=1' : undefined });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) expect(res.headers.get('location'), `${method} ${path}`).toBe('/');
      expect(res.headers.get('set-cookie') ?? '', `${method} ${path}`).not.toContain('a=b');
    }
  });
  it.each(['GET', 'POST'])('%s with a raw tab, NUL, CR or LF in the request line is refused with a 4xx', async (method) => {
    for (const path of ['/\tx', '/a\u0000b', '/a\rb']) {
      const res = await raw(s.url, `${method} ${path} HTTP/1.1`);
      expect(res.status, JSON.stringify(path)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(path)).toBeLessThan(500);
    }
  });
});
