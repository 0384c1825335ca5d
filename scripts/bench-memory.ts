/**
 * `npm run bench:memory`: what one centre's process holds (ADR 091; the targets are in docs/performance.md).
 *
 * 1. Idle: the built server (dist/server/index.js, `npm start`'s node flags) over a fresh empty database, its RSS
 *    sampled every second; the figure is the RSS `--idle-seconds` (30) after start.
 * 2. After `bench:api`: scripts/bench-api.ts run as it is (its own server over its own seeded database) and the
 *    server's RSS it prints after the run (`--api-args "<args>"` passes options to it; `--no-api` skips it).
 * 3. What each heavy module costs once loaded: a node process with the same flags loads the server's always-loaded
 *    packages, then the module; the RSS it adds. These are the modules the server loads on first use.
 *
 * Each figure is the median of `--runs` (5) runs with the spread (min-max). The machine's load average is printed:
 * on a shared machine RSS moves less than time does, but a busy machine stretches the start.
 *
 * `--alternate "<VAR=value ...> <node flags ...>"` runs each measure twice a turn, as the start script runs the server
 * and as the alternate does: its variables are set (MALLOC_ARENA_MAX=2), and its node flags, if it names any, replace
 * the start script's (the variable BENCH_NODE_FLAGS, scripts/start-flags.ts); both are printed.
 *
 *   npm run build && npm run bench:memory [-- --runs 5 --api-runs 5 --idle-seconds 30 --api-args "--duration 2" --no-idle --no-api --no-modules --database <file> --server <file> --alternate "<variables and flags>"]
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../src/server/app';
import { privateDirOf } from '../src/server/config';
import { startEnv, startNodeFlags } from './start-flags';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 5);
/** `--api-runs`: how many bench:api runs of each (a run takes minutes); `--runs` otherwise. */
const API_RUNS = Number(option('api-runs') ?? RUNS);
const IDLE_SECONDS = Number(option('idle-seconds') ?? 30);
const API_ARGS = (option('api-args') ?? '').split(/\s+/).filter(Boolean);
/** `--server <file>`: another build to compare (it must sit two folders below the project, as dist/server does). */
const SERVER = resolve(PROJECT_ROOT, option('server') ?? 'dist/server/index.js');

/** The modules the server loads on first use (tests/unit/lazy-modules.test.ts), each measured alone. */
const HEAVY: Record<string, string[]> = {
  'image processing (sharp, file-type)': ['sharp', 'file-type'],
  'PDF (jspdf)': ['jspdf'],
  'ZIP (yazl)': ['yazl'],
  'iCal (ical-generator, zones)': ['ical-generator', '@touch4it/ical-timezones'],
};
/** What every start loads anyway: the baseline the heavy modules are measured above. */
const ALWAYS = ['hono', '@hono/node-server', 'better-sqlite3', 'drizzle-orm', 'zod', '@trpc/server', 'pino', 'react', 'react-dom/server'];

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
const line = (label: string, xs: number[]) =>
  console.log(`${label.padEnd(44)} median ${median(xs).toFixed(1)} MiB (${spread(xs)}), runs: ${xs.map((x) => x.toFixed(0)).join(' ')}`);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** One start over an empty database: the RSS each second until `IDLE_SECONDS`, then SIGTERM. */
