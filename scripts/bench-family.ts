/**
 * The bench family: the parent account, children and records the benches sign in as and read, in one place.
 * `seedBenchFamily` writes one family over a drizzle handle; `seedBenchDatabase` makes a bench's temporary database
 * at a path (migrations, reference data, `seed:demo`, optionally three gallery photos) and writes its families.
 * Each bench's are declared here: `WEB_FAMILY` and `WEB_DATABASE` (bench:web and trace-dashboard.ts, through
 * bench-web-app.ts), `LOAD_FAMILY` (bench:load), `ABUSE_FAMILIES` (bench:abuse). Sessions are made directly, as the
 * app makes them (no password sign-in). tests/integration/seed.test.ts checks the rows each bench gets.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { dailyActivities, developmentNotes, enrolledChildren, parentUsers, paymentReceipts } from '../db/schema';
import { seedDemo } from './seed-demo';
import { createParentSession } from '../src/server/auth/session';
import { prepareDatabase } from '../src/server/bootstrap';
import { type Clock, systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { closeDatabase, type Db, openDatabase } from '../src/server/db';
import { linkExistingAccount } from '../src/server/parents/accounts';
import { updatePreferences } from '../src/server/parents/preferences';
import { storeGalleryPicture } from '../src/server/services/images';
import type { Language } from '../src/shared/i18n/languages';

/**
 * Each child's records: `month`, 30 days of activities and 10 shared notes (the dashboard bench:web opens);
 * `year`, 365 days of activities over 40 skills and 200 notes, a tenth of them private (bench:load's reads);
 * `none`, no records.
 */
export type BenchRecords = 'none' | 'month' | 'year';

export interface BenchFamilySpec {
  email: string;
  firstName: string;
  lastName: string;
  /** One enrolled child per name, each linked to the parent. */
  children: string[];
  records: BenchRecords;
  /** The parent's saved language; English is the default and saves nothing. */
  language?: Language;
  /** A tuition receipt for the first child on 15 January of this year (for the year-end statement's PDF). */
  receipt?: boolean;
}

export interface BenchFamily {
  parentId: string;
  email: string;
  /** The parent's session token (bearer or cookie). */
  token: string;
  /** The parent's record as the portal keeps it in the browser's storage beside the token. */
  stored: { id: string; email: string; firstName: string; lastName: string; phone: string | null };
  childIds: string[];
  /** The year of the receipt (and so of the tax statement). */
  year: number;
}

/** bench:web's and trace-dashboard.ts's parent: one child with a month of records. */
export const WEB_FAMILY: BenchFamilySpec = {
  email: 'bench.parent@example.com',
  firstName: 'Bench',
  lastName: 'Parent',
  children: ['Robin Parent'],
  records: 'month',
};

/** bench:web's database: the gallery's photos (the image audits), and no query statistics (as it always had). */
export const WEB_DATABASE: BenchDatabaseOptions = { photos: true, optimize: false };

/** bench:load's parent: two children with a year of records each. */
export const LOAD_FAMILY: BenchFamilySpec = {
  email: 'load.parent@example.com',
  firstName: 'Load',
  lastName: 'Parent',
  children: ['Load One', 'Load Two'],
  records: 'year',
};

/** bench:abuse's families, each with a child and a receipt: the one that floods, the polite one, and the day before. */
export const ABUSE_FAMILIES = {
  attacker: abuseFamily('flood.parent@example.com'),
  polite: abuseFamily('polite.parent@example.com'),
  earlier: abuseFamily('earlier.parent@example.com'),
};

function abuseFamily(email: string): BenchFamilySpec {
  return { email, firstName: 'Pat', lastName: 'Parent', children: [`Child of ${email}`], records: 'none', receipt: true };
}

const DAY_MS = 86_400_000;

function writeRecords(db: Db, childId: string, records: BenchRecords, now: number) {
  if (records === 'none') return;
  const day = (i: number) => new Date(now - i * DAY_MS).toISOString().slice(0, 10);
  const year = records === 'year';
  db.insert(dailyActivities)
    .values(
      Array.from({ length: year ? 365 : 30 }, (_, i) => ({
        childId,
        activityDate: day(i),
        category: 'learning',
        title: year ? `Activity ${i}` : `Stories and songs ${i}`,
        description: year ? 'Stories and songs' : 'Listened to a story and sang along',
        duration: 30,
        skillsPracticed: ['listening', year ? `skill ${i % 40}` : 'counting'],
        enjoymentLevel: 4,
      })),
    )
    .run();
  db.insert(developmentNotes)
    .values(
      Array.from({ length: year ? 200 : 10 }, (_, i) => ({
        childId,
        authorName: 'Classroom Teacher',
        category: 'social',
        title: `Note ${i}`,
        content: year ? 'Played well with friends' : 'Played well with friends at the water table',
        isPrivate: year && i % 10 === 0,
        createdAt: new Date(now - i * DAY_MS),
      })),
    )
    .run();
}

