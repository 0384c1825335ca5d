import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { clientError, serverFailure } from './client-errors';
import { assertAdmin, assertDirector, assertStaffSession, MFA_SETUP_REQUIRED } from './auth/guards';
import { procedureDb } from './auth/write-rights';
import type { Context } from './context';
import { callerLanguage } from './parents/preferences';
import { refuse } from './refusal';

/** Builders only: routers live in routers/, one file per domain. */
const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const { stack: _stack, ...data } = shape.data;
    // A parent who reads Spanish is refused in Spanish: the server knows whose session this is. The id and values
    // come too (ADR 069), so a page says it in its own reader's language.
    const language = callerLanguage(ctx);
    // A validation failure reads as its first message, not as a JSON dump of every issue; nothing names a library.
    const { message, ...said } = error.code === 'INTERNAL_SERVER_ERROR' ? serverFailure(language) : clientError(error, language);
    return { ...shape, message, data: { ...data, ...said } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/**
 * Staff procedures declare their role (ADR 039): staffProcedure for what every staff member does (the
 * children's day: activities, notes, achievements, messages), directorProcedure for everything else. There is
 * no role-less staff builder, and tests/authorization-matrix.ts checks every procedure as a teacher. Each
 * builder's `ctx.db` checks the caller's rights again inside every write (auth/write-rights.ts, ADR 063).
 */
export const staffProcedure = t.procedure.use(({ ctx, type, next }) => {
  assertAdmin(ctx.auth);
  return next({ ctx: { ...ctx, db: procedureDb(ctx.db, ctx.auth, 'staff', type), auth: ctx.auth, admin: ctx.auth.admin } });
});

export const directorProcedure = t.procedure.use(({ ctx, type, next }) => {
  assertDirector(ctx.auth);
  return next({ ctx: { ...ctx, db: procedureDb(ctx.db, ctx.auth, 'director', type), auth: ctx.auth, admin: ctx.auth.admin } });
});

/**
 * A staff member's own second factor and identity (ADR 102): the only staff paths a session reaches while the
 * director's rule asks it to set one up. Every other staff procedure refuses it with 403.
 */
export const factorSetupProcedure = t.procedure.use(({ ctx, type, next }) => {
  assertStaffSession(ctx.auth);
  return next({ ctx: { ...ctx, db: procedureDb(ctx.db, ctx.auth, 'factor-setup', type), auth: ctx.auth, admin: ctx.auth.admin } });
});

export const parentProcedure = t.procedure.use(({ ctx, type, next }) => {
  if (!ctx.auth) throw refuse('UNAUTHORIZED', 'error.signIn');
  if (ctx.auth.kind !== 'parent') throw refuse('FORBIDDEN', 'error.parentsOnly');
  return next({ ctx: { ...ctx, db: procedureDb(ctx.db, ctx.auth, 'parent', type), auth: ctx.auth, parent: ctx.auth.parent } });
});

/** Either role, for what staff and parents both do (mark a message read, ask for an upload URL). */
export const signedInProcedure = t.procedure.use(({ ctx, type, next }) => {
  if (!ctx.auth) throw refuse('UNAUTHORIZED', 'error.signIn');
  if (ctx.auth.kind === 'admin' && ctx.auth.admin.mfaSetupRequired) throw refuse('FORBIDDEN', MFA_SETUP_REQUIRED);
  return next({ ctx: { ...ctx, db: procedureDb(ctx.db, ctx.auth, 'signed-in', type), auth: ctx.auth } });
});
