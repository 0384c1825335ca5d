import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import { forgotPasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { staffChangePasswordSchema, staffSetPasswordSchema } from '../../shared/schemas/password-policy';
import { recordAudit } from '../audit/record';
import type { Db } from '../db';
import { changeOwnPassword, requestStaffReset, setPasswordWithLink } from '../staff/accounts';
import { ADMIN_COOKIE, clearedCookie, sessionCookie } from '../auth/cookies';
import { failedStaffSignIn } from '../auth/failed-sign-ins';
import { beginLogin } from '../auth/login-throttle';
import { endOtherKindOfSession } from '../auth/one-account';
import { createAdminSession, deleteSession } from '../auth/session';
import { publicProcedure, router, staffProcedure } from '../trpc';
import { refuse } from '../refusal';

export const INVALID_LOGIN = 'error.invalidLogin';
/** Who the audit log names for a failed staff sign-in: the attempt was not made by anyone signed in. */
export const NOT_SIGNED_IN = 'error.notSignedIn';

/** The admin object of SPEC.md §3: what the client keeps under `admin` in local storage. Never a hash. */
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

export const adminAuthRouter = router({
  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    // Counted as a failure before the password is checked, so attempts sent together (in parallel, or many
    // in one batch) are counted like attempts sent one after another.
    const attempt = await beginLogin(ctx, 'admin', input.email);

    const row = ctx.db
      .select({
        id: adminUsers.id,
        name: adminUsers.name,
        passwordHash: adminUsers.passwordHash,
        isActive: adminUsers.isActive,
        lastLoginAt: adminUsers.lastLoginAt,
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
    attempt.succeeded();

    const now = ctx.clock.now();
    const { token, expiresAt } = ctx.db.transaction(() => {
      ctx.db.update(adminUsers).set({ previousLoginAt: usable.lastLoginAt, lastLoginAt: now }).where(eq(adminUsers.id, usable.id)).run();
      recordAudit(ctx.db, ctx, { action: 'sign-in', entity: 'session', entityId: usable.id, actor: { id: usable.id, name: usable.name } });
      return createAdminSession(ctx.db, ctx.clock, usable.id);
    });
    ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config, ADMIN_COOKIE, token, expiresAt));
    // One account per browser (ADR 062): a parent session this request carries ends now, its cookie cleared.
    endOtherKindOfSession(ctx, 'admin');
    return { success: true as const, message: 'Login successful', admin: adminRecord(ctx.db, usable.id)! };
  }),

  /** Ends the session on the server (whatever kind it is) and clears the cookie. */
  logout: publicProcedure.mutation(({ ctx }) => {
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
  }),

  /** Who the session belongs to: the dashboard's check that the server, not local storage, says yes. */
  me: staffProcedure.query(({ ctx }) => {
    const admin = adminRecord(ctx.db, ctx.admin.id);
    if (!admin) throw refuse('UNAUTHORIZED', 'error.signInStaff');
    return admin;
  }),

  /** 'Forgot your password?' on /admin/login: a one-hour single-use link, the same answer for any e-mail. */
  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => requestStaffReset(ctx, input.email)),

  /** /admin/set-password: an invitation's or a reset link's token and the new password. */
  setPassword: publicProcedure.input(staffSetPasswordSchema).mutation(({ ctx, input }) => setPasswordWithLink(ctx, input)),

  /** Any staff member's own password; their other sessions end. */
  changePassword: staffProcedure.input(staffChangePasswordSchema).mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
});
