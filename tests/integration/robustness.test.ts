/**
 * "Bad input always gets a clear 4xx message and changes nothing. No request may crash the server or return
 * a 500." Every REST route and every tRPC procedure (generated from the app, so new ones are covered) is
 * sent malformed bodies and hostile ids, anonymously, as a parent and as staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes, listProcedures } from '../helpers/routes';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let roles: Record<string, Record<string, string>>;
beforeAll(async () => {
  s = await startTestServer();
  roles = {
    anonymous: {},
    parent: { authorization: `Bearer ${(await s.parentToken()).token}` },
    admin: { cookie: await s.adminCookie() },
  };
});
afterAll(() => s.close());

const HOSTILE_IDS = ['no-such-id', '%E0%A4%A', 'x'.repeat(300), "1'%20OR%20'1'%3D'1", '..%2F..%2Fpackage.json', '0'];
const BAD_BODIES: (string | undefined)[] = [
  undefined,
  '{not json',
  '[]',
  'null',
  '"text"',
  JSON.stringify({ id: {}, title: 5, status: ['approved'], amount: 'NaN', email: null, isActive: 'maybe', childId: 42, eventDate: '2026-13-45' }),
];
const BAD_HEADERS: Record<string, string>[] = [{ 'content-type': 'application/json' }, { 'content-type': 'multipart/form-data; boundary=zzz' }, { 'content-type': 'text/plain' }];

describe('no request returns a 500', () => {
  const routes = listApiRoutes();

  it('covers the documented routes (the generator is not vacuous)', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((r) => [r.method, r.path] as const))('%s %s', async (method, path) => {
    const ids = path.includes(':') ? HOSTILE_IDS : ['-'];
    const failures: string[] = [];
    for (const id of ids) {
      const url = path.replace(/:[^/]+/g, id);
      for (const [role, auth] of Object.entries(roles)) {
        const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES;
        for (const body of bodies) {
          for (const headers of body === undefined ? [{}] : BAD_HEADERS) {
            const res = await s.request(url, { method, body, headers: { ...headers, ...auth } });
            if (res.status >= 500) failures.push(`${role} ${method} ${url} ${headers['content-type'] ?? ''} ${body?.slice(0, 40)} → ${res.status}`);
            else expect(res.status).toBeGreaterThanOrEqual(200);
            await res.arrayBuffer();
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a malformed session cookie or bearer token is no session, not an error', async () => {
    const malformed: Record<string, string>[] = [
      { cookie: 'admin_session=%%%; parent_session=%E0%A4%A' },
      { cookie: 'admin_session=a.b.c' },
      { authorization: 'Bearer ....' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
    ];
    for (const headers of malformed) {
      expect((await s.request('/api/events', { headers })).status).toBe(200);
      expect((await s.request('/api/admin/me', { headers })).status).toBe(401);
    }
  });

  it.each(listProcedures().map((p) => [p.type, p.path] as const))('tRPC %s %s with malformed input', async (type, path) => {
    for (const auth of Object.values(roles)) {
      const inputs = ['%7Bbad', encodeURIComponent(JSON.stringify({ json: { id: {}, title: 5 } })), encodeURIComponent(JSON.stringify({ json: 'x'.repeat(2000) }))];
      for (const input of inputs) {
        const res =
          type === 'query'
            ? await s.request(`/api/trpc/${path}?input=${input}`, { headers: auth })
            : await s.request(`/api/trpc/${path}`, { method: 'POST', body: decodeURIComponent(input), headers: { 'content-type': 'application/json', ...auth } });
        expect(res.status, `${path} ${input}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
  });
});
