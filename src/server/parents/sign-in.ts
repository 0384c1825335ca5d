import { eq } from 'drizzle-orm';
import { parentUsers } from '~/db/schema';
import { centre } from '../centre/profile';
import { PARENT_COOKIE, sessionCookie } from '../auth/cookies';
import { endOtherKindOfSession } from '../auth/one-account';
import { createParentSession, type ParentIdentity } from '../auth/session';
import type { Context } from '../context';
import { beginLogin, THROTTLED_MESSAGE } from '../auth/login-throttle';
import { logger } from '../logger';
import { forgetParentPassword } from '../services/outbox';
import { refuse } from '../refusal';

export const INVALID_PARENT_LOGIN = 'error.invalidLogin';
export const PARENT_THROTTLED = THROTTLED_MESSAGE;
export const ACCOUNT_CLOSED = 'error.accountClosed';

/** The parent record of docs/product.md §3 "Parent login response": what the browser keeps. Never a hash. */
export type ParentRecord = ParentIdentity;

export const parentRecordColumns = {
  id: parentUsers.id,
  email: parentUsers.email,
  firstName: parentUsers.firstName,
  lastName: parentUsers.lastName,
  phone: parentUsers.phone,
};

/**
 * The one parent sign-in: throttle, argon2id check, session, cookie. Every attempt spends its points before
 * the password is checked (attempts sent together count like attempts sent one after another); unknown
 * e-mail and wrong password take the same time and get the same answer. A closed account is told so only
 * after its password was right. Answers the bearer token (docs/product.md §7) and sets the same token as an
 * HttpOnly cookie, so a reload keeps the parent signed in without the page reading the token.
 */
export async function signInParent(
  ctx: Context,
  input: { email: string; password: string },
): Promise<{ token: string; parent: ParentRecord }> {
  // Throttled like the staff sign-in (ADR 006): per address and address+account, slowed (never locked) per account.
  const attempt = await beginLogin(ctx, 'parent', input.email);

  const row = ctx.db
    .select({ ...parentRecordColumns, passwordHash: parentUsers.passwordHash, isActive: parentUsers.isActive })
    .from(parentUsers)
    .where(eq(parentUsers.email, input.email))
    .get();
  const ok = await attempt.check(row?.passwordHash ?? null, input.password);
  if (!row || !ok) throw refuse('UNAUTHORIZED', INVALID_PARENT_LOGIN);
  if (!row.isActive) throw refuse('FORBIDDEN', ACCOUNT_CLOSED, { phone: centre.phones[0] });
  attempt.succeeded();

  // The generated password in a stored credentials e-mail has done its job: remove it from the outbox copy
  // (ADR 003). Harmless when there is none, or when it was removed already. A failure here must not keep the
  // parent out: the 7-day sweep removes it anyway.
  await forgetParentPassword(ctx.db, ctx.config, row.email).catch((err: unknown) =>
    logger.warn({ err }, 'could not remove a generated password from the outbox'),
  );

  const { token, expiresAt } = createParentSession(ctx.db, ctx.clock, row.id);
  ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config, PARENT_COOKIE, token, expiresAt));
  // One account per browser (ADR 062): a staff session this request carries ends now, its cookie cleared.
  endOtherKindOfSession(ctx, 'parent');
  const { passwordHash: _h, isActive: _a, ...parent } = row;
  return { token, parent };
}
