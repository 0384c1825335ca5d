/**
 * Finished HTTP answers kept in memory and sent again (ADR 010): status, headers and body exactly as the full
 * pipeline (security headers, compression, context, procedure) produced them. Two kinds use it:
 * public-answers.ts (the public lists, for visitors) and parent-answers.ts (a signed-in parent's own reads).
 *
 * An answer is sent again only while nothing it depends on can have changed:
 *  - the request is the same one: the key names everything in the request the answer depends on (path with
 *    query, Accept-Encoding, If-None-Match, Accept and trpc-accept, and for a signed-in answer the credentials);
 *  - the database's write counter is the one the answer was made under (read-cache.ts: any write, by any path
 *    or process, ends every entry), and the centre's calendar day too (some answers depend on it);
 *  - the clock is before the answer's own end (`until`): a signed-in answer ends when its session would have to
 *    be refreshed or would expire, so those checks still run on the full path;
 *  - only 200 and 304 answers that set no cookie are kept, none over MAX_BODY_BYTES.
 */
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { noteExternalWrites, writeVersion } from './read-cache';

/** Headers about how the bytes travel on this connection, not about the answer. */
const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** An answer larger than this is sent but not kept. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface Answer {
  /** Epoch milliseconds after which the answer is not sent again. */
  until: number;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

export interface KeptAnswersPolicy {
  /** Distinct requests kept at once; past it the store starts again (a flood of made-up queries only empties it). */
  maxEntries: number;
  /**
   * Null for a request that always takes the full path; otherwise what the policy adds to the key (the
   * credentials, for a signed-in answer). The request headers every answer depends on are added here.
   */
  keyOf(c: HonoContext): string | null;
  /**
   * After the full path ran: until when (epoch ms) the answer may be sent again, or null to keep nothing
   * (e.g. the caller was not who the policy serves).
   */
  keepUntil(c: HonoContext): number | null;
}

/** The request's path and query, without scheme and host. */
export function pathWithQuery(c: HonoContext): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/**
 * Everything in a request a kept answer depends on, besides the policy's part: the path with its query (the
 * tRPC input), Accept-Encoding (compressed or not), If-None-Match (a 304 or the body), and Accept and
 * trpc-accept, which make tRPC answer a batch as a stream of JSON lines instead of one JSON array (left out,
 * one visitor asking for the stream would have every other visitor sent it).
 */
function requestKey(c: HonoContext): string {
  const h = (name: string) => c.req.header(name) ?? '';
  return `${pathWithQuery(c)}\n${h('accept-encoding')}\n${h('if-none-match')}\n${h('accept')}\n${h('trpc-accept')}`;
}

const TRPC_PREFIX = '/api/trpc/';

/** Whether `path` is one of the REST paths `isRestPath` accepts, or a tRPC call made only of `procedures`. */
export function isReadAmong(path: string, isRestPath: (path: string) => boolean, procedures: ReadonlySet<string>): boolean {
  if (isRestPath(path)) return true;
  if (!path.startsWith(TRPC_PREFIX)) return false;
  return path
    .slice(TRPC_PREFIX.length)
    .split(',')
    .every((name) => procedures.has(name));
}

/** True when the request carries a body (a GET with one is never sent by a browser): it takes the full path. */
export function hasBody(c: HonoContext): boolean {
  return c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined;
}

export function keptAnswers(deps: { db: Db; clock: Clock }, policy: KeptAnswersPolicy): MiddlewareHandler {
  const answers = new Map<string, Answer>();
  // The write counter and day every kept answer was made under: when either moves, all of them are stale.
  let keptVersion = '';
  let keptDay = '';
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const own = policy.keyOf(c);
    if (own === null) return next();
    const key = `${own}\n${requestKey(c)}`;
    // What another process committed since the last request counts too (read-cache.ts).
    noteExternalWrites(deps.db);
    const version = writeVersion(deps.db);
    const now = deps.clock.now();
    const day = centreDateOf(now);
    if (version !== keptVersion || day !== keptDay) {
      answers.clear();
      keptVersion = version;
      keptDay = day;
    }
    const kept = answers.get(key);
    if (kept && now.getTime() < kept.until) {
      return new Response(kept.body as Uint8Array<ArrayBuffer> | null, { status: kept.status, headers: kept.headers });
    }

    await next();
    const res = c.res;
    if ((res.status !== 200 && res.status !== 304) || res.headers.has('set-cookie')) return;
    const until = policy.keepUntil(c);
    if (until === null || until <= now.getTime()) return;
    const body = res.body === null ? null : new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    // The body is sent whole from memory: node writes its length, so the framing headers of the answer as it
    // was made (a compressed answer has no length yet; a tRPC stream says chunked) are not copied. Both at once
    // is a broken answer that clients refuse.
    for (const [name, value] of res.headers) if (!FRAMING_HEADERS.has(name)) headers[name] = value;
    // The body was read: the answer is sent from the copy.
    c.res = new Response(body as Uint8Array<ArrayBuffer> | null, { status: res.status, headers });
    if (body !== null && body.byteLength > MAX_BODY_BYTES) return;
    // Made under `version`: if anything was written while it was made (the procedure itself, or a request
    // running meanwhile), it is already stale and not kept.
    if (writeVersion(deps.db) !== version || keptVersion !== version || keptDay !== day) return;
    if (answers.size >= policy.maxEntries) answers.clear();
    answers.set(key, { until, status: res.status, headers, body });
  };
}
