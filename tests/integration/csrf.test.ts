/**
 * Cross-site requests change nothing: every unsafe method (POST, PUT, PATCH, DELETE) on every REST path and
 * every tRPC mutation, with a staff cookie, a parent cookie or no cookie at all (login CSRF). The lists come
 * from the Hono app and the router (tests/helpers/routes.ts), so a path added later is checked too.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, pictures } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { httpRequest } from '../helpers/http-client';
import { listApiRoutes, listProcedures } from '../helpers/routes';
import { json, sampleApplication, sampleChild } from '../helpers/enrollment-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const PASSWORD = 'correct horse battery staple';

let s: TestServer;
let adminCookie: string;
let parentCookie: string;
const ids: Record<string, string> = {};

const event = { title: 'Pajama Day', description: 'Wear your pajamas', eventDate: '2026-12-04' };
const announcement = {
  title: 'Picture day',
  content: 'Photos on Tuesday',
  category: 'general',
  priority: 'normal',
  isPublic: true,
  expiresAt: '',
};

/** Everything a request could change: every table and the files on disk. */
function snapshot(): string {
  const tables = s.db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  const data = Object.fromEntries(tables.map(({ name }) => [name, s.db.$client.prepare(`SELECT * FROM "${name}"`).all()]));
  const files = (dir: string): string[] => {
    try {
      return readdirSync(dir, { recursive: true }).map(String).sort();
    } catch {
      return [];
    }
  };
  return JSON.stringify({ data, uploads: files(s.config.uploadsDir), private: files(s.config.privateDir) });
}

/** A body the path would accept from our own pages, so only the origin check can refuse it. */
function bodyFor(path: string): unknown {
  if (path === '/api/admin/login') return { email: 'dana@centre.example', password: PASSWORD };
  if (path === '/api/events') return event;
  if (path === '/api/announcements') return announcement;
  if (path === '/api/enrollment') return sampleApplication;
  if (path.startsWith('/api/admin/enrolled-children')) return { ...sampleChild, parentEmail: 'csrf.parent@example.com' };
  if (path.endsWith('/status')) return { status: 'approved' };
  return {};
}

function inputFor(procedure: string): unknown {
  const [domain, action] = procedure.split('.') as [string, string];
  if (procedure === 'adminAuth.login') return { email: 'dana@centre.example', password: PASSWORD };
  if (procedure === 'adminAuth.logout') return undefined;
  if (procedure === 'events.create') return event;
  if (procedure === 'announcements.create') return announcement;
  if (procedure === 'enrollment.submit') return sampleApplication;
  if (procedure === 'children.create') return { ...sampleChild, parentEmail: 'csrf.parent@example.com' };
  if (procedure === 'applications.updateStatus') return { id: ids.applications, status: 'approved' };
  if (procedure === 'children.update') return { id: ids.children, ...sampleChild };
  return ids[domain] ?? ids[action] ?? 'x';
}

/** A real id for each `:id`, so a refused request would have had something to change. */
function fillPath(path: string): string {
  const id = path.includes('enrollment-applications')
    ? ids.applications
    : path.includes('/events/')
      ? ids.events
      : path.includes('/announcements/')
        ? ids.announcements
        : path.includes('/pictures/')
          ? ids.pictures
          : ids.children;
  return path.replace(/:[^/]+/g, id!);
}

