/**
 * Staff sign-in, sign-out and the signed-in staff member: the queries and writes behind routers/admin-auth.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { Context, StaffContext } from '../context';
import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import { type loginSchema, type reauthSchema } from '../../shared/schemas/auth';
import { recordAudit } from '../audit/record';
import type { Db } from '../db';
import { ADMIN_COOKIE, clearedCookie, sessionCookie } from '../auth/cookies';
import { failedStaffSignIn } from '../auth/failed-sign-ins';
import { beginLogin } from '../auth/login-throttle';
import { endOtherKindOfSession } from '../auth/one-account';
import { createAdminSession, deleteSession } from '../auth/session';
import { stampRecentProof } from '../auth/recent-proof';
import { fieldError, refuse } from '../refusal';
import { consumeForAccount } from '../services/rate-limit';
import { policyRequired, signInMethods, startSecondStep } from './second-factor';

export const INVALID_LOGIN = 'error.invalidLogin';
/** Who the audit log names for a failed staff sign-in: the attempt was not made by anyone signed in. */
export const NOT_SIGNED_IN = 'Not signed in';

/** The admin object of docs/product.md §3: what the client keeps under `admin` in local storage. Never a hash. */
export interface AdminRecord {
  id: string;
  email: string;
  name: string;
  role: 'director' | 'teacher';
  lastLoginAt: Date | null;
  previousLoginAt: Date | null;
}

function adminRecord(db: Db, id: string): AdminRecord | undefined {
  return db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
      role: adminUsers.role,
      lastLoginAt: adminUsers.lastLoginAt,
      previousLoginAt: adminUsers.previousLoginAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .get();
}

export async function staffLogin(ctx: Context, input: z.output<typeof loginSchema>) {
  // Counted as a failure before the password is checked, so attempts sent together (in parallel, or many
  // in one batch) are counted like attempts sent one after another.
  const attempt = await beginLogin(ctx, 'admin', input.email);

  const row = ctx.db
    .select({
      id: adminUsers.id,
      name: adminUsers.name,
      passwordHash: adminUsers.passwordHash,
      isActive: adminUsers.isActive,
    })
    .from(adminUsers)
    .where(eq(adminUsers.email, input.email))
    .get();
  // The same work and the same answer whether the e-mail is unknown, the account closed or not yet set up
  // (an invitation not used: no password), or the password wrong.
  const usable = row && row.isActive && row.passwordHash ? row : null;
  const ok = await attempt.check(usable?.passwordHash ?? null, input.password);
  if (!usable || !ok) {
    // A real account's failures are audit rows, a few an hour each; an e-mail with no account is only counted
    // (auth/failed-sign-ins.ts, ADR 065): strangers cannot grow the log or empty the response cache.
    const listing = failedStaffSignIn(ctx.limits.failedSignIns, row?.id ?? null, ctx.clock.now());
    if (listing && row)
      recordAudit(ctx.db, ctx, {
        action: 'sign-in-failed',
        entity: 'session',
        // The account tried is the record; whoever typed the password is not known, and it is not its owner.
        entityId: row.id,
        actor: { id: null, name: NOT_SIGNED_IN },
        fields: { email: input.email, ...listing },
      });
    throw refuse('UNAUTHORIZED', INVALID_LOGIN);
  }
  // A second factor follows (ADR 102): no session yet, only this browser's pending state.
  const methods = signInMethods(ctx.db, usable.id);
  if (methods.length > 0) {
    attempt.succeeded({ secondStep: true });
    return startSecondStep(ctx, usable.id, methods);
  }
  attempt.succeeded();
  const opened = openStaffSession(ctx, usable.id, 'password');
  // The director's rule, and no factor yet: a session that reaches only the setup page.
  return policyRequired(ctx.db) ? { ...opened, mfaSetupRequired: true as const } : opened;
}

/**
 * Opens a staff session for `adminId`, whose sign-in is complete (a password, with its second factor when it has
 * one, or a passkey): the sign-in times, the audit row, the cookie.
 */
