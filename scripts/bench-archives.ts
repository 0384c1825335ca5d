/**
 * `npm run bench:archives [-- --archives 20 --runs 5 --before <checkout>]`: a public GET's latency while twenty
 * directors each download a child's archive at the same moment (ADR 068). The BUILT app (dist/server/index.js, as
 * `npm start` runs it) in a process of its own, over a temporary database with a year of a centre
 * (scripts/seed-scale.ts, size small: each child with about 500 activities, 100 notes and 100 receipts), to which
 * each child gets 30 photos of the day (WebP pictures of 46 KB) and 3 documents the family sent.
 *
 * Each director asks once; a 429 is asked again after its Retry-After, as a person would, until every archive
 * has been received whole. Meanwhile a visitor's thread GETs /api/events every 50 ms, each on a connection of its
 * own. Reported per run: the GET's p50 / p99 / max over the window from the first archive asked to the last one
 * received, the window's length, and how many answers were 429.
 *
 * `--before <checkout>`: another checkout whose dist/server/index.js is built (the code before a change); the
 * runs then alternate between it and this one (before, after, before, ...), each over a fresh copy of the same
 * database. Not a test: the figures go in docs/performance.md.
 */
import { execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { adminUsers, childPhotos, childPhotoTags, documentRequests, enrolledChildren, privateFiles } from '../db/schema';
import { ADMIN_COOKIE } from '../src/server/auth/cookies';
import { createAdminSession } from '../src/server/auth/session';
import { prepareDatabase } from '../src/server/bootstrap';
import { systemClock } from '../src/server/clock';
import { closeDatabase, openDatabase } from '../src/server/db';
import { SIZES, seedScale } from './seed-scale';
import { startNodeFlags } from './start-flags';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ARCHIVES = Number(arg('archives') ?? 20);
const RUNS = Number(arg('runs') ?? 1);
const BEFORE = arg('before') ? resolve(arg('before')!) : null;
const PHOTOS_PER_CHILD = 30;
const DOCUMENTS_PER_CHILD = 3;
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** The database and private files every run starts from (copied for each run): a year of a centre, with photos and documents. */
async function seed(dir: string): Promise<{ cookies: string[]; childIds: string[] }> {
  const db = openDatabase(join(dir, 'app.sqlite'));
  prepareDatabase(db);
  seedScale(db, SIZES.small);
  const children = db.select({ id: enrolledChildren.id, parentEmail: enrolledChildren.parentEmail }).from(enrolledChildren).all();
  const photoDir = join(dir, 'private', 'child-photos');
  const documentDir = join(dir, 'private', 'documents');
  mkdirSync(photoDir, { recursive: true });
  mkdirSync(documentDir, { recursive: true });
  // A photo as the server stores one (WebP, a phone picture scaled down), from noise so it does not shrink to nothing.
  const noise = Buffer.alloc(1280 * 960 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 1280, height: 960, channels: 3 } })
    .blur(1.5)
    .webp({ quality: 80 })
    .toBuffer();
  const document = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(400 * 1024, 32), Buffer.from('\n%%EOF\n')]);
  const day = 86_400_000;
  for (const child of children) {
    for (let p = 0; p < PHOTOS_PER_CHILD; p++) {
      const storedName = `${randomUUID()}.webp`;
      writeFileSync(join(photoDir, storedName), photo);
      const takenAt = new Date(Date.now() - (p + 1) * 7 * day);
      const date = takenAt.toISOString().slice(0, 10);
      const row = db
        .insert(childPhotos)
        .values({
          storedName,
          originalName: `IMG_${p}.jpg`,
          mimeType: 'image/webp',
          size: photo.length,
          width: 1280,
          height: 960,
          takenAt,
          date,
        })
        .returning({ id: childPhotos.id })
        .get();
      db.insert(childPhotoTags).values({ photoId: row.id, childId: child.id, takenAt, date }).run();
    }
    for (let d = 0; d < DOCUMENTS_PER_CHILD; d++) {
      const storedName = `${randomUUID()}.pdf`;
      writeFileSync(join(documentDir, storedName), document);
      const file = db
        .insert(privateFiles)
        .values({
          storedName,
          originalName: `Form ${d}.pdf`,
          mimeType: 'application/pdf',
          size: document.length,
          ownerType: 'parent',
          ownerId: child.parentEmail,
        })
        .returning({ id: privateFiles.id })
        .get();
      db.insert(documentRequests)
        .values({
          adminName: 'Director',
          parentId: child.parentEmail,
          childId: child.id,
          title: `Form ${d}`,
          description: 'Please send',
          status: 'completed',
          responseDocumentUrl: `/api/documents/${file.id}`,
        })
        .run();
    }
  }
  const cookies: string[] = [];
  for (let i = 0; i < ARCHIVES; i++) {
    const admin = db
      .insert(adminUsers)
      .values({ email: `bench.director${i}@example.com`, name: `Director ${i}`, passwordHash: 'no-password', role: 'director' })
      .returning({ id: adminUsers.id })
      .get();
    // Sessions last days: made once here, valid in every run's copy.
    cookies.push(`${ADMIN_COOKIE}=${createAdminSession(db, systemClock, admin.id).token}`);
  }
  closeDatabase(db);
  return { cookies, childIds: children.map((c) => c.id) };
}

