/**
 * A signed-in parent's own reads, their finished answers kept per session (ADR 010): a parent at pickup opens
 * the dashboard, switches tabs and comes back to it, and between two writes to the database every one of those
 * answers is the same. read-cache.ts already keeps the data; this keeps the whole answer, so a repeated read
 * skips the context, the tRPC caller, serialization and compression (kept-answers.ts does the keeping).
 *
 *  - only the parent portal's reads (PARENT_READ_PATHS, PARENT_READ_PROCEDURES): GETs that write nothing and
 *    whose answer depends only on the database, the day and who asks; PDFs are made afresh;
 *  - keyed by the credentials exactly as sent (Authorization and Cookie): an answer is only ever sent again to
 *    a request carrying the very token it was made for, which the full path checked. Another family's token,
 *    a wrong or ended one is another key, and takes the full path (401, 404);
 *  - kept only when the full path found a parent session that it did not have to refresh, and only until that
 *    session would be refreshed or end (Auth.unchangedUntil): those checks, and the cookie a refresh sends,
 *    still happen on the full path. A sign-out, a closed account, a password change and any new record are
 *    writes, and a write ends every kept answer;
 *  - answers stay `Cache-Control: no-store`: they are kept by the server only, never by a browser or proxy.
 */
import type { Clock } from '../clock';
import { requestAuth } from '../context';
import type { Db } from '../db';
import { hasBody, isReadAmong, type KeptAnswers, keptAnswers } from './kept-answers';

/** The REST paths of the parent portal's reads (rest/parent.ts, communications.ts, payments.ts). */
export const PARENT_READ_PATHS =
  /^\/api\/parent\/(?:me|children|communications|document-requests|payment-receipts|(?:development-notes|daily-activities|stats|milestones)\/[^/]+)$/;

/** The tRPC queries behind them, which the parent dashboard batches. */
export const PARENT_READ_PROCEDURES: ReadonlySet<string> = new Set([
  'parentAuth.me',
  'parentPortal.children',
  'parentPortal.dashboard',
  'parentPortal.activities',
  'parentPortal.notes',
  'parentPortal.stats',
  'parentPortal.milestones',
  'communications.parentMessages',
  'communications.parentDocumentRequests',
  'payments.parentReceipts',
]);

export function isParentRead(path: string): boolean {
  return isReadAmong(path, (p) => PARENT_READ_PATHS.test(p), PARENT_READ_PROCEDURES);
}

export function parentAnswers(deps: { db: Db; clock: Clock }): KeptAnswers {
  return keptAnswers(deps, {
    // A centre's families each opening a handful of tabs between two writes.
    maxEntries: 2000,
    keyOf: (r) => {
      const { authorization, cookie } = r.headers;
      if ((authorization === undefined && cookie === undefined) || hasBody(r) || !isParentRead(r.path)) return null;
      return `${authorization ?? ''}\n${cookie ?? ''}`;
    },
    keepUntil: (c) => {
      const auth = requestAuth(c);
      return auth?.kind === 'parent' && !auth.refreshed ? auth.unchangedUntil : null;
    },
  });
}
