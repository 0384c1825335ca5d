import { Hono } from 'hono';
import type { Context as HonoContext } from 'hono';
import { readJson, type RestEnv, sendJson } from './shim';

/** `?limit=&cursor=` of the list paths; the next page's cursor comes back in the X-Next-Cursor header. */
function page(c: HonoContext<RestEnv>) {
  const limit = c.req.query('limit');
  return { childId: c.req.param('childId')!, limit: limit === undefined ? 50 : Number(limit), cursor: c.req.query('cursor') ?? null };
}

function withCursor<T>(c: HonoContext<RestEnv>, result: { items: T[]; nextCursor: string | null }) {
  if (result.nextCursor) c.header('X-Next-Cursor', result.nextCursor);
  return sendJson(c, result.items);
}

/**
 * The parent paths of SPEC.md §7: sign-in, the portal's data (bearer header or the session cookie) and the
 * password paths. Each calls its tRPC procedure, which checks the child belongs to the caller.
 */
export const parentRest = new Hono<RestEnv>()
  .post('/parent/login', async (c) => c.json(await c.var.caller.parentAuth.login((await readJson(c)) as never)))
  .post('/parent/logout', async (c) => c.json(await c.var.caller.parentAuth.logout()))
  .post('/parent/forgot-password', async (c) => c.json(await c.var.caller.parentAuth.forgotPassword((await readJson(c)) as never)))
  .post('/parent/reset-password', async (c) => c.json(await c.var.caller.parentAuth.resetPassword((await readJson(c)) as never)))
  .post('/parent/change-password', async (c) => c.json(await c.var.caller.parentAuth.changePassword((await readJson(c)) as never)))
  .get('/parent/me', async (c) => c.json(await c.var.caller.parentAuth.me()))
  .get('/parent/children', async (c) => sendJson(c, await c.var.caller.parentPortal.children()))
  .get('/parent/development-notes/:childId', async (c) => withCursor(c, await c.var.caller.parentPortal.notes(page(c))))
  .get('/parent/daily-activities/:childId', async (c) => withCursor(c, await c.var.caller.parentPortal.activities(page(c))))
  .get('/parent/stats/:childId', async (c) => sendJson(c, await c.var.caller.parentPortal.stats(c.req.param('childId'))))
  .get('/parent/milestones/:childId', async (c) => sendJson(c, await c.var.caller.parentPortal.milestones(c.req.param('childId'))));
