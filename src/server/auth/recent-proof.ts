/**
 * "Sudo mode" for a staff member's second factor (ADR 102, OWASP ASVS 5.0 level 2: a sensitive account change asks
 * for the person again). Adding or removing a factor, a new set of recovery codes, and a director's reset of someone
 * else's factor go ahead only when this session was opened, or its person typed their password again
 * (POST /api/admin/reauth), within the last ten minutes. The time lives on the session's row on the server
 * (`admin_sessions.reauthenticated_at`), never in the browser, and is read on the database the write runs on, so it
 * is checked inside the write's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { adminSessions } from '~/db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { bookkeeping } from '../cache/store';
import { refuse } from '../refusal';
import type { AdminAuth } from './guards';

/** How long a sign-in, or the password typed again, lets this session change its second factor. */
export const RECENT_PROOF_MS = 10 * 60 * 1000;
export const REAUTH_REQUIRED = 'error.reauthRequired';

/** Refuses with 403 and REAUTH_REQUIRED unless `auth`'s session proved its person within RECENT_PROOF_MS. */
export function assertRecentProof(ctx: { db: Db; clock: Clock; auth: AdminAuth }): void {
  const row = ctx.db
    .select({ createdAt: adminSessions.createdAt, reauthenticatedAt: adminSessions.reauthenticatedAt })
    .from(adminSessions)
    .where(and(eq(adminSessions.id, ctx.auth.sessionId), eq(adminSessions.adminId, ctx.auth.admin.id)))
    .get();
  const proved = row ? Math.max(row.createdAt.getTime(), row.reauthenticatedAt?.getTime() ?? 0) : 0;
  if (ctx.clock.now().getTime() - proved >= RECENT_PROOF_MS) throw refuse('FORBIDDEN', REAUTH_REQUIRED);
}

/**
 * Stamps the session as proved now. Bookkeeping (cache/store.ts, ADR 065): no cached answer reads the column, so
 * no cache is emptied for it.
 */
export function stampRecentProof(db: Db, clock: Clock, auth: AdminAuth): void {
  bookkeeping(db, () =>
    db
      .update(adminSessions)
      .set({ reauthenticatedAt: clock.now() })
      .where(and(eq(adminSessions.id, auth.sessionId), eq(adminSessions.adminId, auth.admin.id)))
      .run(),
  );
}
