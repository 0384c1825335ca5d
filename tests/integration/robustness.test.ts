/**
 * "Bad input always gets a clear 4xx message and changes nothing. No request may crash the server or return
 * a 500." Every REST route and every tRPC procedure (generated from the app, so new ones are covered) is
 * sent malformed bodies and hostile ids, anonymously, as a parent and as staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from '../helpers/http-client';
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
  JSON.stringify({
    id: {},
    title: 5,
    status: ['approved'],
    amount: 'NaN',
    email: null,
    isActive: 'maybe',
    childId: 42,
    eventDate: '2026-13-45',
  }),
];
const BAD_HEADERS: Record<string, string>[] = [
  { 'content-type': 'application/json' },
  { 'content-type': 'multipart/form-data; boundary=zzz' },
  { 'content-type': 'text/plain' },
];

/** As s.request (our own Origin), through node:http: the tests below send thousands of requests (tests/helpers/http-client.ts). */
const send = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
  httpRequest(s.url + path, { ...init, headers: { origin: s.url, ...init.headers } });

/** Runs every task, at most `limit` at a time (the server is one process; more would only queue). */
async function inPool<T>(tasks: (() => Promise<T>)[], limit = 8): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

// The cases of a test are independent (every request is refused and changes nothing), so each test sends
// them side by side (inPool); the tests themselves run one after another, so none waits on another's load.
describe('no request returns a 500', () => {
  const routes = listApiRoutes();

  it('covers the documented routes (the generator is not vacuous)', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((r) => [r.method, r.path] as const))(
    '%s %s',
    async (method, path) => {
      const ids = path.includes(':') ? HOSTILE_IDS : ['-'];
      const cases: { role: string; url: string; body?: string; headers: Record<string, string> }[] = [];
      for (const id of ids) {
        const url = path.replace(/:[^/]+/g, id);
        for (const [role, auth] of Object.entries(roles)) {
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES;
          for (const body of bodies) {
            for (const headers of body === undefined ? [{}] : BAD_HEADERS)
              cases.push({ role, url, body, headers: { ...headers, ...auth } });
          }
        }
      }
      const answers = await inPool(
        cases.map(({ role, url, body, headers }) => async () => {
          const res = await send(url, { method, body, headers });
          await res.arrayBuffer();
          return { status: res.status, label: `${role} ${method} ${url} ${headers['content-type'] ?? ''} ${body?.slice(0, 40)}` };
        }),
      );
      // Every case was sent and answered.
      expect(answers).toHaveLength(cases.length);
      expect(answers.filter((a) => a.status >= 500).map((a) => `${a.label} → ${a.status}`)).toEqual([]);
      expect(answers.filter((a) => a.status < 200).map((a) => a.label)).toEqual([]);
      // A path with an id sends over 300 requests: allow for a machine shared with other work.
    },
    60_000,
  );

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
    const inputs = [
      '%7Bbad',
      encodeURIComponent(JSON.stringify({ json: { id: {}, title: 5 } })),
      encodeURIComponent(JSON.stringify({ json: 'x'.repeat(2000) })),
    ];
    const tasks = Object.values(roles).flatMap((auth) =>
      inputs.map((input) => async () => {
        const res =
          type === 'query'
            ? await send(`/api/trpc/${path}?input=${input}`, { headers: auth })
            : await send(`/api/trpc/${path}`, {
                method: 'POST',
                body: decodeURIComponent(input),
                headers: { 'content-type': 'application/json', ...auth },
              });
        await res.arrayBuffer();
        return { status: res.status, label: `${path} ${input.slice(0, 40)}` };
      }),
    );
    const answers = await inPool(tasks);
    expect(answers).toHaveLength(Object.keys(roles).length * inputs.length);
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.label} → ${a.status}`)).toEqual([]);
  });
});
