/**
 * Every admin procedure and every admin REST path answers 401 without a session and 403 to the other role.
 * The lists are generated from the router and from the Hono app, so a path added later is checked without
 * anyone remembering to add it here. Which ones are public, and which both parents and staff use, is read from
 * tests/authorization-matrix.ts, the one record of who may call what.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pictures } from '../../db/schema';
import { appRouter } from '../../src/server/routers/_app';
import { directorProcedure, parentProcedure, signedInProcedure, staffProcedure } from '../../src/server/trpc';
import { type Expected, PROCEDURES, ROUTES } from '../authorization-matrix';
import { listApiRoutes } from '../helpers/routes';
import { startTestServer, type TestServer } from '../helpers/server';

/** Public: the matrix lets an anonymous caller past the guard. */
const isPublic = (entry: { expect: Expected }) => entry.expect.anonymous !== 401;
/** Signed in as either kind: a parent and staff both get past the guard (each is answered only what it may see). */
const isShared = (entry: { expect: Expected }) => !isPublic(entry) && entry.expect.parentA !== 403 && entry.expect.admin !== 403;
const keysWhere = <E>(record: Record<string, E>, keep: (entry: E) => boolean) =>
  new Set(Object.entries(record).flatMap(([key, entry]) => (keep(entry) ? [key] : [])));

/** Procedures anyone may call. Everything else must refuse an anonymous caller. */
const PUBLIC_PROCEDURES = keysWhere(PROCEDURES, isPublic);
/**
 * Paths (method and path as Hono registers them) that the guard checks here leave alone: the public ones, and a
 * signed link, whose signature is checked before the session (the matrix and family-archive.test.ts cover it).
 */
const PUBLIC_ROUTES = keysWhere(ROUTES, (entry) => isPublic(entry) || entry.signedLink === true);
/** Paths both staff and parents use; anonymous callers get 401. */
const SIGNED_IN_ROUTES = keysWhere(ROUTES, isShared);

type Role = 'admin' | 'parent' | 'either';

type Guarded = { _def: { middlewares: unknown[]; type: string } };
// Staff procedures are built on one of the two role builders (ADR 039).
const adminGuards = [staffProcedure, directorProcedure].map((p) => (p as unknown as Guarded)._def.middlewares[0]);
const directorGuard = adminGuards[1];
const parentGuard = (parentProcedure as unknown as Guarded)._def.middlewares[0];
const signedInGuard = (signedInProcedure as unknown as Guarded)._def.middlewares[0];

/** Parent procedures are the ones built on parentProcedure (or named parent…); every other guarded one is staff-only. */
function procedureRole(path: string, proc: Guarded): Role {
  if (proc._def.middlewares.includes(signedInGuard)) return 'either';
  if (proc._def.middlewares.includes(parentGuard) || /^parent/i.test(path)) return 'parent';
  return 'admin';
}

function routeRole(method: string, path: string): Role {
  if (SIGNED_IN_ROUTES.has(`${method} ${path}`)) return 'either';
  return path.startsWith('/api/parent/') ? 'parent' : 'admin';
}

/** The role the matrix gives an entry that is not public. */
function matrixRole(entry: { expect: Expected }): Role {
  if (isShared(entry)) return 'either';
  return entry.expect.admin === 403 ? 'parent' : 'admin';
}

const normalise = (path: string) => path.replace(/:[^/]+/g, ':param');

function guardedProcedures() {
  // The type says nested routers; at run time tRPC v11 keeps a flat record keyed by dotted path.
  const all = appRouter._def.procedures as unknown as Record<string, Guarded>;
  return Object.entries(all)
    .filter(([path]) => !PUBLIC_PROCEDURES.has(path))
    .map(([path, proc]) => ({
      path,
      type: proc._def.type,
      role: procedureRole(path, proc),
      directorOnly: proc._def.middlewares.includes(directorGuard),
    }));
}

async function callByPath(caller: unknown, path: string): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input?: unknown,
  ) => Promise<unknown>;
  return fn(undefined);
}

async function trpcCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (e) {
    return e instanceof TRPCError ? e.code : `non-tRPC error: ${String(e)}`;
  }
}

let s: TestServer;
let adminCookie: string;
let parentBearer: string;
beforeAll(async () => {
  s = await startTestServer();
  adminCookie = await s.adminCookie();
  parentBearer = `Bearer ${(await s.parentToken()).token}`;
});
afterAll(() => s.close());

