import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminUsers,
  announcements,
  childAchievements,
  dailyActivities,
  developmentNotes,
  enrolledChildren,
  events,
  milestones,
  parentChildRelationships,
  parentPreferences,
  parentSessions,
  parentUsers,
  paymentReceipts,
} from '../../db/schema';
import { ABUSE_FAMILIES, LOAD_FAMILY, seedBenchDatabase, seedBenchFamily, WEB_DATABASE, WEB_FAMILY } from '../../scripts/bench-family';
import { seedDemo } from '../../scripts/seed-demo';
import { ensureFirstAdmin, prepareDatabase, upsertAdmin } from '../../src/server/bootstrap';
import { verifyPassword } from '../../src/server/auth/password';
import { validateParentToken } from '../../src/server/auth/session';
import { systemClock } from '../../src/server/clock';
import { type Db, openDatabase } from '../../src/server/db';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-seed-'));
  dirs.push(dir);
  return dir;
}
function freshDb(): Db {
  return openDatabase(join(freshDir(), 'app.sqlite'));
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

describe('the bench family (scripts/bench-family.ts)', () => {
  /** A family's rows, as each bench reads them: children, links, records, receipts, and whether its token signs in. */
  function familyRows(db: Db, family: { parentId: string; email: string; token: string; childIds: string[] }) {
    const where = <T extends SQLiteTable>(t: T, condition: ReturnType<typeof eq>) =>
      db
        .select({ n: count() })
        .from(t as SQLiteTable)
        .where(condition)
        .get()!.n;
    return {
      children: where(enrolledChildren, eq(enrolledChildren.parentEmail, family.email)),
      links: where(parentChildRelationships, eq(parentChildRelationships.parentId, family.parentId)),
      activities: where(dailyActivities, inArray(dailyActivities.childId, family.childIds)),
      notes: where(developmentNotes, inArray(developmentNotes.childId, family.childIds)),
      privateNotes: where(developmentNotes, and(inArray(developmentNotes.childId, family.childIds), eq(developmentNotes.isPrivate, true))!),
      receipts: where(paymentReceipts, eq(paymentReceipts.parentEmail, family.email)),
      signsIn: validateParentToken(db, systemClock, family.token)?.kind === 'parent',
    };
  }
  const statistics = (db: Db) => db.$client.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").get();

  it("bench:web's: a child with a month of records, the saved language, no query statistics", async () => {
    // Without the three photos (the gallery's own code, about 10 s of image encoding).
    const web = await seedBenchDatabase(freshDir(), (db) => seedBenchFamily(db, { ...WEB_FAMILY, language: 'es' }), {
      ...WEB_DATABASE,
      photos: false,
    });
    const db = openDatabase(web.databasePath);
    expect(familyRows(db, web.families)).toEqual({
      children: 1,
      links: 1,
      activities: 30,
      notes: 10,
      privateNotes: 0,
      receipts: 0,
      signsIn: true,
    });
    expect([parentUsers, parentSessions].map((t) => rows(db, t))).toEqual([1, 1]);
    expect(db.select({ language: parentPreferences.language }).from(parentPreferences).all()).toEqual([{ language: 'es' }]);
    expect(statistics(db)).toEqual({ n: 0 });
    expect(web.families.stored).toEqual(
      db
        .select({
          id: parentUsers.id,
          email: parentUsers.email,
          firstName: parentUsers.firstName,
          lastName: parentUsers.lastName,
          phone: parentUsers.phone,
        })
        .from(parentUsers)
        .get(),
    );
    db.$client.close();
  });

  it("bench:load's and bench:abuse's: a year of records for two children; three families with a receipt each", async () => {
    const load = await seedBenchDatabase(freshDir(), (db) => seedBenchFamily(db, LOAD_FAMILY));
    let db = openDatabase(load.databasePath);
    expect(familyRows(db, load.families)).toEqual({
      children: 2,
      links: 2,
      activities: 730,
      notes: 400,
      privateNotes: 40,
      receipts: 0,
      signsIn: true,
    });
    expect([parentUsers, parentSessions, parentPreferences].map((t) => rows(db, t))).toEqual([1, 1, 0]);
    expect(statistics(db)).toEqual({ n: 1 });
    db.$client.close();

    const abuse = await seedBenchDatabase(freshDir(), (d) => Object.values(ABUSE_FAMILIES).map((spec) => seedBenchFamily(d, spec)));
    db = openDatabase(abuse.databasePath);
    for (const family of abuse.families) {
      expect(family.year).toBe(new Date().getFullYear());
      expect(familyRows(db, family)).toEqual({
        children: 1,
        links: 1,
        activities: 0,
        notes: 0,
        privateNotes: 0,
        receipts: 1,
        signsIn: true,
      });
    }
    expect([parentUsers, parentSessions, paymentReceipts].map((t) => rows(db, t))).toEqual([3, 3, 3]);
    db.$client.close();
  });
});
