/**
 * The app that `bench:web` (scripts/bench-web.ts) and `scripts/trace-dashboard.ts` measure: a temporary database with
 * the demo content and a signed-in parent (`seed`), and the production start of a build over it (`startApp`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  dailyActivities,
  developmentNotes,
  enrolledChildren,
  parentChildRelationships,
  parentPreferences,
  parentUsers,
} from '../db/schema';
import { seedDemo } from './seed-demo';
import { PROJECT_ROOT } from '../src/server/app';
import { createParentSession } from '../src/server/auth/session';
import { prepareDatabase } from '../src/server/bootstrap';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { storeGalleryPicture } from '../src/server/services/images';

export type BenchLanguage = 'en' | 'es';

/** The seeded parent: their session's token and the record the portal keeps in the browser's storage. */
export interface BenchParent {
  token: string;
  stored: object;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
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

/**
 * The temporary database: demo content, three gallery uploads, a parent with a child and a month of records; the
 * parent's saved language is `language`.
 */
export async function seed(dir: string, language: BenchLanguage) {
  const config = loadConfig({ DATABASE_PATH: join(dir, 'app.sqlite'), UPLOADS_DIR: join(dir, 'uploads'), PUBLIC_URL: 'http://127.0.0.1' });
  mkdirSync(config.uploadsDir, { recursive: true });
  const db = openDatabase(config.databasePath);
  prepareDatabase(db);
  seedDemo(db);
  const deps = { db, config, clock: systemClock };
  for (const [i, caption] of ['Story time on the rug', 'Painting at the easel', 'Planting sunflowers'].entries()) {
    await storeGalleryPicture(deps, { bytes: await photo(1800, 1350, i * 70), name: `photo-${i}.jpg` }, { category: 'classroom', caption });
  }

  const parent = db
    .insert(parentUsers)
    .values({
      email: 'bench.parent@example.com',
      firstName: 'Bench',
      lastName: 'Parent',
      passwordHash: 'not used: the session is made directly',
    })
    .returning()
    .get();
  const child = db
    .insert(enrolledChildren)
    .values({
      childName: 'Robin Parent',
      parentName: 'Bench Parent',
      parentEmail: parent.email,
      dateOfBirth: '2023-02-10',
      program: 'preschool',
      startDate: '2025-09-01',
    })
    .returning()
    .get();
  db.insert(parentChildRelationships).values({ parentId: parent.id, childId: child.id }).run();
  if (language === 'es') db.insert(parentPreferences).values({ parentId: parent.id, language: 'es' }).run();
  const day = (i: number) => new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
  db.insert(dailyActivities)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        childId: child.id,
        activityDate: day(i),
        category: 'learning',
        title: `Stories and songs ${i}`,
        description: 'Listened to a story and sang along',
        duration: 30,
        skillsPracticed: ['listening', 'counting'],
        enjoymentLevel: 4,
      })),
    )
    .run();
  db.insert(developmentNotes)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        childId: child.id,
        authorName: 'Classroom Teacher',
        category: 'social',
        title: `Note ${i}`,
        content: 'Played well with friends at the water table',
        isPrivate: false,
        createdAt: new Date(Date.now() - i * 86_400_000),
      })),
    )
    .run();
  const { token } = createParentSession(db, systemClock, parent.id);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  const stored = { id: parent.id, email: parent.email, firstName: parent.firstName, lastName: parent.lastName, phone: parent.phone };
  return { config, parent: { token, stored } };
}

/** `npm start` (the production start, whatever it runs) in its own process group, ready when the API answers. */
export async function startApp(dir: string, port: number, root = PROJECT_ROOT): Promise<ChildProcess> {
  const app = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_PATH: join(dir, 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'bench.admin@example.com',
      ADMIN_PASSWORD: 'bench admin passphrase 2026',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/events`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return app;
    if (Date.now() > deadline) throw new Error('the app did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function stopApp(app: ChildProcess) {
  if (app.pid && app.exitCode === null) process.kill(-app.pid, 'SIGTERM');
}
