/**
 * The parent's session as the server knows it: behind routers/parent-auth.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { Context, ParentContext } from '../context';
import { eq } from 'drizzle-orm';
import { parentUsers } from '~/db/schema';
import { clearedCookie, PARENT_COOKIE } from '../auth/cookies';
import { deleteSession } from '../auth/session';
import { parentRecordColumns } from './sign-in';
import { refuse } from '../refusal';

export function parentLogout(ctx: Context) {
  if (ctx.auth?.kind === 'parent') deleteSession(ctx.db, ctx.auth);
  ctx.resHeaders.append('Set-Cookie', clearedCookie(ctx.config, PARENT_COOKIE));
  return { success: true as const };
}

export function parentMe(ctx: ParentContext) {
  const parent = ctx.db.select(parentRecordColumns).from(parentUsers).where(eq(parentUsers.id, ctx.parent.id)).get();
  if (!parent) throw refuse('UNAUTHORIZED', 'error.signIn');
  return parent;
}
