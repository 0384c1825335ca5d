/**
 * The floods' client (tests/helpers/http-client.ts) answers what fetch answers: the same status, headers (every
 * Set-Cookie) and body, read once, as fetch's Response reads it; what it does not answer itself comes from a real
 * Response. The matrix, the fuzz and the CSRF files rely on it for thousands of requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from '../helpers/http-client';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Every header but the time it was sent, as fetch lists them. */
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection');

describe('httpRequest answers as fetch does', () => {
  const cases: [string, string, { method?: string; body?: string; headers?: Record<string, string> }][] = [
    ['a public list (200)', '/api/events', {}],
    ['a refusal without a session (401)', '/api/admin/me', {}],
    ['an unknown path (404)', '/api/no-such-path', {}],
    [
      'a cross-site write (403)',
      '/api/events',
      { method: 'POST', body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } },
    ],
    [
      'a refused sign-in (400)',
      '/api/admin/login',
      { method: 'POST', body: '{"email":"x"}', headers: { 'content-type': 'application/json' } },
    ],
  ];
  it.each(cases)('%s', async (_what, path, init) => {
    const headers = { origin: s.url, ...init.headers };
    const ours = await httpRequest(s.url + path, { ...init, headers });
    const theirs = await fetch(s.url + path, { ...init, headers });
    expect(ours).toBeInstanceOf(theirs.constructor);
    expect(ours.status).toBe(theirs.status);
    expect(ours.ok).toBe(theirs.ok);
    expect(headersOf(ours)).toEqual(headersOf(theirs));
    expect(ours.headers.getSetCookie()).toEqual(theirs.headers.getSetCookie());
    expect(ours.bodyUsed).toBe(false);
    expect(await ours.clone().text()).toBe(await theirs.clone().text());
    expect(await ours.json()).toEqual(await theirs.json());
    expect(ours.bodyUsed).toBe(true);
  });

  it('reads a body once, as fetch does, and a clone has its own', async () => {
    const res = await httpRequest(`${s.url}/api/events`);
    const copy = res.clone();
    const bytes = new Uint8Array(await res.arrayBuffer());
    await expect(res.text()).rejects.toThrow(TypeError);
    expect(() => res.clone()).toThrow(TypeError);
    expect(new TextDecoder().decode(bytes)).toBe(await copy.text());
    expect((await httpRequest(`${s.url}/api/events`)).statusText).toBe((await fetch(`${s.url}/api/events`)).statusText);
  });

  it('a gzipped answer is decoded, its stream and blob are those of a real Response', async () => {
    const big = await httpRequest(`${s.url}/api/events?limit=100`, { headers: { 'accept-encoding': 'gzip' } });
    const text = await (await fetch(`${s.url}/api/events?limit=100`)).text();
    expect(await big.blob().then((b) => b.text())).toBe(text);
    expect(big.bodyUsed).toBe(true);
    await expect(big.text()).rejects.toThrow(TypeError);
  });
});
