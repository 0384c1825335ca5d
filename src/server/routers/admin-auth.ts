import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { adminUsers } from '../../../db/schema';
import { loginSchema } from '../../shared/schemas/auth';
import { ADMIN_COOKIE, clearedCookie, sessionCookie } from '../auth/cookies';
import { beginLogin } from '../auth/login-throttle';
import { createAdminSession, deleteSession } from '../auth/session';
import { adminProcedure, publicProcedure, router } from '../trpc';

export const INVALID_LOGIN = 'Invalid email or password';

/** The admin object of SPEC.md §3: what the client keeps under `admin` in local storage. Never a hash. */
export interface AdminRecord {
  id: string;
  email: string;
  name: string;
  lastLoginAt: Date | null;
  previousLoginAt: Date | null;
}

function adminRecord(db: import('../db').Db, id: string): AdminRecord | undefined {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, lastLoginAt: adminUsers.lastLoginAt, previousLoginAt: adminUsers.previousLoginAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .get();
}

export const adminAuthRouter = router({
  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    // Counted as a failure before the password is checked, so attempts sent together (in parallel, or many
    // in one batch) are counted like attempts sent one after another.
    const attempt = await beginLogin(ctx, 'admin', input.email);

    const row = ctx.db.select({ id: adminUsers.id, passwordHash: adminUsers.passwordHash, lastLoginAt: adminUsers.lastLoginAt }).from(adminUsers).where(eq(adminUsers.email, input.email)).get();
    // The same work and the same answer whether the e-mail is unknown or the password wrong.
    const ok = await attempt.check(row?.passwordHash ?? null, input.password);
    if (!row || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_LOGIN });
    attempt.succeeded();

    const now = ctx.clock.now();
    ctx.db.update(adminUsers).set({ previousLoginAt: row.lastLoginAt, lastLoginAt: now }).where(eq(adminUsers.id, row.id)).run();
    const { token, expiresAt } = createAdminSession(ctx.db, ctx.clock, row.id);
    ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config, ADMIN_COOKIE, token, expiresAt));
    return { success: true as const, message: 'Login successful', admin: adminRecord(ctx.db, row.id)! };
  }),

  /** Ends the session on the server (whatever kind it is) and clears the cookie. */
  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.auth?.kind === 'admin') deleteSession(ctx.db, ctx.auth);
    ctx.resHeaders.append('Set-Cookie', clearedCookie(ctx.config, ADMIN_COOKIE));
    return { success: true as const };
  }),

  /** Who the session belongs to: the dashboard's check that the server, not local storage, says yes. */
  me: adminProcedure.query(({ ctx }) => {
    const admin = adminRecord(ctx.db, ctx.admin.id);
    if (!admin) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in as staff' });
    return admin;
  }),
});
