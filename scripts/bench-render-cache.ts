/**
 * `tsx scripts/bench-render-cache.ts --servers a/index.js,b/index.js [--runs 5 --seconds 8 --connections 10]`:
 * compares built servers (each a copy of dist/server/index.js beside the same dist/client and dist/ssr; build
 * one, copy it to e.g. dist/server-a/, change the code, build again) on the requests the response cache never
 * answers, which are what the page-render cache (pages/render.ts) was for: a public page asked for with a query
 * the page ignores (a flyer's or a social site's tracking parameter, a new one per visitor). ADR 072 records
 * what this measured and what was decided.
 *
 * Runs alternate (a, b, a, b, ...), `--runs` of each, so a busy machine's load falls on both alike. Each run
 * starts the server over a fresh database with the demo content, warms it, then measures:
 * - one visitor at a time: the time to the whole answer of /, /events, /milestones (brotli), 20 each, median;
 * - `--connections` visitors at once for `--seconds` over the three pages: requests per second and p50/p99.
 * Prints each run, then per server the median and the spread (min-max) over its runs.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { seedDemo } from './seed-demo';
import { prepareDatabase } from '../src/server/bootstrap';
import { closeDatabase, openDatabase } from '../src/server/db';
import { startNodeFlags } from './start-flags';

const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SERVERS = (argValue('servers') ?? 'dist/server/index.js').split(',');
const RUNS = Number(argValue('runs') ?? 5);
const SECONDS = Number(argValue('seconds') ?? 8);
const CONNECTIONS = Number(argValue('connections') ?? 10);
const PAGES = ['/', '/events', '/milestones'];
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

let visitor = 0;
/** A page's address as a new visitor from a tracking link asks for it: a query the page ignores, never the same twice. */
const tracked = (path: string) => `${path}?fbclid=bench${++visitor}`;

interface RunResult {
  server: string;
  oneAtATimeMs: Record<string, number>;
  rps: number;
  p50: number;
  p99: number;
}

async function oneRun(server: string): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-render-cache-'));
  mkdirSync(join(dir, 'uploads'));
  const databasePath = join(dir, 'bench.sqlite');
  const db = openDatabase(databasePath);
  prepareDatabase(db);
  seedDemo(db);
  closeDatabase(db);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...startNodeFlags(), server], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: origin,
      ADMIN_EMAIL: 'bench.admin@example.com',
      ADMIN_PASSWORD: 'a long and unusual passphrase',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${origin}/api/events`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const get = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - started;
    };
    // Warm: the server's first renders and the JIT.
    for (let i = 0; i < 10; i++) for (const page of PAGES) await get(tracked(page));
    const oneAtATimeMs: Record<string, number> = {};
    for (const page of PAGES) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) times.push(await get(tracked(page)));
      oneAtATimeMs[page] = median(times);
    }
    const load = await new Promise<autocannon.Result>((res, rej) =>
      autocannon(
        {
          url: origin,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { 'accept-encoding': 'br' },
          requests: [{ setupRequest: (req) => ({ ...req, path: tracked(PAGES[visitor % PAGES.length]!) }) }],
        },
        (err, result) => (err ? rej(err) : res(result)),
      ),
    );
    if (load.non2xx + load.errors > 0) throw new Error(`${server}: ${load.non2xx} non-2xx, ${load.errors} errors under load`);
    return { server, oneAtATimeMs, rps: load.requests.average, p50: load.latency.p50, p99: load.latency.p99 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const spread = (values: number[], digits = 1) =>
  `median ${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

const results: RunResult[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const server of SERVERS) {
    const r = await oneRun(server);
    results.push(r);
    console.log(
      `run ${run + 1} ${server}: ${PAGES.map((p) => `${p} ${r.oneAtATimeMs[p]!.toFixed(1)} ms`).join(', ')}; ` +
        `${CONNECTIONS} at once: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
    );
  }
}
console.log(`\n${RUNS} runs of each, alternated; one visitor at a time (ms), then ${CONNECTIONS} at once`);
for (const server of SERVERS) {
  const mine = results.filter((r) => r.server === server);
  console.log(`\n${server}`);
  for (const page of PAGES) console.log(`  ${page.padEnd(12)} ${spread(mine.map((r) => r.oneAtATimeMs[page]!))} ms`);
  console.log(
    `  req/s        ${spread(
      mine.map((r) => r.rps),
      0,
    )}`,
  );
  console.log(
    `  p50          ${spread(
      mine.map((r) => r.p50),
      0,
    )} ms`,
  );
  console.log(
    `  p99          ${spread(
      mine.map((r) => r.p99),
      0,
    )} ms`,
  );
}
