import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { parentPasswordResets, parentSessions, parentUsers } from '~/db/schema';
import { beginLogin } from '../auth/login-throttle';
import { hashLinkToken as hashToken, newLinkToken, withoutToken } from '../auth/single-use-links';
import { hashPassword } from '../auth/password';
import type { Context } from '../context';
import { fieldError } from '../field-errors';
import { passwordResetEmail } from './account-mail';
import { mailQueueFor, sendAfterAnswer } from '../services/mail-queue';
import { forgetUsedResetLinks } from '../services/outbox';
import { logger } from '../logger';
import type { Db } from '../db';
import { bookkeeping } from '../cache/store';
import { addressKey, consume, ensureRoom, spend } from '../services/rate-limit';
import { PARENT_THROTTLED } from './sign-in';
import { preferencesOf } from './preferences';
import { t } from '~/shared/i18n';
import { pathIn } from '~/shared/i18n/paths';
import { englishOf, refuse } from '../refusal';

export const RESET_LINK_MS = 60 * 60 * 1000;
export const RESET_REQUESTED =
  'If a Parent Portal account exists for that e-mail, we have sent it a link to choose a new password. The link works once, within one hour.';
export const RESET_LINK_INVALID = 'error.resetLinkUsed';
export const RESET_BUSY = 'error.resetBusy';
export const PASSWORD_CHANGED = 'Your password has been changed. Please sign in with your new password.';

/**
 * 'Forgot your password?': e-mails an active parent a single-use link that expires in an hour. A new link
 * replaces any earlier unused one. The answer is the same whether or not the e-mail has an account, and the
 * requests are throttled per address and per e-mail so nobody can flood a parent's inbox; the cap on every
 * address together counts only messages queued (ADR 019).
 */
export async function requestPasswordReset(ctx: Context, email: string): Promise<{ success: true; message: string }> {
  consume(ctx, ctx.limits.passwordResetByIp, addressKey(ctx.ip, 48), PARENT_THROTTLED);
  consume(ctx, ctx.limits.passwordResetByAccount, email, PARENT_THROTTLED);
  // Every address together cannot queue mail without end. Checked for any e-mail (the same answer whether it has
  // an account), spent only below when a message is queued: made-up e-mails cannot use up real parents' resets.
  ensureRoom(ctx, ctx.limits.passwordResetGlobal, 'all', RESET_BUSY);
  const parent = ctx.db
    .select({ id: parentUsers.id, email: parentUsers.email, firstName: parentUsers.firstName })
    .from(parentUsers)
    .where(and(eq(parentUsers.email, email), eq(parentUsers.isActive, true)))
    .get();
  if (parent) {
    const token = newLinkToken();
    const now = ctx.clock.now();
    // The link carries the token in the fragment: browsers never send it to a server or in a Referer. It opens the
    // page in the e-mail's language, the parent's saved one: /es/parent-reset-password for Spanish.
    const { language } = preferencesOf(ctx.db, parent.id);
    const link = `${ctx.config.publicUrl}${pathIn(language, '/parent-reset-password')}#token=${token}`;
    const content = passwordResetEmail({ firstName: parent.firstName, link }, ctx.config, language);
    // Bookkeeping for the response cache (ADR 065): no cached answer reads reset links or the mail queue, so a
    // reset empties no cache, asked for a known e-mail or not.
    bookkeeping(ctx.db, () =>
      ctx.db.transaction((tx) => {
        tx.delete(parentPasswordResets)
          .where(and(eq(parentPasswordResets.parentId, parent.id), isNull(parentPasswordResets.usedAt)))
          .run();
        tx.insert(parentPasswordResets)
          .values({ parentId: parent.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_LINK_MS), createdAt: now })
          .run();
        // Queued, not sent: sending here made a known address answer slower than an unknown one.
        mailQueueFor(ctx).enqueue(
          { to: parent.email, content, loggedText: withoutToken(content.text, token), sentBy: 'parent-portal' },
          tx as unknown as Db,
        );
      }),
    );
    spend(ctx, ctx.limits.passwordResetGlobal, 'all');
    sendAfterAnswer(ctx);
  } else {
    // The same database work as the branch above (one write transaction), so the answer takes the same time.
    bookkeeping(ctx.db, () =>
      ctx.db.transaction((tx) => {
        tx.select({ id: parentPasswordResets.id }).from(parentPasswordResets).where(eq(parentPasswordResets.parentId, '')).all();
        mailQueueFor(ctx).enqueueNothing(tx as unknown as Db);
      }),
    );
  }
  return { success: true, message: RESET_REQUESTED };
}

