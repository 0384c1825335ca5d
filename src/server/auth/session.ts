/**
 * Server-side sessions after the design Lucia's authors publish in place of the `lucia` package
 * (lucia-auth.com, "Sessions"): the client holds `id.secret`; the database holds the id and SHA-256 of the
 * secret; the check is constant-time; expiry slides forward while the session is used.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt } from 'drizzle-orm';
import { adminSessions, adminUsers, parentSessions, parentUsers } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db';

export const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;
export const PARENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export interface AdminIdentity {
  id: string;
  email: string;
  name: string;
  lastLoginAt: Date | null;
}
export interface ParentIdentity {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

export type Auth =
  | { kind: 'admin'; sessionId: string; expiresAt: Date; refreshed: boolean; admin: AdminIdentity }
  | { kind: 'parent'; sessionId: string; expiresAt: Date; refreshed: boolean; parent: ParentIdentity };

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

function secretMatches(secret: string, storedHex: string): boolean {
  return constantTimeEqual(new TextEncoder().encode(encodeHexLowerCase(hashSecret(secret))), new TextEncoder().encode(storedHex));
}

/** Extends a session that has used more than half of its life. */
function slide(expiresAt: Date, now: Date, lifetime: number): Date | null {
  return expiresAt.getTime() - now.getTime() < lifetime / 2 ? new Date(now.getTime() + lifetime) : null;
}

export function createAdminSession(db: Db, clock: Clock, adminId: string): { token: string; expiresAt: Date } {
  const id = randomString();
  const secret = randomString();
  const expiresAt = new Date(clock.now().getTime() + ADMIN_SESSION_MS);
  db.insert(adminSessions).values({ id, adminId, secretHash: encodeHexLowerCase(hashSecret(secret)), expiresAt, createdAt: clock.now() }).run();
  return { token: `${id}.${secret}`, expiresAt };
}

export function createParentSession(db: Db, clock: Clock, parentId: string): { token: string; expiresAt: Date } {
  const id = randomString();
  const secret = randomString();
  const expiresAt = new Date(clock.now().getTime() + PARENT_SESSION_MS);
  db.insert(parentSessions).values({ id, parentId, token: encodeHexLowerCase(hashSecret(secret)), expiresAt, createdAt: clock.now() }).run();
  return { token: `${id}.${secret}`, expiresAt };
}

export function validateAdminToken(db: Db, clock: Clock, token: string): Auth | null {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = db
    .select({ expiresAt: adminSessions.expiresAt, secretHash: adminSessions.secretHash, id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, lastLoginAt: adminUsers.lastLoginAt })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminId))
    .where(eq(adminSessions.id, parts.id))
    .get();
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null;
  const now = clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) {
    db.delete(adminSessions).where(eq(adminSessions.id, parts.id)).run();
    return null;
  }
  const extended = slide(row.expiresAt, now, ADMIN_SESSION_MS);
  if (extended) db.update(adminSessions).set({ expiresAt: extended }).where(eq(adminSessions.id, parts.id)).run();
  return {
    kind: 'admin',
    sessionId: parts.id,
    expiresAt: extended ?? row.expiresAt,
    refreshed: extended !== null,
    admin: { id: row.id, email: row.email, name: row.name, lastLoginAt: row.lastLoginAt },
  };
}

export function validateParentToken(db: Db, clock: Clock, token: string): Auth | null {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = db
    .select({
      expiresAt: parentSessions.expiresAt,
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
    .get();
  if (!row || !secretMatches(parts.secret, row.token)) return null;
  const now = clock.now();
  if (!row.isActive || row.expiresAt.getTime() <= now.getTime()) {
    db.delete(parentSessions).where(eq(parentSessions.id, parts.id)).run();
    return null;
  }
  const extended = slide(row.expiresAt, now, PARENT_SESSION_MS);
  if (extended) db.update(parentSessions).set({ expiresAt: extended }).where(eq(parentSessions.id, parts.id)).run();
  const { expiresAt: _e, token: _t, isActive: _a, ...parent } = row;
  return { kind: 'parent', sessionId: parts.id, expiresAt: extended ?? row.expiresAt, refreshed: extended !== null, parent };
}

export function deleteSession(db: Db, auth: Auth): void {
  if (auth.kind === 'admin') db.delete(adminSessions).where(eq(adminSessions.id, auth.sessionId)).run();
  else db.delete(parentSessions).where(eq(parentSessions.id, auth.sessionId)).run();
}

/** Ends every session of a parent account (deactivation). */
export function deleteParentSessions(db: Db, parentId: string): void {
  db.delete(parentSessions).where(eq(parentSessions.parentId, parentId)).run();
}

/** Housekeeping: drops sessions that have expired. */
export function deleteExpiredSessions(db: Db, clock: Clock): void {
  const now = clock.now();
  db.delete(adminSessions).where(lt(adminSessions.expiresAt, now)).run();
  db.delete(parentSessions).where(and(lt(parentSessions.expiresAt, now))).run();
}
