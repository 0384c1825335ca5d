/**
 * The public lists' whole HTTP answers, kept in memory (ADR 010). Every visitor's browser asks for the same
 * events, announcements, gallery and milestones; read-cache.ts already keeps the data and its JSON, but each
 * answer still went through every middleware (security headers, compression, the context, the tRPC caller).
 * This keeps the finished answer — status, headers, body, exactly as the full pipeline produced it — and
 * sends it again to the next visitor who asks the same thing, as long as nothing can have changed it:
 *
 *  - only for a request that carries no credentials at all (no Cookie, no Authorization header): staff see
 *    private items, so a signed-in request takes the full path (a parent's own reads are kept by
 *    parent-answers.ts, per session); a GET with a body (never sent by a browser) does too;
 *  - only for the public list paths, for tRPC GETs whose every procedure is a public list, and for the pages
 *    the server draws for any visitor (pages/render.ts: the public pages and the parent sign-in);
 *  - keyed by everything else in the request the answer depends on: the path with its query (the tRPC
 *    input), Accept-Encoding (gzip or not), If-None-Match (a 304 or the list), Accept and trpc-accept (a
 *    tRPC batch as one JSON array or as a stream of lines);
 *  - valid while the database's write counter and the centre's calendar day are those the answer was made
 *    under, the same rule as the data it holds (read-cache.ts): any write, by any path or process, and
 *    midnight in Columbus end every entry; a page, also only until the end of the minute it was drawn in,
 *    as the renderer draws it again each minute for what it computes from the time;
 *  - only answers that are 200 or 304 and set no cookie are kept.
 * The keeping and sending is kept-answers.ts's.
 */
import { PUBLIC_PAGES } from '../../shared/public-pages';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { hasBody, isReadAmong, type KeptAnswers, keptAnswers } from './kept-answers';

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

export function isPublicListRead(path: string): boolean {
  return isReadAmong(path, (p) => PUBLIC_LIST_PATHS.has(p), PUBLIC_LIST_PROCEDURES);
}

/** The pages drawn the same for every visitor (pages/render.ts); the parent dashboard is drawn per parent. */
export const VISITOR_PAGE_PATHS: ReadonlySet<string> = new Set([...PUBLIC_PAGES.map((p) => p.path), '/parent-login']);

const MINUTE = 60_000;

export function publicAnswers(deps: { db: Db; clock: Clock }): KeptAnswers {
  return keptAnswers(deps, {
    // Far more than the public pages ask for.
    maxEntries: 200,
    // Anonymous: the policy adds nothing to the key (kept-answers.ts adds the request's own parts).
    keyOf: (r) =>
      (isPublicListRead(r.path) || VISITOR_PAGE_PATHS.has(r.path)) && r.headers.cookie === undefined && r.headers.authorization === undefined && !hasBody(r) ? '' : null,
    // Nothing but a write or the next day changes a list; a page is drawn again each minute.
    keepUntil: (_c, r, now) => (isPublicListRead(r.path) ? Number.POSITIVE_INFINITY : (Math.floor(now / MINUTE) + 1) * MINUTE),
  });
}