async function idleRun(): Promise<{ idle: number; peak: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...startNodeFlags(), SERVER], {
    cwd: PROJECT_ROOT,
    env: {
      ...startEnv(),
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dir, 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      ADMIN_EMAIL: 'bench.memory@example.com',
      ADMIN_PASSWORD: 'a long and unusual bench passphrase',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  let idle = 0;
  for (let s = 1; s <= IDLE_SECONDS; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    idle = rssMiB(child.pid!);
    peak = Math.max(peak, idle);
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  return { idle, peak };
}

/** `--database <file>` (from `npm run seed:scale -- --size small`): bench:api runs over a fresh copy of it, not a new seed. */
const DATABASE = option('database');

/** The RSS bench:api's server had after its run (its last line says it). */
function apiRun(): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-api-'));
  const copy = join(dir, 'app.sqlite');
  if (DATABASE) {
    copyFileSync(resolve(DATABASE), copy);
    // Its private folder too (the audit chain's key, config.ts privateDirOf).
    const privateDir = privateDirOf(resolve(DATABASE));
    if (existsSync(privateDir)) cpSync(privateDir, privateDirOf(copy), { recursive: true });
  }
  const args = [...API_ARGS, ...(DATABASE ? ['--database', copy] : [])];
  try {
    return apiRunOf(args);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function apiRunOf(args: string[]): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-api.ts', ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const after = /server RSS: \S+ MiB idle after start, (\d+(?:\.\d+)?) MiB after the run/.exec(out);
  if (!after) throw new Error(`bench:api printed no RSS line:\n${out.slice(-2000)}`);
  return Number(after[1]);
}

/** The RSS `modules` add to a process that has loaded ALWAYS, with the start's flags. */
function moduleCost(modules: string[]): number {
  const code = `
    const rss = () => process.memoryUsage().rss / 1048576;
    for (const m of ${JSON.stringify(ALWAYS)}) await import(m);
    const before = rss();
    for (const m of ${JSON.stringify(modules)}) await import(m);
    console.log(rss() - before);`;
  const out = execFileSync(process.execPath, [...startNodeFlags(), '--input-type=module', '-e', code], {
    cwd: PROJECT_ROOT,
    env: { ...startEnv(), ...process.env },
    encoding: 'utf8',
  });
  return Number(out.trim());
}

if (!existsSync(SERVER)) {
  console.error('No built server: run `npm run build` first.');
  process.exit(1);
}
console.log(
  `bench:memory, ${RUNS} runs, load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
/** The start script's way, and with --alternate the other: its variables and its node flags (if it names any). */
const alternate = option('alternate')?.split(/\s+/).filter(Boolean);
const variants = [{ label: 'as the start script', env: {} as Record<string, string>, flags: undefined as string | undefined }];
if (alternate) {
  const env = Object.fromEntries(alternate.filter((t) => /^[A-Z_]+=/.test(t)).map((t) => t.split('=') as [string, string]));
  const flags = alternate.filter((t) => !/^[A-Z_]+=/.test(t));
  variants.push({ label: alternate.join(' '), env, flags: flags.length ? flags.join(' ') : undefined });
}
/** Runs `measure` with the variant's variables and flags in this process's environment (its children inherit it). */
async function as<T>(variant: (typeof variants)[number], measure: () => T | Promise<T>): Promise<T> {
  const saved = { ...process.env };
  Object.assign(process.env, variant.env);
  if (variant.flags !== undefined) process.env.BENCH_NODE_FLAGS = variant.flags;
  try {
    return await measure();
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}
const idle = variants.map(() => [] as number[]);
const peak = variants.map(() => [] as number[]);
for (let i = 0; i < (argv.includes('--no-idle') ? 0 : RUNS); i++)
  for (const [v, variant] of variants.entries()) {
    const run = await as(variant, idleRun);
    idle[v]!.push(run.idle);
    peak[v]!.push(run.peak);
  }
for (const [v, variant] of argv.includes('--no-idle') ? [] : variants.entries()) {
  if (alternate) console.log(`${variant.label}:`);
  line(`idle RSS ${IDLE_SECONDS} s after start (empty database)`, idle[v]!);
  line('peak RSS in those seconds', peak[v]!);
}
if (!argv.includes('--no-api')) {
  const after = variants.map(() => [] as number[]);
  for (let i = 0; i < API_RUNS; i++) for (const [v, variant] of variants.entries()) after[v]!.push(await as(variant, apiRun));
  for (const [v, variant] of variants.entries())
    line(`RSS after bench:api ${API_ARGS.join(' ')}${alternate ? `, ${variant.label}` : ''}`.trim(), after[v]!);
}
if (!argv.includes('--no-modules')) console.log('\nWhat each module loaded on first use adds to a process (MiB):');
for (const [label, modules] of argv.includes('--no-modules') ? [] : Object.entries(HEAVY)) {
  const costs = Array.from({ length: RUNS }, () => moduleCost(modules));
  line(`  ${label}`, costs);
}
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
