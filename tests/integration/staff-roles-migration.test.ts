/**
 * Migration 0009 (staff roles and the audit log) on a database from before it: every existing staff account
 * becomes an active director, and a session signed in before the upgrade keeps working after it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { adminUsers } from '../../db/schema';
import { validateAdminToken } from '../../src/server/auth/session';
import type { Db } from '../../src/server/db';
import { MIGRATIONS_DIR } from '../../src/server/db';
import { fakeClock } from '../helpers/server';

const dir = mkdtempSync(join(tmpdir(), 'staff-roles-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps every existing account (now a director) and session working', () => {
  // The migrations as they were before this one: the same files, the journal cut before 0009.
  const before = join(dir, 'migrations');
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('staff_roles_and_audit'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

  const sqlite = new Database(join(dir, 'app.sqlite'));
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  migrate(db, { migrationsFolder: before });
  sqlite
    .prepare("INSERT INTO admin_users (id, email, password_hash, name) VALUES ('old-admin', 'old@centre.example', 'x', 'Old Admin')")
    .run();
  const clock = fakeClock();
  // A session as the code of before the upgrade wrote it: id, admin id, the secret's SHA-256 in hex, expiry. Written
  // by hand, as today's createAdminSession names columns later migrations added (a second factor's recent proof).
  const secret = 'oldsessionsecretoldsessionsecret';
  const secretHash = encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
  const expiresAt = clock.now().getTime() + 60 * 60 * 1000;
  sqlite
    .prepare('INSERT INTO admin_sessions (id, admin_id, secret_hash, expires_at) VALUES (?, ?, ?, ?)')
    .run('old-session', 'old-admin', secretHash, expiresAt);
  const token = `old-session.${secret}`;

  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  expect(db.select({ role: adminUsers.role, isActive: adminUsers.isActive }).from(adminUsers).all()).toEqual([
    { role: 'director', isActive: true },
  ]);
  const auth = validateAdminToken(db, clock, token);
  expect(auth).toMatchObject({ kind: 'admin', admin: { id: 'old-admin', role: 'director' } });
  sqlite.close();
});
