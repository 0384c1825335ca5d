/**
 * `npx tsx scripts/bench-verify.ts [-- --rows 500000 --runs 5]`: does checking the audit chain hold up other
 * requests (ADR 064)? The server (src/server/index.ts, in its own process) over a temporary database with
 * `--rows` audit rows, keyed and anchored as seed:scale makes them (scripts/seed-audit.ts); then, `--runs` times,
 * a director's GET /api/admin/audit-log/verify while a client sends public GET /api/events one after another
 * (4 at a time) until the check answers. Prints, per run, the check's time and the public GETs' p50/p99/max, and
 * the median and spread over the runs; a quiet run first (no check) gives the machine's own figures.
 * Not a test: the figures go in docs/performance.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { prepareDatabase } from '../src/server/bootstrap';
import { privateDirOf } from '../src/server/config';
import { closeDatabase, openDatabase } from '../src/server/db';
import { seedAuditLog } from './seed-audit';
import { startNodeFlags } from './start-flags';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 500_000);
const RUNS = arg('runs', 5);
const CONCURRENCY = 4;
const OWNER = { email: 'bench.director@example.com', password: 'bench-director-pass-1' };
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Public GETs, CONCURRENCY at a time, until `until` settles (or `ms` pass when it is null): their latencies. */
async function publicGets(origin: string, until: Promise<unknown> | null, ms = 3000): Promise<number[]> {
  let done = false;
  if (until) void until.finally(() => (done = true));
  else setTimeout(() => (done = true), ms);
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${origin}/api/events`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET /api/events answered ${res.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-verify-'));
  const databasePath = join(dir, 'app.sqlite');
  mkdirSync(join(dir, 'uploads'));
  const db = openDatabase(databasePath);
  prepareDatabase(db);
  let started = performance.now();
  db.transaction(() => seedAuditLog(db, ROWS, Math.max(1, ROWS / 50_000), new Date(), privateDirOf(databasePath)));
  console.log(`Seeded ${ROWS} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  closeDatabase(db);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...startNodeFlags(), '--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: origin,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
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
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(OWNER),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ');

    const quiet = await publicGets(origin, null);
    console.log(
      `quiet (no check)   ${quiet.length} GETs   p50 ${fmt(pct(quiet, 50))}   p99 ${fmt(pct(quiet, 99))}   max ${fmt(pct(quiet, 100))}`,
    );

    const runs: { check: number; p50: number; p99: number; max: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      started = performance.now();
      const check = fetch(`${origin}/api/admin/audit-log/verify`, { headers: { cookie, origin } }).then(async (r) => {
        const body = (await r.json()) as { ok: boolean; rows: number };
        if (!r.ok || !body.ok || body.rows <= ROWS) throw new Error(`verify answered ${r.status}: ${JSON.stringify(body)}`);
        return performance.now() - started;
      });
      const [times, took] = await Promise.all([publicGets(origin, check), check]);
      const r = { check: took, p50: pct(times, 50), p99: pct(times, 99), max: pct(times, 100) };
      runs.push(r);
      console.log(
        `run ${run}: check ${fmt(r.check)} over ${ROWS + 1} rows   ${times.length} public GETs meanwhile   p50 ${fmt(r.p50)}   p99 ${fmt(r.p99)}   max ${fmt(r.max)}`,
      );
    }
    const spread = (key: keyof (typeof runs)[number]) => {
      const xs = runs.map((r) => r[key]);
      return `median ${fmt(median(xs))} (${fmt(Math.min(...xs))} to ${fmt(Math.max(...xs))})`;
    };
    console.log(`check time        ${spread('check')}`);
    console.log(`public GET p50    ${spread('p50')}`);
    console.log(`public GET p99    ${spread('p99')}`);
    console.log(`public GET max    ${spread('max')}`);
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
