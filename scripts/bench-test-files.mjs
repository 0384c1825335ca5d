#!/usr/bin/env node
/**
 * How long some test files take: runs a test command several times, one run after another, and prints each run's
 * wall time, whether it passed, the median and the spread (ADR 072, docs/performance.md "How to measure").
 *
 *   node scripts/bench-test-files.mjs --runs 5 -- npx vitest run tests/integration/parent-dashboard-html.test.ts
 *   node scripts/bench-test-files.mjs --runs 5 --cwd ../other-checkout -- npx playwright test tests/e2e/x.spec.ts
 *   node scripts/bench-test-files.mjs --runs 6 --alternate ../other-checkout -- npx playwright test tests/e2e/x.spec.ts
 *
 * `--cwd` runs the command in another checkout (a build of another commit); `--alternate <dir>` runs it here and
 * there in turn (here first), so a change of the machine's load falls on both. The load average is printed with
 * each run: on a shared machine, compare runs made under a like load, and say how busy it was. Each run's CPU time
 * (user and system, of the command and every process it started, from /usr/bin/time) is printed too: on a machine
 * other work keeps busy, it moves far less with the load than the wall time does.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
if (dash === -1 || dash === args.length - 1) {
  console.error('usage: bench-test-files.mjs [--runs N] [--cwd DIR | --alternate DIR] -- <command...>');
  process.exit(2);
}
const options = args.slice(0, dash);
const command = args.slice(dash + 1);
const option = (name) => {
  const i = options.indexOf(name);
  return i === -1 ? undefined : options[i + 1];
};
const runs = Number(option('--runs') ?? 5);
const here = resolve(option('--cwd') ?? '.');
const other = option('--alternate') ? resolve(option('--alternate')) : undefined;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const times = new Map();
const cpus = new Map();
for (let i = 0; i < runs; i++) {
  for (const dir of other ? [here, other] : [here]) {
    const load = loadavg()[0].toFixed(1);
    const start = performance.now();
    // GNU time prints the children's user and system seconds on its own last line of stderr.
    const run = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', ...command], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: process.env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - start) / 1000;
    const [, user, system] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(String(run.stderr)) ?? [];
    const cpu = Number(user) + Number(system);
    if (!times.has(dir)) times.set(dir, []);
    times.get(dir).push(seconds);
    if (!cpus.has(dir)) cpus.set(dir, []);
    cpus.get(dir).push(cpu);
    console.log(
      `run ${i + 1} ${dir}: ${seconds.toFixed(1)} s, CPU ${cpu.toFixed(1)} s, ${run.status === 0 ? 'passed' : `FAILED (exit ${run.status})`}, load ${load}`,
    );
  }
}
for (const [dir, xs] of times) {
  const cs = cpus.get(dir);
  console.log(
    `${dir}: median ${median(xs).toFixed(1)} s, spread ${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)} s over ${xs.length} runs; ` +
      `CPU median ${median(cs).toFixed(1)} s, spread ${Math.min(...cs).toFixed(1)}-${Math.max(...cs).toFixed(1)} s`,
  );
}