describe('tRPC procedures, generated from appRouter', () => {
  const list = guardedProcedures();

  it('finds the admin procedures (the generator is not vacuous)', () => {
    const paths = list.map((p) => p.path);
    for (const known of [
      'events.create',
      'events.update',
      'events.delete',
      'announcements.create',
      'announcements.update',
      'announcements.delete',
      'adminAuth.me',
      'pictures.list',
      'pictures.delete',
      'overview.counts',
      'development.createActivity',
      'achievements.record',
    ]) {
      expect(paths).toContain(known);
    }
    // Every procedure the matrix calls public still exists, so it cannot silently cover a renamed procedure.
    for (const path of PUBLIC_PROCEDURES) expect(Object.keys(appRouter._def.procedures)).toContain(path);
    // A procedure built on a staff builder is never mistaken for public.
    for (const [path, proc] of Object.entries(appRouter._def.procedures as unknown as Record<string, Guarded>)) {
      if (adminGuards.some((g) => proc._def.middlewares.includes(g))) expect(PUBLIC_PROCEDURES.has(path), path).toBe(false);
    }
  });

  it('each guarded procedure has the role in the matrix that its builder gives it', () => {
    const disagreeing = list
      .filter((p) => !PROCEDURES[p.path] || matrixRole(PROCEDURES[p.path]!) !== p.role)
      .map((p) => `${p.path}: built for ${p.role}, matrix ${PROCEDURES[p.path] ? matrixRole(PROCEDURES[p.path]!) : 'has no entry'}`);
    expect(disagreeing).toEqual([]);
  });

  it.each(list.map((p) => [p.path, p.role] as const))(
    '%s (%s only): anonymous → UNAUTHORIZED, other role → FORBIDDEN',
    async (path, role) => {
      expect(await trpcCode(callByPath(s.caller(), path))).toBe('UNAUTHORIZED');
      if (role === 'either') {
        for (const r of ['admin', 'parent'] as const)
          expect(['UNAUTHORIZED', 'FORBIDDEN']).not.toContain(await trpcCode(callByPath(s.caller(r), path)));
        return;
      }
      expect(await trpcCode(callByPath(s.caller(role === 'admin' ? 'parent' : 'admin'), path))).toBe('FORBIDDEN');
    },
  );

  const directorOnly = list.filter((p) => p.directorOnly).map((p) => p.path);
  it('finds the director-only procedures', () => {
    for (const known of ['staff.invite', 'payments.list', 'archives.sendLink']) expect(directorOnly).toContain(known);
  });

  it.each(directorOnly)('%s (directors only): a teacher → FORBIDDEN', async (path) => {
    expect(await trpcCode(callByPath(s.caller('teacher'), path))).toBe('FORBIDDEN');
  });

  it.each(list.map((p) => [p.path, p.type, p.role] as const))(
    '%s over HTTP (%s, %s only): 401 anonymous, 403 to the other role',
    async (path, type, role) => {
      const call = (headers: Record<string, string>) =>
        type === 'query'
          ? s.request(`/api/trpc/${path}`, { headers })
          : s.request(`/api/trpc/${path}`, { method: 'POST', json: { json: null }, headers });
      expect((await call({})).status).toBe(401);
      if (role === 'either') {
        for (const headers of [{ authorization: parentBearer }, { cookie: adminCookie }] as Record<string, string>[])
          expect([401, 403]).not.toContain((await call(headers)).status);
        return;
      }
      const other: Record<string, string> = role === 'admin' ? { authorization: parentBearer } : { cookie: adminCookie };
      expect((await call(other)).status).toBe(403);
    },
  );
});

