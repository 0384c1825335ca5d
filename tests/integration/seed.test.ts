import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUsers, announcements, childAchievements, enrolledChildren, events, milestones } from '../../db/schema';
import { seedDemo } from '../../scripts/seed-demo';
import { ensureFirstAdmin, prepareDatabase, upsertAdmin } from '../../src/server/bootstrap';
import { verifyPassword } from '../../src/server/auth/password';
import { type Db, openDatabase } from '../../src/server/db';

const dirs: string[] = [];
function freshDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-seed-'));
  dirs.push(dir);
  return openDatabase(join(dir, 'app.sqlite'));
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const rows = (db: Db, t: SQLiteTable) => db.select({ n: count() }).from(t).get()!.n;

describe('reference data and bootstrap', () => {
  it('seeds milestones once, however often the server starts', () => {
    const db = freshDb();
    prepareDatabase(db);
    const first = rows(db, milestones);
    expect(first).toBeGreaterThanOrEqual(15);
    prepareDatabase(db);
    prepareDatabase(db);
    expect(rows(db, milestones)).toBe(first);
  });

  it('creates the first admin from the environment only when no admin exists, with an argon2id hash', async () => {
    const db = freshDb();
    expect(await ensureFirstAdmin(db, { email: 'director@centre.example', password: 'first passphrase', name: 'Dana' })).toBe(true);
    expect(await ensureFirstAdmin(db, { email: 'other@centre.example', password: 'second passphrase', name: 'Other' })).toBe(false);
    const all = db.select().from(adminUsers).all();
    expect(all).toHaveLength(1);
    expect(all[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(all[0]!.passwordHash, 'first passphrase')).toBe(true);
  });

  it('admin:upsert resets an existing admin password', async () => {
    const db = freshDb();
    await upsertAdmin(db, { email: 'director@centre.example', password: 'old passphrase', name: 'Dana' });
    expect(await upsertAdmin(db, { email: 'director@centre.example', password: 'new passphrase', name: 'Dana' })).toBe('updated');
    const hash = db.select().from(adminUsers).get()!.passwordHash;
    expect(await verifyPassword(hash, 'new passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'old passphrase')).toBe(false);
  });
});

describe('npm run seed:demo', () => {
  it('adds events, announcements and achievements, and adds nothing the second time', () => {
    const db = freshDb();
    prepareDatabase(db);
    seedDemo(db);
    const counts = () => [events, announcements, enrolledChildren, childAchievements].map((t) => rows(db, t));
    const after = counts();
    expect(after.every((n) => n > 0)).toBe(true);
    seedDemo(db);
    expect(counts()).toEqual(after);
  });
});