const CROSS_SITE: Record<string, Record<string, string>> = {
  'cross-site (Sec-Fetch-Site and a foreign Origin)': { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  'same-site (a sibling host)': { 'sec-fetch-site': 'same-site', origin: 'http://other.127.0.0.1.nip.example' },
  'a foreign Origin without Sec-Fetch-Site': { origin: 'https://evil.example' },
  'Origin: null': { origin: 'null' },
  'neither header': {},
};

function send(method: string, path: string, body: unknown, headers: Record<string, string>) {
  // Not s.request, which would add our own Origin; node:http rather than fetch, for the thousands of requests
  // below (tests/helpers/http-client.ts).
  return httpRequest(s.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  s = await startTestServer();
  s.db
    .insert(adminUsers)
    .values({ email: 'dana@centre.example', name: 'Dana', passwordHash: await hashPassword(PASSWORD) })
    .run();
  adminCookie = await s.adminCookie();
  parentCookie = `parent_session=${(await s.parentToken()).token}`;
  const as = { headers: { cookie: adminCookie } };
  ids.events = (await json<{ id: string }>(await s.request('/api/events', { method: 'POST', json: event, ...as }))).id;
  ids.announcements = (await json<{ id: string }>(await s.request('/api/announcements', { method: 'POST', json: announcement, ...as }))).id;
  ids.applications = (
    await json<{ application: { id: string } }>(await s.request('/api/enrollment', { method: 'POST', json: sampleApplication }))
  ).application.id;
  ids.children = (
    await json<{ id: string }>(await s.request('/api/admin/enrolled-children', { method: 'POST', json: sampleChild, ...as }))
  ).id;
  ids.pictures = s.db
    .insert(pictures)
    .values({ fileName: 'a.webp', originalName: 'a.jpg', fileSize: 3, mimeType: 'image/webp' })
    .returning()
    .get().id;
  for (const id of Object.values(ids)) expect(id).toBeTruthy();
});
afterAll(() => s.close());

const restPaths = [...new Set(listApiRoutes().map((r) => r.path))];
const mutations = listProcedures()
  .filter((p) => p.type === 'mutation')
  .map((p) => p.path);

describe.each([
  ['a staff cookie', () => adminCookie],
  ['a parent cookie', () => parentCookie],
  ['no cookie (login CSRF)', () => ''],
])('with %s', (_name, cookie) => {
  it.each(Object.entries(CROSS_SITE))('every unsafe method on every REST path, %s: 403 and nothing changes', async (_variant, headers) => {
    expect(restPaths.length).toBeGreaterThan(20);
    const before = snapshot();
    for (const path of restPaths) {
      for (const method of UNSAFE) {
        const res = await send(method, fillPath(path), bodyFor(path), { ...headers, ...(cookie() ? { cookie: cookie() } : {}) });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.headers.getSetCookie(), `${method} ${path}`).toEqual([]);
        expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
      }
    }
    expect(snapshot()).toBe(before);
  });

  it.each(Object.entries(CROSS_SITE))('every tRPC mutation (alone and batched), %s: 403 and nothing changes', async (_variant, headers) => {
    expect(mutations).toContain('adminAuth.login');
    const before = snapshot();
    const h = { ...headers, ...(cookie() ? { cookie: cookie() } : {}) };
    for (const path of mutations) {
      for (const method of UNSAFE) {
        const res = await send(method, `/api/trpc/${path}`, { json: inputFor(path) }, h);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    const batch = await send(
      'POST',
      `/api/trpc/${mutations.slice(0, 5).join(',')}?batch=1`,
      Object.fromEntries(mutations.slice(0, 5).map((p, i) => [i, { json: inputFor(p) }])),
      h,
    );
    expect(batch.status).toBe(403);
    expect(snapshot()).toBe(before);
  });
});

describe('the same requests from our own pages are not refused by the guard', () => {
  it('login with Sec-Fetch-Site: same-origin, or with our Origin, signs in', async () => {
    const body = { email: 'dana@centre.example', password: PASSWORD };
    expect((await send('POST', '/api/admin/login', body, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await send('POST', '/api/admin/login', body, { origin: s.url })).status).toBe(200);
    expect((await send('POST', '/api/trpc/adminAuth.login', { json: body }, { origin: s.url })).status).toBe(200);
  });

  it('Sec-Fetch-Site wins over Origin: our Origin with Sec-Fetch-Site: cross-site is refused', async () => {
    expect(
      (
        await send(
          'POST',
          '/api/admin/login',
          { email: 'dana@centre.example', password: PASSWORD },
          { origin: s.url, 'sec-fetch-site': 'cross-site' },
        )
      ).status,
    ).toBe(403);
  });

  it('a bearer-token request without any session cookie needs no Origin; with a session cookie it does', async () => {
    const { token } = await s.parentToken('bearer.parent@example.com');
    const bearer = await send('POST', '/api/admin/logout', undefined, { authorization: `Bearer ${token}` });
    expect(bearer.status).toBe(200);
    const withCookie = await send('POST', '/api/admin/logout', undefined, { authorization: `Bearer ${token}`, cookie: adminCookie });
    expect(withCookie.status).toBe(403);
  });
});

describe('415: bodies other sites can send without a preflight are never read', () => {
  const login = { email: 'dana@centre.example', password: PASSWORD };

  it.each([
    ['text/plain', JSON.stringify(login)],
    ['text/plain;charset=UTF-8', JSON.stringify(login)],
    ['application/x-www-form-urlencoded', 'email=dana%40centre.example&password=x'],
    ['', JSON.stringify(login)],
  ])('a %j body on the login (same origin) answers 415 and signs nobody in', async (type, body) => {
    const before = s.db.select().from(adminUsers).all();
    const headers: Record<string, string> = { origin: s.url };
    if (type) headers['content-type'] = type;
    const res = await fetch(`${s.url}/api/admin/login`, { method: 'POST', headers, body: type ? body : new Blob([body]) });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: 'Please send the request as JSON (Content-Type: application/json)' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(s.db.select().from(adminUsers).all()).toEqual(before);
  });

  it('refuses text/plain on tRPC and a multipart body outside the gallery upload', async () => {
    const trpc = await fetch(`${s.url}/api/trpc/adminAuth.login`, {
      method: 'POST',
      headers: { origin: s.url, 'content-type': 'text/plain' },
      body: JSON.stringify({ json: login }),
    });
    expect(trpc.status).toBe(415);
    const form = new FormData();
    form.append('title', 'x');
    const multipart = await s.request('/api/events', { method: 'POST', body: form, headers: { cookie: adminCookie } });
    expect(multipart.status).toBe(415);
    const put = await s.request(`/api/admin/enrolled-children/${ids.children}`, {
      method: 'PUT',
      body: form,
      headers: { cookie: adminCookie },
    });
    expect(put.status).toBe(415);
  });

  it('lets through: JSON with a charset, requests without a body, and raw PUTs to a signed upload URL', async () => {
    const res = await s.request('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify(login),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
    expect((await s.request('/api/admin/logout', { method: 'POST' })).status).toBe(200);
    const raw = await s.request('/api/objects/upload/some-token', {
      method: 'PUT',
      body: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(raw.status).not.toBe(415);
    // A multipart POST to another upload-looking path is still refused.
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    expect((await s.request('/api/objects/upload/some-token', { method: 'POST', body: form })).status).toBe(415);
  });
});