describe('REST paths, generated from the Hono app', () => {
  const routes = listApiRoutes();
  const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));

  it('finds the admin paths of docs/product.md §7 (the generator is not vacuous)', () => {
    const keys = guarded.map((r) => `${r.method} ${normalise(r.path)}`);
    for (const known of [
      'GET /api/parent/children',
      'GET /api/parent/stats/:param',
      'GET /api/parent/daily-activities/:param',
      'GET /api/parent/development-notes/:param',
      'POST /api/admin/send-activity-report/:param',
      'POST /api/events',
      'PUT /api/events/:param',
      'DELETE /api/events/:param',
      'POST /api/announcements',
      'PUT /api/announcements/:param',
      'DELETE /api/announcements/:param',
      'GET /api/admin/pictures',
      'POST /api/admin/pictures',
      'DELETE /api/admin/pictures/:param',
      'GET /api/admin/me',
    ]) {
      expect(keys).toContain(known);
    }
  });

  it('each guarded path has the role in the matrix that its place under /api gives it', () => {
    const disagreeing = guarded
      .map((r) => ({ key: `${r.method} ${r.path}`, role: routeRole(r.method, r.path) }))
      .filter(({ key, role }) => !ROUTES[key] || matrixRole(ROUTES[key]) !== role)
      .map(({ key, role }) => `${key}: ${role}, matrix ${ROUTES[key] ? matrixRole(ROUTES[key]) : 'has no entry'}`);
    expect(disagreeing).toEqual([]);
  });

  it.each(guarded.map((r) => [r.method, r.path, routeRole(r.method, r.path)] as const))(
    '%s %s (%s only): 401 anonymous, 403 to the other role',
    async (method, path, role) => {
      const url = path.replace(/:[^/]+/g, 'no-such-id');
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(method);
      const send = (headers: Record<string, string>) => s.request(url, { method, headers, ...(hasBody ? { json: {} } : {}) });

      const anonymous = await send({});
      expect(anonymous.status).toBe(401);
      if (role === 'either') {
        for (const headers of [{ authorization: parentBearer }, { cookie: adminCookie }] as Record<string, string>[])
          expect([401, 403]).not.toContain((await send(headers)).status);
        return;
      }
      const other = await send(role === 'admin' ? { authorization: parentBearer } : { cookie: adminCookie });
      expect(other.status).toBe(403);
    },
  );

  it('a parent cookie (not only a bearer token) is refused on admin paths too', async () => {
    const { token } = await s.parentToken('other.parent@example.com');
    const res = await s.request('/api/admin/pictures', { headers: { cookie: `parent_session=${token}` } });
    expect(res.status).toBe(403);
  });
});

describe('CSRF: cookie-authenticated writes only from our own pages', () => {
  const event = { title: 'Pajama Day', description: 'Wear your pajamas', eventDate: '2026-12-04' };

  it('refuses a cross-site POST /api/events (foreign Origin, no Sec-Fetch-Site) and creates nothing', async () => {
    const before = s.count(events);
    const res = await s.request('/api/events', {
      method: 'POST',
      json: event,
      headers: { cookie: adminCookie, origin: 'http://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(s.count(events)).toBe(before);
  });

  it('refuses Sec-Fetch-Site: cross-site and a write with neither header', async () => {
    const before = s.count(events);
    const cross = await s.request('/api/events', {
      method: 'POST',
      json: event,
      headers: { cookie: adminCookie, 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
    });
    expect(cross.status).toBe(403);
    const bare = await fetch(`${s.url}/api/events`, {
      method: 'POST',
      body: JSON.stringify(event),
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
    });
    expect(bare.status).toBe(403);
    expect(s.count(events)).toBe(before);
  });

  it('refuses the same write through the tRPC endpoint and a cross-site upload', async () => {
    const before = s.count(events);
    const trpc = await s.request('/api/trpc/events.create', {
      method: 'POST',
      json: { json: event },
      headers: { cookie: adminCookie, origin: 'http://evil.example' },
    });
    expect(trpc.status).toBe(403);
    expect(s.count(events)).toBe(before);

    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'x.jpg');
    const upload = await s.request('/api/admin/pictures', {
      method: 'POST',
      body: form,
      headers: { cookie: adminCookie, origin: 'http://evil.example' },
    });
    expect(upload.status).toBe(403);
    expect(s.count(pictures)).toBe(0);
  });

  it('accepts Sec-Fetch-Site: same-origin', async () => {
    const before = s.count(events);
    const res = await s.request('/api/events', {
      method: 'POST',
      json: event,
      headers: { cookie: adminCookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(201);
    expect(s.count(events)).toBe(before + 1);
  });

  it('accepts Origin equal to PUBLIC_URL', async () => {
    const before = s.count(events);
    const res = await s.request('/api/events', {
      method: 'POST',
      json: event,
      headers: { cookie: adminCookie, origin: s.config.publicUrl },
    });
    expect(res.status).toBe(201);
    expect(s.count(events)).toBe(before + 1);
  });
});
