/**
 * Rights checked inside each write (ADR 063). A request's session and role are read once, before its body
 * (context.ts `requestAuth`); an account deactivated, removed or demoted while the body is still arriving must
 * not write with the rights it had then. So every procedure that needs a signed-in caller gets, as `ctx.db`, a
 * guarded handle of the database (trpc.ts): each transaction it opens starts by reading the session and its
 * account again, and a write made outside a transaction runs in one that does. A session gone, or an account
 * closed, answers 401; an account that no longer holds the role asked for answers 403: the answers such a
 * request would have had, had it arrived a moment later. The refused write changes nothing and, as nothing was
 * written, records no audit row.
 *
 * recordAudit (audit/record.ts) asks `assertRightsChecked` for every row it attributes to a session, so a staff
 * write that reaches the database another way fails its tests; tests/integration/write-rights.test.ts calls every
 * write of the authorization matrix with a session ended mid-request and finds nothing written.
 */
import { and, eq } from 'drizzle-orm';
import { adminSessions, adminUsers, parentSessions, parentUsers } from '~/db/schema';
import { BASE_DB, baseDb, type Db } from '../db';
import { DIRECTOR_ONLY, MFA_SETUP_REQUIRED } from './guards';
import { setupRequiredSql } from './second-factor';
import type { Auth } from './session';
import { refuse } from '../refusal';

/** What a procedure needs of its caller: the builders of trpc.ts, one each. */
/** 'factor-setup': a staff session the director's rule may still hold to its second factor's setup (ADR 102). */
export type WriteRight = 'staff' | 'director' | 'parent' | 'signed-in' | 'factor-setup';

/** The messages of the refusals made before the body (trpc.ts, guards.ts), so a late refusal reads the same. */
export const STAFF_SIGN_IN = 'error.signInStaff';
export const SIGN_IN = 'error.signIn';

/** Reads the session and its account on `db` (the write's transaction) and refuses when `right` is no longer held. */
export function assertStillAllowed(db: Db, auth: Auth, right: WriteRight): void {
  const signIn = right === 'staff' || right === 'director' || right === 'factor-setup' ? STAFF_SIGN_IN : SIGN_IN;
  if (auth.kind === 'admin') {
    const row = db
      .select({ role: adminUsers.role, isActive: adminUsers.isActive, setupRequired: setupRequiredSql(adminUsers.id) })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
      .where(and(eq(adminSessions.id, auth.sessionId), eq(adminSessions.adminId, auth.admin.id)))
      .get();
    if (!row?.isActive) throw refuse('UNAUTHORIZED', signIn);
    if (right === 'director' && row.role !== 'director') throw refuse('FORBIDDEN', DIRECTOR_ONLY);
    if (right !== 'factor-setup' && row.setupRequired) throw refuse('FORBIDDEN', MFA_SETUP_REQUIRED);
    return;
  }
  const row = db
    .select({ isActive: parentUsers.isActive })
    .from(parentSessions)
    .innerJoin(parentUsers, eq(parentUsers.id, parentSessions.parentId))
    .where(and(eq(parentSessions.id, auth.sessionId), eq(parentSessions.parentId, auth.parent.id)))
    .get();
  if (!row?.isActive) throw refuse('UNAUTHORIZED', signIn);
}

/**
 * The session whose rights the transaction open now has checked. Transactions on better-sqlite3 run to their end
 * without yielding, so while one is open no other request's code runs: one variable is exact.
 */
let checkedFor: Auth | null = null;

/** Whether the code running now is inside a transaction that checked a session's rights (for tests). */
export function insideCheckedWrite(): boolean {
  return checkedFor !== null;
}

/** Each guarded handle, with the session it checks. */
const handles = new WeakMap<object, Auth>();

/**
 * For recordAudit: a row attributed to `auth` is written only inside a transaction that checked its rights, or
 * through a guarded handle of `auth` (whose insert then runs in one).
 */
export function assertRightsChecked(db: object, auth: Auth | null): void {
  if (auth && checkedFor !== auth && handles.get(db) !== auth) {
    throw new Error('A write attributed to a session ran without its rights checked again (auth/write-rights.ts)');
  }
}

type Run = <T>(write: (tx: Db) => T, config?: { behavior?: 'deferred' | 'immediate' | 'exclusive' }) => T;

