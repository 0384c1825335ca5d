import { Hono, type Context as HonoContext } from 'hono';
import { serializedList } from '../services/read-cache';
import { readJson, type RestEnv } from './shim';

/**
 * A public list: from memory with a strong ETag (304 when the browser already holds it), gzipped once (even a
 * short one: it costs nothing after the first time) rather than per request. The browser may keep it but asks again each time (`private, no-cache`); no shared cache
 * keeps it, and it varies with the session because staff get private items too. A staff answer has no ETag
 * and is `no-store` like every API answer.
 */
function list(c: HonoContext<RestEnv>, value: unknown) {
  const cached = serializedList(value);
  if (!cached) return c.json(value);
  const gzip = /\bgzip\b(?!;\s*q=0(\.0*)?\s*(,|$))/i.test(c.req.header('accept-encoding') ?? '') ? cached.gzip() : null;
  const etag = gzip ? gzip.etag : cached.etag;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, Authorization, Accept-Encoding');
  // If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x".
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  if (gzip) return c.body(gzip.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  return c.body(cached.body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' });
}

/** The public paths of SPEC.md §7, each calling its tRPC procedure. */
export const publicRest = new Hono<RestEnv>()
  .get('/gallery', async (c) => list(c, await c.var.caller.gallery.list()))
  .get('/events', async (c) => list(c, await c.var.caller.events.list()))
  .get('/announcements', async (c) => list(c, await c.var.caller.announcements.list()))
  .get('/milestones', async (c) => list(c, await c.var.caller.milestones.list()))
  .get('/achievements', async (c) => list(c, await c.var.caller.achievements.list()))
  .get('/achievements/recent', async (c) => list(c, await c.var.caller.achievements.recent()))
  .post('/enrollment', async (c) => c.json(await c.var.caller.enrollment.submit((await readJson(c)) as never), 201));
