/**
 * Finished HTTP answers kept in memory and sent again (ADR 010): status, headers and body exactly as the full
 * pipeline (security headers, compression, context, procedure) produced them. Two kinds use it:
 * public-answers.ts (the public lists, for visitors) and parent-answers.ts (a signed-in parent's own reads).
 *
 * Kept in two halves: `keep`, a Hono middleware, lets the full path answer a request and keeps the answer;
 * `send` answers a later request from the copy at the server's door (http-server.ts), before node's request
 * is made into a fetch Request and walked through Hono's middleware. That walk, not the answer, was most of
 * the cost of a kept answer: three times the bare route's (ADR 010, fourth addendum). Both halves read the
 * request the same way, from node's own IncomingMessage (`requestParts`), so what the door matches is exactly
 * what the full path was asked.
 *
 * An answer is sent again only while nothing it depends on can have changed:
 *  - the request is the same one: the key names everything in the request the answer depends on (path with
 *    query, Accept-Encoding, If-None-Match, Accept and trpc-accept, and for a signed-in answer the credentials),
 *    each as sent; a request that sends one of these headers twice takes the full path and is not kept;
 *  - the database's write counter is the one the answer was made under (read-cache.ts: any write, by any path
 *    or process, ends every entry), and the centre's calendar day too (some answers depend on it);
 *  - the clock is before the answer's own end (`until`): a signed-in answer ends when its session would have to
 *    be refreshed or would expire, so those checks still run on the full path;
 *  - only 200 and 304 answers that set no cookie are kept, none over MAX_BODY_BYTES.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { noteExternalWrites, writeVersion } from './read-cache';

/** Headers about how the bytes travel on this connection, not about the answer. */
const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** An answer larger than this is sent but not kept. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The request headers a key or a policy reads (a body's two, to send a request with one down the full path). */
const KEY_HEADERS = ['accept-encoding', 'if-none-match', 'accept', 'trpc-accept', 'authorization', 'cookie', 'content-length', 'transfer-encoding', 'host'] as const;
type KeyHeader = (typeof KEY_HEADERS)[number];
const IS_KEY_HEADER: ReadonlySet<string> = new Set(KEY_HEADERS);

/** What of a request a kept answer is matched on: read once from node's request by the door and the middleware alike. */
export interface RequestParts {
  /** The path and query exactly as sent. */
  url: string;
  /** The path without the query, as sent (not decoded: an encoded path is simply never kept). */
  path: string;
  headers: Partial<Record<KeyHeader, string>>;
}

/**
 * A Host header @hono/node-server takes as it is (its url.ts, `reValidHost`): any other (missing, as HTTP/1.0
 * allows; malformed; with a default port or capitals) is checked by it, and a bad one refused with a 400 before
 * the app runs. The door answers only a request whose Host the full path would certainly have accepted.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Null for a request the kept answers leave alone: not a GET, not a path, a key header sent twice, or a Host not plainly valid. */
export function requestParts(req: IncomingMessage): RequestParts | null {
  const url = req.url;
  if (req.method !== 'GET' || url === undefined || !url.startsWith('/')) return null;
  const headers: Partial<Record<KeyHeader, string>> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!IS_KEY_HEADER.has(name)) continue;
    // Sent twice, node and the fetch Request the app reads would join them differently: never matched.
    if (headers[name as KeyHeader] !== undefined) return null;
    headers[name as KeyHeader] = raw[i + 1]!;
  }
  if (headers.host === undefined || !PLAIN_HOST.test(headers.host)) return null;
  const query = url.indexOf('?');
  return { url, path: query === -1 ? url : url.slice(0, query), headers };
}

/** True when the request carries a body (a GET with one is never sent by a browser): it takes the full path. */
export function hasBody(r: RequestParts): boolean {
  return r.headers['content-length'] !== undefined || r.headers['transfer-encoding'] !== undefined;
}

interface Answer {
  /** Epoch milliseconds after which the answer is not sent again. */
  until: number;
  status: number;
  /** Name, value, name, value...: as node's writeHead takes them, with the body's length. */
  headers: string[];
  body: Uint8Array | null;
}