/** Writes one family (parent, children, links, records, receipts, preferences, a session) and answers what a bench needs. */
export function seedBenchFamily(db: Db, spec: BenchFamilySpec, clock: Clock = systemClock): BenchFamily {
  const now = clock.now();
  const year = now.getFullYear();
  const parentName = `${spec.firstName} ${spec.lastName}`;
  const parent = db
    .insert(parentUsers)
    .values({ email: spec.email, firstName: spec.firstName, lastName: spec.lastName, passwordHash: 'unused: sessions are made directly' })
    .returning()
    .get();
  const childIds = spec.children.map((childName) => {
    const child = db
      .insert(enrolledChildren)
      .values({ childName, parentName, parentEmail: spec.email, dateOfBirth: '2023-02-10', program: 'preschool', startDate: '2025-09-01' })
      .returning()
      .get();
    linkExistingAccount(db, spec.email, child.id);
    writeRecords(db, child.id, spec.records, now.getTime());
    return child.id;
  });
  if (spec.receipt)
    db.insert(paymentReceipts)
      .values({
        childId: childIds[0]!,
        childName: spec.children[0]!,
        parentName,
        parentEmail: spec.email,
        paymentType: 'tuition',
        amount: '250.00',
        paymentMethod: 'cash',
        paymentDate: `${year}-01-15`,
        receiptNumber: `R-${spec.email}`,
      })
      .run();
  if (spec.language && spec.language !== 'en') updatePreferences(db, parent.id, { language: spec.language }, now);
  const { token } = createParentSession(db, clock, parent.id);
  const stored = { id: parent.id, email: parent.email, firstName: parent.firstName, lastName: parent.lastName, phone: parent.phone };
  return { parentId: parent.id, email: parent.email, token, stored, childIds, year };
}

/** A photo-like picture (gradients and noise), so the image audits see what a real upload costs. */
function photo(width: number, height: number, hue: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (i * 2654435761) % 23;
      raw[i] = (hue + (x * 120) / width + noise) % 256;
      raw[i + 1] = (90 + (y * 100) / height + noise) % 256;
      raw[i + 2] = (160 - (x * 60) / width + noise) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

export interface BenchDatabaseOptions {
  /** Three gallery uploads (1800x1350 photos, stored as the gallery stores them). */
  photos?: boolean;
  /**
   * Close as the server does at shutdown (`closeDatabase`: PRAGMA optimize, which writes sqlite_stat1, then the WAL
   * checkpoint). False: the checkpoint only, so the server plans its queries without statistics (bench:web's database).
   */
  optimize?: boolean;
}

/**
 * `dir`/app.sqlite, migrated, with the reference data, the demo content and what `families` writes (its answer is
 * `families` here); `dir`/uploads for the gallery. Closed when done, for the bench to start the built app over it.
 */
export async function seedBenchDatabase<T>(dir: string, families: (db: Db) => T, options: BenchDatabaseOptions = {}) {
  const databasePath = join(dir, 'app.sqlite');
  const uploadsDir = join(dir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const db = openDatabase(databasePath);
  try {
    prepareDatabase(db);
    seedDemo(db);
    if (options.photos) {
      const config = loadConfig({ DATABASE_PATH: databasePath, UPLOADS_DIR: uploadsDir, PUBLIC_URL: 'http://127.0.0.1' });
      const deps = { db, config, clock: systemClock };
      for (const [i, caption] of ['Story time on the rug', 'Painting at the easel', 'Planting sunflowers'].entries()) {
        await storeGalleryPicture(
          deps,
          { bytes: await photo(1800, 1350, i * 70), name: `photo-${i}.jpg` },
          { category: 'classroom', caption },
        );
      }
    }
    return { databasePath, uploadsDir, families: families(db) };
  } finally {
    if (options.optimize === false) {
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
      db.$client.close();
    } else closeDatabase(db);
  }
}
