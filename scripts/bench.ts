/**
 * `npm run bench`: numbers behind "fast on one small server and on a phone", measured rather than asserted.
 *  - API: requests per second and latency percentiles for the public GET paths and the enrollment POST,
 *    against the real app over a temporary database seeded with the demo content.
 *  - Sign-in cost: one argon2id hash with the production parameters.
 *  - Client weight: gzip bytes of the JavaScript and CSS the home page loads first (needs `npm run build`).
 * Usage: npm run bench [-- --requests 2000 --concurrency 16]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { seedDemo } from '../db/seed-demo';
import { createApp, DEFAULT_CLIENT_DIR } from '../src/server/app';
import { dailyActivities, developmentNotes, enrolledChildren, parentChildRelationships, parentUsers } from '../db/schema';
import { hashPassword } from '../src/server/auth/password';
import { createParentSession } from '../src/server/auth/session';
import { prepareDatabase } from '../src/server/bootstrap';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { createMailer } from '../src/server/services/mailer';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 2000);
const CONCURRENCY = arg('concurrency', 16);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(url: string, init?: RequestInit, concurrency = CONCURRENCY) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        try {
          const res = await fetch(url, init);
          await res.arrayBuffer();
          if (!res.ok) failures++;
          times.push(performance.now() - t);
        } catch {
          // A connection the machine could not keep (reset under load): counted, not measured.
          failures++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: Math.round(times.length / seconds), p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-bench-'));
  const config = loadConfig({ DATABASE_PATH: join(dir, 'app.sqlite'), UPLOADS_DIR: join(dir, 'uploads'), PUBLIC_URL: 'http://127.0.0.1' });
  mkdirSync(config.uploadsDir);
  const db = openDatabase(config.databasePath);
  prepareDatabase(db);
  seedDemo(db);
  const app = createApp({ db, config, mailer: createMailer(config, db), clock: systemClock });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  console.log(`API: ${REQUESTS} requests per path, ${CONCURRENCY} at a time (Node ${process.version})`);
  console.log('path'.padEnd(34), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8));
  for (const path of ['/api/events', '/api/announcements', '/api/gallery', '/api/milestones', '/api/achievements/recent']) {
    const r = await load(base + path);
    console.log(path.padEnd(34), String(r.rps).padStart(7), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), r.failures ? `${r.failures} failed` : '');
  }
  // The enrollment limiter would answer 429 after 20; an invalid body measures validation alone.
  const invalid = await load(`${base}/api/enrollment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ parentEmail: 'x' }) });
  console.log('POST /api/enrollment (invalid)'.padEnd(34), String(invalid.rps).padStart(7), invalid.p50.toFixed(1).padStart(8), invalid.p95.toFixed(1).padStart(8), invalid.p99.toFixed(1).padStart(8));

  // The parent dashboard: a family with two children and a year of activities and notes each.
  const parent = db.insert(parentUsers).values({ email: 'bench.parent@example.com', firstName: 'Bench', lastName: 'Parent', passwordHash: 'x' }).returning().get();
  const childIds: string[] = [];
  for (const name of ['Bench One', 'Bench Two']) {
    const child = db.insert(enrolledChildren).values({ childName: name, parentName: 'Bench Parent', parentEmail: parent.email, dateOfBirth: '2023-02-10', program: 'preschool', startDate: '2025-09-01' }).returning().get();
    db.insert(parentChildRelationships).values({ parentId: parent.id, childId: child.id }).run();
    childIds.push(child.id);
    const day = (i: number) => new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
    db.insert(dailyActivities)
      .values(Array.from({ length: 365 }, (_, i) => ({ childId: child.id, activityDate: day(i), category: 'learning', title: `Activity ${i}`, description: 'Stories and songs', duration: 30, skillsPracticed: ['listening', `skill ${i % 40}`], enjoymentLevel: 4 })))
      .run();
    db.insert(developmentNotes)
      .values(Array.from({ length: 200 }, (_, i) => ({ childId: child.id, authorName: 'Classroom Teacher', category: 'social', title: `Note ${i}`, content: 'Played well with friends', isPrivate: i % 10 === 0, createdAt: new Date(Date.now() - i * 86_400_000) })))
      .run();
  }
  const { token } = createParentSession(db, systemClock, parent.id);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const PARENT_CONCURRENCY = 50;
  const dashboardInput = encodeURIComponent(JSON.stringify({ 0: { json: { childId: null } } }));
  console.log(`\nParent dashboard: ${REQUESTS} requests per call, ${PARENT_CONCURRENCY} at a time (365 activities and 200 notes per child)`);
  for (const [name, path] of [
    ['dashboard (tRPC, the first load)', `/api/trpc/parentPortal.dashboard?batch=1&input=${dashboardInput}`],
    ['GET /api/parent/children', '/api/parent/children'],
    ['GET /api/parent/stats/{id}', `/api/parent/stats/${childIds[0]}`],
    ['GET daily-activities (page of 20)', `/api/parent/daily-activities/${childIds[0]}?limit=20`],
    ['GET development-notes (page of 20)', `/api/parent/development-notes/${childIds[0]}?limit=20`],
  ] as const) {
    const r = await load(base + path, auth, PARENT_CONCURRENCY);
    console.log(name.padEnd(34), String(r.rps).padStart(7), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), r.failures ? `${r.failures} failed` : '');
  }

  const t = performance.now();
  await hashPassword('benchmark passphrase');
  console.log(`\nargon2id hash (19 MiB, 2 passes): ${(performance.now() - t).toFixed(0)} ms`);

  const index = resolve(DEFAULT_CLIENT_DIR, 'index.html');
  if (existsSync(index)) {
    const html = readFileSync(index, 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    let total = 0;
    for (const asset of assets) {
      const gz = gzipSync(readFileSync(resolve(DEFAULT_CLIENT_DIR, `.${asset}`))).byteLength;
      total += gz;
      console.log(`  ${asset.padEnd(44)} ${(gz / 1024).toFixed(1).padStart(7)} KiB gzip`);
    }
    console.log(`First load of any page (before its route chunk): ${(total / 1024).toFixed(1)} KiB gzip`);
  } else {
    console.log('\n(no client build: run `npm run build` to measure the client weight)');
  }

  await new Promise<void>((r) => server.close(() => r()));
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