/** A visitor's GETs of /api/events every 50 ms from a thread of its own (this one is busy with the downloads). */
const VISITOR = `
const { request } = require('node:http');
const { parentPort, workerData: { port } } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
const read = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { connection: 'close' }, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, at: Date.now() }));
  });
  req.on('error', () => resolve({ status: 0, ms: performance.now() - started, at: Date.now() }));
  req.on('timeout', () => req.destroy());
  req.end();
});
(async () => {
  while (running) {
    const tick = Date.now();
    parentPort.postMessage(await read());
    await new Promise((r) => setTimeout(r, Math.max(0, 50 - (Date.now() - tick))));
  }
  parentPort.close();
})();
`;

/** One download, read whole: its status, its Retry-After, its size. */
function download(port: number, path: string, cookie: string): Promise<{ status: number; retryAfter: number; bytes: number }> {
  return new Promise((done) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, agent: false, headers: { cookie, connection: 'close' }, timeout: 120_000 },
      (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: Number(res.headers['retry-after'] ?? 0), bytes }));
      },
    );
    req.on('error', () => done({ status: 0, retryAfter: 0, bytes: 0 }));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(label: string, appRoot: string, template: string, seeded: { cookies: string[]; childIds: string[] }) {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-bench-archives-run-'));
  cpSync(template, dir, { recursive: true });
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...startNodeFlags(), 'dist/server/index.js'], {
    cwd: appRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dir, 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'error',
    },
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${origin}/api/events`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // A server that has made an archive before (its code loaded and compiled), as one that has served a day has.
    const warm = await download(port, `/api/admin/enrolled-children/${seeded.childIds.at(-1)}/archive.zip`, seeded.cookies.at(-1)!);
    if (warm.status !== 200) throw new Error(`the warm-up archive answered ${warm.status}`);
    for (let i = 0; i < 20; i++) await fetch(`${origin}/api/events`);

    const visitor = new Worker(VISITOR, { eval: true, workerData: { port } });
    const reads: { ms: number; status: number; at: number }[] = [];
    visitor.on('message', (m: { ms: number; status: number; at: number }) => reads.push(m));
    const exited = new Promise((r) => visitor.once('exit', r));
    // Five seconds of the same GETs with nothing else asked: what this machine gives them at the time (it may be shared).
    const quietFrom = Date.now();
    await new Promise((r) => setTimeout(r, 5000));
    const quiet = reads
      .filter((r) => r.at >= quietFrom)
      .map((r) => r.ms)
      .sort((a, b) => a - b);

    const started = Date.now();
    let refused = 0;
    let bytes = 0;
    const sizes: number[] = [];
    await Promise.all(
      seeded.cookies.map(async (cookie, i) => {
        for (;;) {
          const res = await download(
            port,
            `/api/admin/enrolled-children/${seeded.childIds[i % seeded.childIds.length]}/archive.zip`,
            cookie,
          );
          if (res.status === 200) {
            bytes += res.bytes;
            sizes.push(res.bytes);
            return;
          }
          if (res.status !== 429) throw new Error(`an archive answered ${res.status}`);
          refused++;
          await new Promise((r) => setTimeout(r, Math.max(1, res.retryAfter) * 1000));
        }
      }),
    );
    const ended = Date.now();
    visitor.postMessage('stop');
    await exited;
    const during = reads
      .filter((r) => r.at >= started && r.at <= ended)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    const failed = reads.filter((r) => r.status !== 200).length;
    return {
      label,
      quietP99: percentile(quiet, 99),
      p50: percentile(during, 50),
      p99: percentile(during, 99),
      max: during.at(-1) ?? NaN,
      reads: during.length,
      failed,
      seconds: (ended - started) / 1000,
      refused,
      mbPerArchive: bytes / sizes.length / 1024 / 1024,
      load: loadavg()[0]!,
    };
  } finally {
    server.kill();
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  for (const checkout of [root, ...(BEFORE ? [BEFORE] : [])])
    execSync('node scripts/ensure-build.mjs', { cwd: checkout, stdio: 'inherit' });
  const template = mkdtempSync(join(tmpdir(), 'childcare-bench-archives-'));
  try {
    const seeded = await seed(template);
    const results = [];
    for (let i = 0; i < RUNS; i++) {
      const order = BEFORE ? (i % 2 === 0 ? ['before', 'after'] : ['after', 'before']) : ['this'];
      for (const label of order) {
        const result = await run(label, label === 'before' ? BEFORE! : root, template, seeded);
        results.push(result);
        console.log(
          `${label.padEnd(6)} quiet GET p99 ${result.quietP99.toFixed(1)} ms; during: GET p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms over ${result.reads} GETs` +
            ` (${result.failed} failed); ${ARCHIVES} archives of ${result.mbPerArchive.toFixed(1)} MB in ${result.seconds.toFixed(1)} s, ${result.refused} answers 429; load ${result.load.toFixed(1)}`,
        );
      }
    }
    for (const label of new Set(results.map((r) => r.label))) {
      const mine = results.filter((r) => r.label === label);
      const p99s = mine.map((r) => r.p99).sort((a, b) => a - b);
      const secs = mine.map((r) => r.seconds).sort((a, b) => a - b);
      const quiet = mine.map((r) => r.quietP99).sort((a, b) => a - b);
      console.log(
        `${label}: GET p99 median ${percentile(p99s, 50).toFixed(1)} ms (${p99s[0]!.toFixed(1)}-${p99s.at(-1)!.toFixed(1)}), ` +
          `quiet p99 median ${percentile(quiet, 50).toFixed(1)} ms (${quiet[0]!.toFixed(1)}-${quiet.at(-1)!.toFixed(1)}), ` +
          `the ${ARCHIVES} archives in a median ${percentile(secs, 50).toFixed(1)} s (${secs[0]!.toFixed(1)}-${secs.at(-1)!.toFixed(1)}), ${mine.length} runs`,
      );
    }
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}

await main();
