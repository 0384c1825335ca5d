import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Hono, type Context as HonoContext } from 'hono';
import { callRead, PUBLIC_LISTS } from '../cache/registry';
import { accepts, encodingWeights } from '../cache/response-cache';
import { readJson, type RestEnv, urlInput } from './shim';

const tagOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 32);

/**
 * A public list with a strong ETag (304 when the browser already holds it), gzipped here so the gzipped form has
 * a strong tag of its own. The browser may keep it but asks again each time (`private, no-cache`); no shared
 * cache keeps it, and it varies with the session because staff get private items too, which are `no-store`
 * like every API answer. A visitor's answer is made once per write, then sent by the response cache (ADR 017).
 */
function list(c: HonoContext<RestEnv>, value: unknown) {
  if (c.var.ctx.auth?.kind === 'admin') return c.json(value);
  const plain = Buffer.from(JSON.stringify(value));
  const weights = encodingWeights(c.req.header('accept-encoding'));
  const gzip = weights !== null && accepts(weights, 'gzip');
  const body = gzip ? gzipSync(plain) : plain;
  const etag = gzip ? `"${tagOf(plain)}-gzip"` : `"${tagOf(plain)}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, Authorization, Accept-Encoding');
  // If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x".
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
  return c.body(
    new Uint8Array(body),
    200,
    gzip ? { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } : { 'Content-Type': 'application/json' },
  );
}

/** The public paths of docs/product.md §7: each public list of the registry at its REST path, calling its procedure. */
export const publicRest = new Hono<RestEnv>();
for (const read of PUBLIC_LISTS)
  publicRest.get(read.rest.slice('/api'.length), async (c) => list(c, await callRead(c.var.caller, read.procedure)));
/**
 * The public events as an iCalendar feed for a phone's calendar to subscribe to. Visitors' answers are kept by the
 * response cache (registry.ts) until an event changes, and browsers and calendar apps may keep them five minutes
 * (docs/product.md §9's time for events). A signed-in caller gets the very same feed, `no-store` like every API answer
 * to a session.
 */
publicRest.get('/events.ics', async (c) => {
  const lang = c.req.query('lang');
  const feed = await c.var.caller.events.calendar(urlInput(c.var.caller.events.calendar, lang === undefined ? {} : { lang }));
  if (!c.var.ctx.auth) c.header('Cache-Control', 'public, max-age=300');
  return c.body(feed, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="events.ics"',
    'X-Content-Type-Options': 'nosniff',
  });
});
publicRest.post('/enrollment', async (c) =>
  c.json(await c.var.caller.enrollment.submit(await readJson(c, c.var.caller.enrollment.submit)), 201),
);