export interface KeptAnswersPolicy {
  /** Distinct requests kept at once; past it the store starts again (a flood of made-up queries only empties it). */
  maxEntries: number;
  /**
   * Null for a request that always takes the full path; otherwise what the policy adds to the key (the
   * credentials, for a signed-in answer). The request headers every answer depends on are added here.
   */
  keyOf(r: RequestParts): string | null;
  /**
   * After the full path ran: until when (epoch ms) the answer may be sent again, or null to keep nothing
   * (e.g. the caller was not who the policy serves).
   */
  keepUntil(c: HonoContext, r: RequestParts, now: number): number | null;
}

export interface KeptAnswers {
  /** Middleware: the full path answers, and the answer is kept for `send`. */
  keep: MiddlewareHandler;
  /** At the server's door: sends the kept answer to this request (its `requestParts`) and returns true, or returns false. */
  send(parts: RequestParts, res: ServerResponse): boolean;
}

/**
 * Everything in a request a kept answer depends on, besides the policy's part: the path with its query (the
 * tRPC input), Accept-Encoding (compressed or not), If-None-Match (a 304 or the body), and Accept and
 * trpc-accept, which make tRPC answer a batch as a stream of JSON lines instead of one JSON array (left out,
 * one visitor asking for the stream would have every other visitor sent it).
 */
function keyOf(own: string, r: RequestParts): string {
  const h = r.headers;
  return `${own}\n${r.url}\n${h['accept-encoding'] ?? ''}\n${h['if-none-match'] ?? ''}\n${h.accept ?? ''}\n${h['trpc-accept'] ?? ''}`;
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

export function keptAnswers(deps: { db: Db; clock: Clock }, policy: KeptAnswersPolicy): KeptAnswers {
  const answers = new Map<string, Answer>();
  // The write counter and day every kept answer was made under: when either moves, all of them are stale.
  let keptVersion = '';
  let keptDay = '';

  /** Empties the store if anything was written or the day changed; the version, day and time it is now valid for. */
  function current() {
    // What another process committed since the last request counts too (read-cache.ts).
    noteExternalWrites(deps.db);
    const version = writeVersion(deps.db);
    const now = deps.clock.now().getTime();
    const day = centreDateOf(new Date(now));
    if (version !== keptVersion || day !== keptDay) {
      answers.clear();
      keptVersion = version;
      keptDay = day;
    }
    return { version, day, now };
  }

  /** The request's key, or null when it is one the policy leaves to the full path. */
  function keyFor(r: RequestParts | null): string | null {
    if (r === null) return null;
    const own = policy.keyOf(r);
    return own === null ? null : keyOf(own, r);
  }

  return {
    keep: async (c, next) => {
      // node's request (serve() passes it); absent when the app is called directly (app.request), which keeps nothing.
      const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
      const parts = incoming ? requestParts(incoming) : null;
      const key = keyFor(parts);
      if (key === null || parts === null) return next();
      const { version, day, now } = current();

      await next();
      const res = c.res;
      if ((res.status !== 200 && res.status !== 304) || res.headers.has('set-cookie')) return;
      const until = policy.keepUntil(c, parts, now);
      if (until === null || until <= now) return;
      const body = res.body === null ? null : new Uint8Array(await res.arrayBuffer());
      const headers: Record<string, string> = {};
      // The body is sent whole from memory, with its length: the framing headers of the answer as it was made
      // (a compressed answer has no length yet; a tRPC stream says chunked) are not copied. Both at once is a
      // broken answer that clients refuse.
      for (const [name, value] of res.headers) if (!FRAMING_HEADERS.has(name)) headers[name] = value;
      // The body was read: the answer is sent from the copy.
      c.res = new Response(body as Uint8Array<ArrayBuffer> | null, { status: res.status, headers });
      if (body !== null && body.byteLength > MAX_BODY_BYTES) return;
      // Made under `version`: if anything was written while it was made (the procedure itself, or a request
      // running meanwhile), it is already stale and not kept.
      if (writeVersion(deps.db) !== version || keptVersion !== version || keptDay !== day) return;
      if (answers.size >= policy.maxEntries) answers.clear();
      const flat = Object.entries(headers).flat();
      if (body !== null) flat.push('content-length', String(body.byteLength));
      answers.set(key, { until, status: res.status, headers: flat, body });
    },

    send(parts, res) {
      const key = keyFor(parts);
      if (key === null) return false;
      const { now } = current();
      const kept = answers.get(key);
      if (!kept || now >= kept.until) return false;
      res.writeHead(kept.status, kept.headers);
      res.end(kept.body);
      return true;
    },
  };
}
