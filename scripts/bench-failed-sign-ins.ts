/**
 * `npx tsx scripts/bench-failed-sign-ins.ts [--rounds 5 --phase 10 --rate 5 --root <checkout> --refused]`: how public reads
 * fare while strangers fail staff sign-ins (ADR 065). The BUILT app (dist/server/index.js of `--root`, this checkout
 * by default, built first if stale) on loopback over a temporary seeded database. Rounds alternate a quiet phase
 * and an attack phase of `--phase` seconds each; in the attack, `--rate` failed staff sign-ins a second for e-mails
 * with no account, each from an address of its own (127.1.x.y). All along, a visitor reads GET / and GET /api/events
 * ten times a second each. Reports each round's p50 of those reads, quiet and under attack, the ratio, the audit rows
 * written, and the median ratio over the rounds (target: under 1.5). Not a test: figures go in docs/performance.md.
 */
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { seedDemo } from './seed-demo';
import { prepareDatabase } from '../src/server/bootstrap';
import { closeDatabase, openDatabase } from '../src/server/db';
import { startNodeFlags } from './start-flags';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const PHASE_MS = arg('phase', 10) * 1000;
const RATE = arg('rate', 5);
const root = process.argv.includes('--root')
  ? resolve(process.argv[process.argv.indexOf('--root') + 1]!)
  : resolve(import.meta.dirname, '..');
const DIRECTOR = { email: 'director@example.com', password: 'a long and unusual passphrase' };
const READS = ['/', '/api/events'] as const;
/** `--refused`: the attack's sign-ins have an empty password, refused (400) before any check: what the rest costs. */
const REFUSED = process.argv.includes('--refused');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

let port = 0;
let seq = 0;
const rotating = () => `127.1.${(++seq >> 8) & 255}.${seq & 255 || 1}`;

/** One request on a connection of its own; resolves with its status and milliseconds. */
function call(method: string, path: string, body?: string, from = '127.0.0.2'): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        localAddress: from,
        headers: {
          origin: `http://127.0.0.1:${port}`,
          'accept-encoding': 'gzip, deflate, br',
          ...(body ? { 'content-type': 'application/json' } : {}),
          connection: 'close',
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => done({ status: 0, ms: performance.now() - started }));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

/** Reads each public path ten times a second until `until`; the times of those answered 200. */
async function readUntil(until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const tick = Date.now();
    for (const path of READS) {
      const r = await call('GET', path);
      if (r.status === 200) times.push(r.ms);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - tick))));
  }
  return times;
}

/** `RATE` failed staff sign-ins a second, for e-mails with no account, each from a new address, until `until`. */
async function attackUntil(until: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const sent: Promise<void>[] = [];
  for (let i = 0; Date.now() < until; i++) {
    const tick = Date.now();
    sent.push(
      call(
        'POST',
        '/api/admin/login',
        JSON.stringify({ email: `nobody${seq}@example.com`, password: REFUSED ? '' : 'a wrong guess' }),
        rotating(),
      ).then((r) => void statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)),
    );
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 / RATE - (Date.now() - tick))));
  }
  await Promise.all(sent);
  return statuses;
}

async function main() {
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'childcare-failed-sign-ins-'));
  const databasePath = join(dir, 'app.sqlite');
  mkdirSync(join(dir, 'uploads'));
  const db = openDatabase(databasePath);
  prepareDatabase(db);
  seedDemo(db);
  closeDatabase(db);

  port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...startNodeFlags(), 'dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: origin,
      ADMIN_EMAIL: DIRECTOR.email,
      ADMIN_PASSWORD: DIRECTOR.password,
      LOG_LEVEL: 'error',
    },
  });
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/events`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Warm: each path and a failed sign-in a few times, so the first phase does not measure loading code.
  for (let i = 0; i < 5; i++) {
    for (const path of READS) await call('GET', path);
    await call('POST', '/api/admin/login', JSON.stringify({ email: `warm${i}@example.com`, password: 'wrong' }), '127.0.0.8');
  }

  const auditRows = () => {
    const reader = new Database(databasePath, { readonly: true });
    try {
      return (reader.prepare('select count(*) from audit_log').pluck().get() as number) ?? 0;
    } finally {
      reader.close();
    }
  };

  const rounds: { quiet: number; attack: number; ratio: number; rows: number; statuses: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const quiet = await readUntil(Date.now() + PHASE_MS);
    const rowsBefore = auditRows();
    const until = Date.now() + PHASE_MS;
    const [attack, statuses] = await Promise.all([readUntil(until), attackUntil(until)]);
    const r = { quiet: median(quiet), attack: median(attack), ratio: median(attack) / median(quiet), rows: auditRows() - rowsBefore };
    rounds.push({
      ...r,
      statuses: [...statuses]
        .sort()
        .map(([s, n]) => `${n}×${s}`)
        .join(' '),
    });
    console.log(
      `round ${round + 1}: quiet p50 ${r.quiet.toFixed(2)} ms, under attack p50 ${r.attack.toFixed(2)} ms, ratio ${r.ratio.toFixed(2)}, audit rows written ${r.rows}, sign-ins ${rounds.at(-1)!.statuses}`,
    );
  }
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });

  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\n${root}: ${ROUNDS} rounds of ${PHASE_MS / 1000} s quiet and ${PHASE_MS / 1000} s of ${RATE} failed sign-ins a second (load average ${load})`,
  );
  console.log(
    `p50 of GET / and /api/events: quiet median ${median(rounds.map((r) => r.quiet)).toFixed(2)} ms, under attack median ${median(rounds.map((r) => r.attack)).toFixed(2)} ms`,
  );
  console.log(
    `ratio under attack / quiet: median ${median(ratios).toFixed(2)} (min ${ratios[0]!.toFixed(2)}, max ${ratios.at(-1)!.toFixed(2)})   (target < 1.5)`,
  );
  if (!(median(ratios) < 1.5)) process.exitCode = 1;
}

await main();
