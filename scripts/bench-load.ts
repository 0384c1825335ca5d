/**
 * `npm run bench:load [-- --seconds 30 --connections 50]`: the BUILT app (dist/server/index.js, as `npm start`
 * runs it) in its own process over a temporary database with the demo content and a family with a year of
 * records, loaded by autocannon with mixed traffic: public pages, public APIs and a parent's bearer calls.
 * Prints requests per second, p50/p99 latency and errors, and the server's cold start and memory (RSS) at
 * rest and under load. A ceiling run first (a bare node:http server answering a fixed body, same connections)
 * gives the machine's own limit in the same conditions, so figures from a busy machine can be compared.
 * Not a test: the figures go in the README ("Production").
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { LOAD_FAMILY, seedBenchDatabase, seedBenchFamily } from './bench-family';
import { startNodeFlags } from './start-flags';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 30);
const CONNECTIONS = arg('connections', 50);
const CEILING_SECONDS = arg('ceiling-seconds', 10);
const root = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((res, rej) => autocannon(opts, (err, result) => (err ? rej(err) : res(result))));
}

function report(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + r.non2xx;
  console.log(
    `${name.padEnd(26)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors} (${r.errors} socket, ${r.timeouts} timeouts, ${r.non2xx} non-2xx) of ${r.requests.total}`,
  );
}

async function main() {
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'childcare-load-'));

  // Data: the demo content, and the bench family of scripts/bench-family.ts with two children and a year of
  // activities and notes each.
  const {
    databasePath,
    uploadsDir,
    families: { token, childIds },
  } = await seedBenchDatabase(dir, (db) => seedBenchFamily(db, LOAD_FAMILY));

  // The ceiling: the simplest node:http server this machine can run, same connections, same client.
  const body = JSON.stringify({ events: Array.from({ length: 20 }, (_, i) => ({ id: i, title: `Event ${i}`, date: '2026-12-01' })) });
  const bare = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const ceiling = await run({
    url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
    connections: CONNECTIONS,
    duration: CEILING_SECONDS,
  });
  await new Promise<void>((r) => bare.close(() => r()));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, [...startNodeFlags(), 'dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: uploadsDir,
      PUBLIC_URL: origin,
      ADMIN_EMAIL: 'load.admin@example.com',
      ADMIN_PASSWORD: 'a long and unusual passphrase',
      LOG_LEVEL: 'warn',
    },
  });
  // Cold start: from spawning node to the first answered request.
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/events`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000));
  const rssAtRest = rssMiB(server.pid!);

  const auth = { authorization: `Bearer ${token}` };
  const dashboard = encodeURIComponent(JSON.stringify({ 0: { json: { childId: null } } }));
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/api/events' },
    { method: 'GET', path: '/api/announcements' },
    { method: 'GET', path: '/events' },
    { method: 'GET', path: '/api/gallery' },
    { method: 'GET', path: '/api/milestones' },
    { method: 'GET', path: `/api/trpc/parentPortal.dashboard?batch=1&input=${dashboard}`, headers: auth },
    { method: 'GET', path: '/api/parent/children', headers: auth },
    { method: 'GET', path: `/api/parent/stats/${childIds[0]}`, headers: auth },
    { method: 'GET', path: `/api/parent/daily-activities/${childIds[0]}?limit=20`, headers: auth },
    { method: 'GET', path: `/api/parent/development-notes/${childIds[1]}?limit=20`, headers: auth },
    { method: 'GET', path: '/api/achievements/recent' },
  ];
  let rssPeak = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(server.pid!))), 250);
  const load = await run({ url: origin, connections: CONNECTIONS, duration: SECONDS, requests });
  clearInterval(sampler);

  server.kill('SIGTERM');
  const exitCode = await new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
  rmSync(dir, { recursive: true, force: true });

  console.log(
    `\nnpm run bench:load — Node ${process.version}, ${CONNECTIONS} connections (the machine may be shared: compare with the ceiling)`,
  );
  report(`ceiling (bare node:http, ${CEILING_SECONDS} s)`, ceiling);
  report(`app, mixed traffic (${SECONDS} s)`, load);
  console.log(`app / ceiling: ${((100 * load.requests.average) / ceiling.requests.average).toFixed(1)} %`);
  console.log(
    `mix: ${requests.length} requests per round (${requests.filter((r) => r.headers).length} parent bearer calls, ${requests.filter((r) => !r.headers && r.path!.startsWith('/api/')).length} public API, ${requests.filter((r) => !r.path!.startsWith('/api/')).length} pages)`,
  );
  console.log(`cold start (spawn → first answer): ${Math.round(coldStartMs)} ms`);
  console.log(`RSS: ${rssAtRest.toFixed(0)} MiB at rest, ${rssPeak.toFixed(0)} MiB peak under load`);
  console.log(`SIGTERM after the run: exit code ${exitCode}`);
  if (load.errors + load.timeouts + load.non2xx > 0) process.exitCode = 1;
}

await main();