/** Builder methods that only shape the statement (they run nothing): everything else on a write builder runs it. */
const SHAPING = new Set([
  'select',
  'set',
  'from',
  'leftJoin',
  'rightJoin',
  'innerJoin',
  'fullJoin',
  'where',
  'orderBy',
  'limit',
  'returning',
  'onConflictDoNothing',
  'onConflictDoUpdate',
  '$dynamic',
  'prepare',
]);

const isBuilder = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && ['run', 'values', 'set'].some((m) => typeof Reflect.get(value, m) === 'function');

/**
 * A write builder (`db.insert(t)`, `db.update(t)`, `db.delete(t)` and what they return) whose statement, when it
 * runs (`run`, `get`, `all`, `values`, `await`), runs inside `checked`. `values` shapes an insert until the
 * statement is whole, and runs it after.
 */
function checkedBuilder<T extends object>(builder: T, checked: <R>(statement: () => R) => R): T {
  const proxy: T = new Proxy(builder, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || typeof prop === 'symbol' || prop === 'getSQL' || prop === 'toSQL') return value;
      const fn = value as (...args: unknown[]) => unknown;
      const shapes = SHAPING.has(prop) || (prop === 'values' && typeof Reflect.get(target, 'run') !== 'function');
      if (shapes) {
        return (...args: unknown[]) => {
          const next = fn.apply(target, args);
          if (next === target) return proxy;
          return isBuilder(next) ? checkedBuilder(next, checked) : next;
        };
      }
      return (...args: unknown[]) => checked(() => fn.apply(target, args));
    },
  });
  return proxy;
}

/**
 * `db` as a procedure that needs `right` writes through it: every transaction it opens first checks that `auth`
 * still holds `right` (assertStillAllowed), and a single statement written outside a transaction runs in one
 * that does. Reads are untouched. A transaction opened inside a checked one is not checked again: what the outer
 * one already changed (an account deactivating itself) must not refuse the rest of its own write.
 */
export function guardWrites(db: Db, auth: Auth, right: WriteRight): Db {
  const base = baseDb(db);
  const checked: Run = (write, config) => {
    if (checkedFor === auth) return base.transaction((tx) => write(tx as unknown as Db), config);
    return base.transaction((tx) => {
      assertStillAllowed(tx as unknown as Db, auth, right);
      const outer = checkedFor;
      checkedFor = auth;
      try {
        return write(tx as unknown as Db);
      } finally {
        checkedFor = outer;
      }
    }, config);
  };
  // A statement inside a checked transaction just runs; outside one, it gets a checked transaction of its own.
  const statement = <R>(run: () => R): R => (checkedFor === auth ? run() : checked(() => run()));
  const handle = new Proxy(base, {
    get(target, prop) {
      if (prop === BASE_DB) return target;
      if (prop === 'transaction') return checked;
      if (prop === 'insert' || prop === 'update' || prop === 'delete') {
        const make = Reflect.get(target, prop, target) as (...args: unknown[]) => object;
        return (...args: unknown[]) => checkedBuilder(make.apply(target, args), statement);
      }
      if (prop === 'run') {
        const run = target.run.bind(target);
        return (...args: Parameters<Db['run']>) => statement(() => run(...args));
      }
      return Reflect.get(target, prop, target);
    },
  });
  handles.set(handle, auth);
  return handle;
}

/**
 * The `ctx.db` of a procedure that needs `right` (trpc.ts). A mutation is checked once more as it starts: its
 * body has been read by then, and what it does before its first write (an e-mail sent) must not go out either.
 */
export function procedureDb(db: Db, auth: Auth, right: WriteRight, type: 'query' | 'mutation' | 'subscription'): Db {
  if (type === 'mutation') assertStillAllowed(baseDb(db), auth, right);
  return guardWrites(db, auth, right);
}

/**
 * A context whose writes are checked for `right`, for REST handlers that write without a procedure (the uploads,
 * an export's audit row), after their own check of the caller.
 */
export function withWriteRights<C extends { db: Db; auth: Auth | null }>(ctx: C, right: WriteRight): C {
  if (!ctx.auth) throw refuse('UNAUTHORIZED', right === 'parent' || right === 'signed-in' ? SIGN_IN : STAFF_SIGN_IN);
  return { ...ctx, db: guardWrites(ctx.db, ctx.auth, right) };
}
