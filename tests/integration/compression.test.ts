/**
 * Compression (services/compression.ts): a refusal is sent as it is, with its length, to a client that takes gzip;
 * an answer of a kilobyte or more is still gzipped; what the refusal carried (its ids, its headers) is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication } from '../helpers/enrollment-fixtures';
import { httpRequest } from '../helpers/http-client';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.adminCookie();
});
afterAll(() => s.close());

const GZIP = { 'accept-encoding': 'gzip, deflate' };
const send = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
  httpRequest(s.url + path, { ...init, headers: { origin: s.url, ...GZIP, ...init.headers } });

/** The answer's body bytes as sent, and its headers. */
async function raw(res: Response) {
  return {
    bytes: Buffer.byteLength(await res.text()),
    encoding: res.headers.get('content-encoding'),
    length: res.headers.get('content-length'),
  };
}

describe('a refusal is sent with its length and not gzipped', () => {
  it.each([
    ['a REST refusal (401, no session)', () => send('/api/admin/me')],
    [
      'a REST validation refusal (400)',
      () => send('/api/enrollment', { method: 'POST', body: '{"parentEmail":"x"}', headers: { 'content-type': 'application/json' } }),
    ],
    ['a tRPC refusal (401)', () => send('/api/trpc/children.list')],
    ['an unknown API path (404)', () => send('/api/no-such-path')],
    ['the cross-site guard (403)', () => send('/api/events', { method: 'POST', body: '{}', headers: { origin: 'https://evil.example' } })],
  ])('%s', async (_name, request) => {
    const res = await request();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const { bytes, encoding, length } = await raw(res);
    expect(encoding).toBeNull();
    expect(length).toBe(String(bytes));
    expect(bytes).toBeLessThan(1024);
  });

  it('keeps what the refusal said: its ids, no-store and its cookies', async () => {
    const res = await send('/api/enrollment', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-message-ids')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});

describe('an answer of a kilobyte or more is still gzipped', () => {
  it('a staff list of applications', async () => {
    for (let i = 0; i < 5; i++) insertApplication(s, { childFirstName: `Child${i}` });
    const res = await send('/api/enrollment-applications', { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(5);
  });
});