export function openStaffSession(ctx: Context, adminId: string, kind: 'password' | 'totp' | 'recovery-code' | 'passkey') {
  const now = ctx.clock.now();
  const { token, expiresAt } = ctx.db.transaction(() => {
    const account = ctx.db
      .select({ name: adminUsers.name, lastLoginAt: adminUsers.lastLoginAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, adminId))
      .get()!;
    ctx.db.update(adminUsers).set({ previousLoginAt: account.lastLoginAt, lastLoginAt: now }).where(eq(adminUsers.id, adminId)).run();
    recordAudit(ctx.db, ctx, {
      action: 'sign-in',
      entity: 'session',
      entityId: adminId,
      actor: { id: adminId, name: account.name },
      ...(kind === 'password' ? {} : { fields: { kind } }),
    });
    return createAdminSession(ctx.db, ctx.clock, adminId);
  });
  ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config, ADMIN_COOKIE, token, expiresAt));
  // One account per browser (ADR 062): a parent session this request carries ends now, its cookie cleared.
  endOtherKindOfSession(ctx, 'admin');
  return { success: true as const, message: 'Login successful', admin: adminRecord(ctx.db, adminId)! };
}

/**
 * The password typed again by a signed-in staff member (POST /api/admin/reauth): before a second-factor change, a
 * session older than ten minutes proves its person again (auth/recent-proof.ts, ADR 102). It is a sign-in attempt
 * like any other: it counts in the per-account and per-address throttles (a wrong password is a failure, and a
 * refusal says no more than a sign-in's would), and it has a rate of its own per account. A right one stamps this
 * session, and only this one.
 */
/**
 * The signed-in staff member's own e-mail and password hash, and a sign-in attempt for them: a password typed again
 * (a re-authentication, a password change) waits and counts as a sign-in would (auth/login-throttle.ts).
 */
export async function ownPasswordAttempt(ctx: Context & { admin: { id: string } }) {
  const row = ctx.db
    .select({ email: adminUsers.email, passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.id, ctx.admin.id))
    .get();
  if (!row) throw refuse('UNAUTHORIZED', 'error.signInStaff');
  return { row, attempt: await beginLogin(ctx, 'admin', row.email) };
}

export async function staffReauth(ctx: StaffContext, input: z.output<typeof reauthSchema>) {
  consumeForAccount(ctx, ctx.limits.reauth);
  const { row, attempt } = await ownPasswordAttempt(ctx);
  const ok = await attempt.check(row.passwordHash, input.password);
  if (!ok) {
    const listing = failedStaffSignIn(ctx.limits.failedSignIns, ctx.admin.id, ctx.clock.now());
    if (listing)
      recordAudit(ctx.db, ctx, {
        action: 'sign-in-failed',
        entity: 'session',
        entityId: ctx.admin.id,
        fields: { email: row.email, kind: 'reauth', ...listing },
      });
    throw fieldError('password', 'error.reauthWrong');
  }
  // The browser already holds this account's session: only this attempt is forgiven, nothing else changes.
  attempt.succeeded({ secondStep: true });
  stampRecentProof(ctx.db, ctx.clock, ctx.auth);
  return { success: true as const };
}

export function staffLogout(ctx: Context) {
  const auth = ctx.auth;
  if (auth?.kind === 'admin') {
    ctx.db.transaction(() => {
      deleteSession(ctx.db, auth);
      const actor = { id: auth.admin.id, name: auth.admin.name };
      recordAudit(ctx.db, ctx, { action: 'sign-out', entity: 'session', entityId: auth.admin.id, actor });
    });
  }
  ctx.resHeaders.append('Set-Cookie', clearedCookie(ctx.config, ADMIN_COOKIE));
  return { success: true as const };
}

export function staffMe(ctx: StaffContext) {
  const admin = adminRecord(ctx.db, ctx.admin.id);
  if (!admin) throw refuse('UNAUTHORIZED', 'error.signInStaff');
  // The director's rule holds this session to the setup page (ADR 102): the dashboard shows only that.
  return ctx.admin.mfaSetupRequired ? { ...admin, mfaSetupRequired: true as const } : admin;
}