/**
 * Uses a reset link once: sets the new password and ends every session of the parent (a stolen session
 * must not outlive the password it came with). The check and the use happen in one transaction, so the
 * same link cannot be used twice even by two requests at the same moment.
 */
export async function resetPassword(ctx: Context, input: { token: string; password: string }): Promise<{ success: true; message: string }> {
  const invalid = () => refuse('BAD_REQUEST', RESET_LINK_INVALID);
  const live = liveReset(ctx, input.token);
  if (!live) throw invalid();
  const passwordHash = await hashPassword(input.password);
  ctx.db.transaction((tx) => {
    const used = tx
      .update(parentPasswordResets)
      .set({ usedAt: ctx.clock.now() })
      .where(and(eq(parentPasswordResets.id, live.id), isNull(parentPasswordResets.usedAt)))
      .returning({ parentId: parentPasswordResets.parentId })
      .get();
    if (!used) throw invalid();
    tx.update(parentUsers).set({ passwordHash }).where(eq(parentUsers.id, used.parentId)).run();
    tx.delete(parentSessions).where(eq(parentSessions.parentId, used.parentId)).run();
    tx.delete(parentPasswordResets)
      .where(and(eq(parentPasswordResets.parentId, used.parentId), isNull(parentPasswordResets.usedAt)))
      .run();
  });
  // Every link of the account is dead now: the outbox's copies lose theirs. A failure must not undo the
  // reset; the hourly sweep removes expired links anyway.
  const email = ctx.db.select({ email: parentUsers.email }).from(parentUsers).where(eq(parentUsers.id, live.parentId)).get()?.email;
  if (email)
    await forgetUsedResetLinks(ctx.db, ctx.config, email).catch((err: unknown) =>
      logger.warn({ err }, 'could not remove a used reset link from the outbox'),
    );
  return { success: true, message: PASSWORD_CHANGED };
}

/** The unused, unexpired reset of an active parent that `token` opens, if any. */
function liveReset(ctx: Pick<Context, 'db' | 'clock'>, token: string): { id: string; parentId: string } | undefined {
  return ctx.db
    .select({ id: parentPasswordResets.id, parentId: parentPasswordResets.parentId })
    .from(parentPasswordResets)
    .innerJoin(parentUsers, eq(parentUsers.id, parentPasswordResets.parentId))
    .where(
      and(
        eq(parentPasswordResets.tokenHash, hashToken(token)),
        isNull(parentPasswordResets.usedAt),
        gt(parentPasswordResets.expiresAt, ctx.clock.now()),
        eq(parentUsers.isActive, true),
      ),
    )
    .get();
}

/**
 * Whether a reset link still works, for the page to say so when it opens rather than after the new password
 * is typed twice. Answers only yes or no: the link's parent is never named.
 */
export function checkResetLink(ctx: Pick<Context, 'db' | 'clock'>, token: string): { valid: boolean; message: string | null } {
  const valid = liveReset(ctx, token) !== undefined;
  // In English (the parent is not known here): the page says RESET_LINK_INVALID's id in its own language.
  return { valid, message: valid ? null : englishOf(RESET_LINK_INVALID) };
}

/**
 * A signed-in parent changes the password: the current one is checked (and throttled like a sign-in), and
 * every other session of the parent ends; this one stays.
 */
export async function changePassword(
  ctx: Context,
  parentId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<{ success: true; message: string }> {
  const row = ctx.db
    .select({ email: parentUsers.email, passwordHash: parentUsers.passwordHash })
    .from(parentUsers)
    .where(eq(parentUsers.id, parentId))
    .get();
  if (!row) throw refuse('UNAUTHORIZED', 'error.signIn');
  // Guessing the current password through this form is throttled exactly like guessing it at the sign-in.
  const attempt = await beginLogin(ctx, 'parent', row.email);
  if (!(await attempt.check(row.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', 'error.currentPasswordWrong');
  }
  attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.transaction((tx) => {
    tx.update(parentUsers).set({ passwordHash }).where(eq(parentUsers.id, parentId)).run();
    tx.delete(parentSessions)
      .where(and(eq(parentSessions.parentId, parentId), ne(parentSessions.id, sessionId)))
      .run();
    tx.delete(parentPasswordResets).where(eq(parentPasswordResets.parentId, parentId)).run();
  });
  // The router answers it in the caller's language (routers/parent-auth.ts).
  return { success: true, message: t('en', 'error.passwordChanged') };
}
