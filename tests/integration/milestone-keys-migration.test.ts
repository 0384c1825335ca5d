/**
 * Milestones have a stable key (db/milestones.ts, the `milestones.key` column), what the Spanish catalogue
 * (shared/i18n/milestones-es.ts) and the seed find them by. Migration 0016 gives the milestones a database seeded
 * before it already holds their keys, found by their names; the seed then changes nothing it should not, however
 * often it runs, and a reworded name keeps the milestone's id, its achievements and its Spanish.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, it } from 'vitest';
import { MILESTONES } from '../../db/milestones';
import * as schema from '../../db/schema';
import { childAchievements, enrolledChildren, milestones } from '../../db/schema';
import { seedReferenceData } from '../../db/seed';
import type { Db } from '../../src/server/db';
import { MIGRATIONS_DIR } from '../../src/server/db';
import { milestoneIn } from '../../src/shared/i18n/milestones-es';

const dir = mkdtempSync(join(tmpdir(), 'milestone-keys-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database migrated up to the migration before the keys, as one seeded by the code of before them. */
function databaseFromBeforeTheKeys(name: string) {
  const before = join(dir, `migrations-${name}`);
  cpSync(MIGRATIONS_DIR, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('milestone_keys'));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  const sqlite = new Database(join(dir, `${name}.sqlite`));
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  migrate(db, { migrationsFolder: before });
  // The old seed: every milestone by its name, no key. And one a centre's older seed wrote that is gone since.
  const insert = sqlite.prepare(
    'INSERT INTO milestones (id, name, description, category, age_range, badge_icon, badge_color, difficulty) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const m of MILESTONES)
    insert.run(`old-${m.key}`, m.name, m.description, m.category, m.ageRange, m.badgeIcon, m.badgeColor, m.difficulty);
  insert.run('old-retired', 'Claps Hands', 'Claps.', 'physical', '6-12months', 'Hand', '#000000', 'easy');
  sqlite
    .prepare(
      "INSERT INTO enrolled_children (id, child_name, date_of_birth, program, start_date, parent_name, parent_email) VALUES ('kid', 'Nora', '2022-01-01', 'preschool', '2025-09-01', 'Ruth', 'ruth@example.com')",
    )
    .run();
  sqlite
    .prepare(
      "INSERT INTO child_achievements (id, child_id, milestone_id, achieved_at) VALUES ('won', 'kid', 'old-counts-to-ten', '2026-01-05')",
    )
    .run();
  return { sqlite, db };
}

const rows = (db: Db) =>
  db.select({ id: milestones.id, key: milestones.key, name: milestones.name }).from(milestones).orderBy(asc(milestones.id)).all();

it('the migration gives every milestone seeded before it its key, by its name, and leaves a retired one without', () => {
  const { sqlite, db } = databaseFromBeforeTheKeys('migration');
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const after = rows(db);
  expect(after).toHaveLength(MILESTONES.length + 1);
  for (const m of MILESTONES) expect(after).toContainEqual({ id: `old-${m.key}`, key: m.key, name: m.name });
  expect(after).toContainEqual({ id: 'old-retired', key: null, name: 'Claps Hands' });
  sqlite.close();
});

it('the seed after the migration adds nothing, keeps every id and achievement, and changes nothing on its second run', () => {
  const { sqlite, db } = databaseFromBeforeTheKeys('seed');
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const migrated = rows(db);
  seedReferenceData(db);
  expect(rows(db)).toEqual(migrated);
  seedReferenceData(db);
  expect(rows(db)).toEqual(migrated);
  expect(db.select().from(childAchievements).all()).toMatchObject([{ milestoneId: 'old-counts-to-ten', childId: 'kid' }]);
  expect(db.select({ id: enrolledChildren.id }).from(enrolledChildren).all()).toEqual([{ id: 'kid' }]);
  sqlite.close();
});

it('a name reworded in the seed reaches the same row, which keeps its achievement and its Spanish', () => {
  const { sqlite, db } = databaseFromBeforeTheKeys('reworded');
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  seedReferenceData(
    db,
    MILESTONES.map((m) =>
      m.key === 'counts-to-ten' ? { ...m, name: 'Counts Aloud to Ten', description: 'Counts aloud from one to ten.' } : m,
    ),
  );
  const row = db.select().from(milestones).where(eq(milestones.key, 'counts-to-ten')).get()!;
  expect(row).toMatchObject({ id: 'old-counts-to-ten', name: 'Counts Aloud to Ten', description: 'Counts aloud from one to ten.' });
  expect(rows(db)).toHaveLength(MILESTONES.length + 1);
  expect(db.select().from(childAchievements).all()).toMatchObject([{ milestoneId: 'old-counts-to-ten' }]);
  expect(milestoneIn('es', row).name).toBe('Cuenta hasta diez');
  sqlite.close();
});

it('a fresh database gets every milestone once, with its key, however often the seed runs', () => {
  const sqlite = new Database(join(dir, 'fresh.sqlite'));
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  seedReferenceData(db);
  const first = rows(db);
  seedReferenceData(db);
  expect(rows(db)).toEqual(first);
  expect(first.map((r) => r.key).sort()).toEqual(MILESTONES.map((m) => m.key).sort());
  sqlite.close();
});
