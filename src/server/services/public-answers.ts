/**
 * The public lists' whole HTTP answers, kept in memory (ADR 010). Every visitor's browser asks for the same
 * events, announcements, gallery and milestones; read-cache.ts already keeps the data and its JSON, but each
 * answer still went through every middleware (security headers, compression, the context, the tRPC caller).
 * This keeps the finished answer — status, headers, body, exactly as the full pipeline produced it — and
 * sends it again to the next visitor who asks the same thing, as long as nothing can have changed it:
 *
 *  - only for a request that carries no credentials at all (no Cookie, no Authorization header): staff see
 *    private items, and a parent's session is refreshed on use, so a signed-in request always takes the full
 *    path; a GET with a body (never sent by a browser) does too;
 *  - only for the public list paths and for tRPC GETs whose every procedure is a public list;
 *  - keyed by everything else in the request the answer depends on: the path with its query (the tRPC
 *    input), Accept-Encoding (gzip or not) and If-None-Match (a 304 or the list);
 *  - valid while the database's write counter and the centre's calendar day are those the answer was made
 *    under, the same rule as the data it holds (read-cache.ts): any write, by any path or process, and
 *    midnight in Columbus end every entry;
 *  - only answers that are 200 or 304 and set no cookie are kept.
 */
import type { MiddlewareHandler } from 'hono';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { noteExternalWrites, writeVersion } from './read-cache';

/** The REST paths of the public lists (rest/public.ts). */
export const PUBLIC_LIST_PATHS: ReadonlySet<string> = new Set([
  '/api/events',
  '/api/announcements',
  '/api/gallery',
  '/api/milestones',
  '/api/achievements',
  '/api/achievements/recent',
]);

/** The tRPC procedures whose anonymous answer is a public list (read-cache.ts publicList). */
export const PUBLIC_LIST_PROCEDURES: ReadonlySet<string> = new Set([
  'events.list',
  'announcements.list',
  'gallery.list',
  'milestones.list',
  'achievements.list',
  'achievements.recent',
]);

const TRPC_PREFIX = '/api/trpc/';
/** Distinct requests kept at once: far more than the public pages ask for; a flood of made-up queries only empties it. */
const MAX_ENTRIES = 200;
/** An answer larger than this is sent but not kept. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface Answer {
  version: string;
  day: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

export function isPublicListRead(path: string): boolean {
  if (PUBLIC_LIST_PATHS.has(path)) return true;
  if (!path.startsWith(TRPC_PREFIX)) return false;
  const names = path.slice(TRPC_PREFIX.length).split(',');
  return names.every((name) => PUBLIC_LIST_PROCEDURES.has(name));
}

export function publicAnswers(deps: { db: Db; clock: Clock }): MiddlewareHandler {
  const answers = new Map<string, Answer>();
  return async (c, next) => {
    const req = c.req;
    if (
      req.method !== 'GET' ||
      !isPublicListRead(req.path) ||
      req.header('cookie') !== undefined ||
      req.header('authorization') !== undefined ||
      req.header('content-length') !== undefined ||
      req.header('transfer-encoding') !== undefined
    ) {
      return next();
    }
    const url = req.url;
    const key = `${url.slice(url.indexOf('/', url.indexOf('//') + 2))}\n${req.header('accept-encoding') ?? ''}\n${req.header('if-none-match') ?? ''}`;
    // What another process committed since the last request counts too (read-cache.ts).
    noteExternalWrites(deps.db);
    const version = writeVersion(deps.db);
    const day = centreDateOf(deps.clock.now());
    const kept = answers.get(key);
    if (kept && kept.version === version && kept.day === day) {
      return new Response(kept.body as Uint8Array<ArrayBuffer> | null, { status: kept.status, headers: kept.headers });
    }

    await next();
    const res = c.res;
    if ((res.status !== 200 && res.status !== 304) || res.headers.has('set-cookie')) return;
    const body = res.body === null ? null : new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    // The length is the body's own (a compressed answer has none yet); node writes it.
    for (const [name, value] of res.headers) if (name !== 'content-length') headers[name] = value;
    // The body was read: the answer is sent from the copy.
    c.res = new Response(body as Uint8Array<ArrayBuffer> | null, { status: res.status, headers });
    if (body !== null && body.byteLength > MAX_BODY_BYTES) return;
    if (answers.size >= MAX_ENTRIES) answers.clear();
    // Made under `version`: if anything was written meanwhile, the entry is already stale and never used.
    answers.set(key, { version, day, status: res.status, headers, body });
  };
}
