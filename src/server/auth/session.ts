/**
 * Server-side sessions after the design Lucia's authors publish in place of the `lucia` package
 * (lucia-auth.com, "Sessions"): the client holds `id.secret`; the database holds the id and SHA-256 of the
 * secret; the check is constant-time; expiry slides forward while the session is used, up to an absolute
 * end counted from the sign-in (ADR 006): staff 12 hours idle and 7 days at most, parents 30 days idle and
 * 90 days at most.
 */
import { createHash } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, ne } from 'drizzle-orm';
import { adminSessions, adminUsers, parentSessions, parentUsers, type StaffRole } from '~/db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { bookkeeping, cachedRead, updateCachedRead } from '../cache/store';
import { setupRequiredSql } from './second-factor';

const HOUR = 60 * 60 * 1000;
/** Idle lifetime: the session ends this long after its last use. */
export const ADMIN_SESSION_MS = 12 * HOUR;
export const PARENT_SESSION_MS = 30 * 24 * HOUR;
/** Absolute lifetime: however busy, the session ends this long after the sign-in. */
export const ADMIN_SESSION_MAX_MS = 7 * 24 * HOUR;
export const PARENT_SESSION_MAX_MS = 90 * 24 * HOUR;

export interface AdminIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  lastLoginAt: Date | null;
  /** The director's rule is on and this account has no second factor: only the setup paths answer (ADR 102). */
  mfaSetupRequired?: boolean;
}
export interface ParentIdentity {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

interface SessionState {
  sessionId: string;
  expiresAt: Date;
  refreshed: boolean;
}

export type Auth = (SessionState & { kind: 'admin'; admin: AdminIdentity }) | (SessionState & { kind: 'parent'; parent: ParentIdentity });

function randomString(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

function splitToken(token: string): { id: string; secret: string } | null {
  if (token.length > 200) return null;
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return null;
  return { id, secret };
}

/** The same SHA-256 as hashSecret, by Node's native hash: this runs on every signed-in request. */
function secretMatches(secret: string, storedHex: string): boolean {
  return constantTimeEqual(
    new TextEncoder().encode(createHash('sha256').update(secret).digest('hex')),
    new TextEncoder().encode(storedHex),
  );
}

/** Extends a session that has used more than half of its idle life, never past its absolute end. */
function slide(expiresAt: Date, now: Date, lifetime: number, absoluteEnd: number): Date | null {
  if (expiresAt.getTime() - now.getTime() >= lifetime / 2) return null;
  const extended = Math.min(now.getTime() + lifetime, absoluteEnd);
  return extended > expiresAt.getTime() ? new Date(extended) : null;
}

/** What both kinds of session answer with, once slide() has run (`extended`: the new expiry, if it moved). */
function stateOf(sessionId: string, row: { expiresAt: Date }, extended: Date | null): SessionState {
  return { sessionId, expiresAt: extended ?? row.expiresAt, refreshed: extended !== null };
}

/**
 * Stores a session's new expiry as bookkeeping (cache/store.ts, ADR 065): no cached answer reads it, so the
 * response cache is not emptied for it; the session's own memo gets the new expiry instead.
 */
function slid<R extends { expiresAt: Date }>(db: Db, memo: string, row: R, extended: Date, write: () => unknown): void {
  bookkeeping(db, write);
  updateCachedRead(db, memo, { ...row, expiresAt: extended });
}

/** Past its idle expiry, or past its absolute end. */
function ended(expiresAt: Date, createdAt: Date, now: Date, maxLifetime: number): boolean {
  return expiresAt.getTime() <= now.getTime() || createdAt.getTime() + maxLifetime <= now.getTime();
}

export function createAdminSession(db: Db, clock: Clock, adminId: string): { token: string; expiresAt: Date } {
  const id = randomString();
  const secret = randomString();
  const expiresAt = new Date(clock.now().getTime() + ADMIN_SESSION_MS);
  db.insert(adminSessions)
    .values({ id, adminId, secretHash: encodeHexLowerCase(hashSecret(secret)), expiresAt, createdAt: clock.now() })
    .run();
  return { token: `${id}.${secret}`, expiresAt };
}

export function createParentSession(db: Db, clock: Clock, parentId: string): { token: string; expiresAt: Date } {
  const id = randomString();
  const secret = randomString();
  const expiresAt = new Date(clock.now().getTime() + PARENT_SESSION_MS);
  db.insert(parentSessions)
    .values({ id, parentId, token: encodeHexLowerCase(hashSecret(secret)), expiresAt, createdAt: clock.now() })
    .run();
  return { token: `${id}.${secret}`, expiresAt };
}

export function validateAdminToken(db: Db, clock: Clock, token: string): Auth | null {
  const parts = splitToken(token);
  if (!parts) return null;
  // The row is read once until anything is written (cache/store.ts); the checks below run every time.
  const row = cachedRead(db, `admin-session:${parts.id}`, () =>
    db
      .select({
        expiresAt: adminSessions.expiresAt,
        createdAt: adminSessions.createdAt,
        secretHash: adminSessions.secretHash,
        id: adminUsers.id,
        email: adminUsers.email,
        name: adminUsers.name,
        role: adminUsers.role,
        isActive: adminUsers.isActive,
        lastLoginAt: adminUsers.lastLoginAt,
        mfaSetupRequired: setupRequiredSql(adminUsers.id),
      })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
      .where(eq(adminSessions.id, parts.id))
      .get(),
  );
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null;
  const now = clock.now();
  // A deactivated account's sessions are deleted with the change; the check stands in case one is left.
  if (!row.isActive || ended(row.expiresAt, row.createdAt, now, ADMIN_SESSION_MAX_MS)) {
    db.delete(adminSessions).where(eq(adminSessions.id, parts.id)).run();
    return null;
  }
  const extended = slide(row.expiresAt, now, ADMIN_SESSION_MS, row.createdAt.getTime() + ADMIN_SESSION_MAX_MS);
  if (extended)
    slid(db, `admin-session:${parts.id}`, row, extended, () =>
      db.update(adminSessions).set({ expiresAt: extended }).where(eq(adminSessions.id, parts.id)).run(),
    );
  return {
    kind: 'admin',
    ...stateOf(parts.id, row, extended),
    admin: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      lastLoginAt: row.lastLoginAt,
      mfaSetupRequired: Boolean(row.mfaSetupRequired),
    },
  };
}

export function validateParentToken(db: Db, clock: Clock, token: string): Auth | null {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = cachedRead(db, `parent-session:${parts.id}`, () =>
    db
      .select({
        expiresAt: parentSessions.expiresAt,
        createdAt: parentSessions.createdAt,
        token: parentSessions.token,
        id: parentUsers.id,
        email: parentUsers.email,
        firstName: parentUsers.firstName,
        lastName: parentUsers.lastName,
        phone: parentUsers.phone,
        isActive: parentUsers.isActive,
      })
      .from(parentSessions)
      .innerJoin(parentUsers, eq(parentUsers.id, parentSessions.parentId))
      .where(eq(parentSessions.id, parts.id))
      .get(),
  );
  if (!row || !secretMatches(parts.secret, row.token)) return null;
  const now = clock.now();
  if (!row.isActive || ended(row.expiresAt, row.createdAt, now, PARENT_SESSION_MAX_MS)) {
    db.delete(parentSessions).where(eq(parentSessions.id, parts.id)).run();
    return null;
  }
  const extended = slide(row.expiresAt, now, PARENT_SESSION_MS, row.createdAt.getTime() + PARENT_SESSION_MAX_MS);
  if (extended)
    slid(db, `parent-session:${parts.id}`, row, extended, () =>
      db.update(parentSessions).set({ expiresAt: extended }).where(eq(parentSessions.id, parts.id)).run(),
    );
  const { expiresAt: _e, createdAt: _c, token: _t, isActive: _a, ...parent } = row;
  return { kind: 'parent', ...stateOf(parts.id, row, extended), parent };
}

export function deleteSession(db: Db, auth: Auth): void {
  if (auth.kind === 'admin') db.delete(adminSessions).where(eq(adminSessions.id, auth.sessionId)).run();
  else db.delete(parentSessions).where(eq(parentSessions.id, auth.sessionId)).run();
}

/** Ends every session of a staff account (its password changed or was reset, it was deactivated), or all but `keep`. */
export function deleteAdminSessions(db: Db, adminId: string, keep?: string): void {
  db.delete(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), keep ? ne(adminSessions.id, keep) : undefined))
    .run();
}

/** Ends every session of a parent account (deactivation, password reset). */
export function deleteParentSessions(db: Db, parentId: string): void {
  db.delete(parentSessions).where(eq(parentSessions.parentId, parentId)).run();
}

/** Housekeeping: drops sessions that have expired. */
export function deleteExpiredSessions(db: Db, clock: Clock): void {
  const now = clock.now();
  db.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run();
  db.delete(parentSessions)
    .where(and(lt(parentSessions.expiresAt, now)))
    .run();
}
