#!/usr/bin/env node
/**
 * `npm test`, `npm run test:soak` and `.ci/run`: runs the test stages one after another, stops at the first that
 * fails, and prints each stage's wall time, so a slow or failing stage is seen at a glance (ADR 072).
 *
 *   node scripts/run-tests.mjs                    the stages of `npm test` (TEST_STAGES)
 *   node scripts/run-tests.mjs soak               the soak tests (`npm run test:soak`)
 *   node scripts/run-tests.mjs install test soak  the stages named, in order; `test` stands for TEST_STAGES (.ci/run)
 */
import { spawn } from 'node:child_process';
import { delimiter, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Every stage a run can name; the commands are the package's own scripts and tools. */
const STAGES = {
  install: 'npm ci --no-audit --no-fund',
  lint: 'eslint . --max-warnings 0',
  format: 'prettier --check .',
  typecheck: 'npm run -s typecheck',
  vitest: 'vitest run',
  build: 'npm run -s build',
  playwright: 'playwright test',
  // Floods and crash loops that hold a bound over time (vitest.config.ts, SOAK): not in `npm test` (ADR 072).
  soak: 'vitest run --config vitest.soak.config.ts',
};
// Lint first: a lint or formatting error fails `npm test` before the slower stages run (ADR 020). ESLint, the
// formatting check and the type check run side by side (`npm run lint` and `npm run typecheck` between them):
// ESLint is the longest and mostly uses one core, the other two share the second (ADR 116).
const TEST_STAGES = ['lint+format+typecheck', 'vitest', 'build', 'playwright'];

const names = process.argv.slice(2);
const run = (names.length > 0 ? names : ['test']).flatMap((n) => (n === 'test' ? TEST_STAGES : [n]));
const unknown = run.flatMap((n) => n.split('+')).filter((n) => !(n in STAGES));
if (unknown.length > 0) {
  console.error(`Unknown stage: ${unknown.join(', ')}. Stages: ${Object.keys(STAGES).join(', ')}.`);
  process.exit(2);
}

const env = { ...process.env, PATH: [resolve(root, 'node_modules/.bin'), process.env.PATH].join(delimiter) };
const done = [];

function runStage(name) {
  const command = STAGES[name];
  console.log(`\n▶ ${name}: ${command}`);
  const started = performance.now();
  return new Promise((resolveStage) => {
    const child = spawn(command, { cwd: root, env, stdio: 'inherit', shell: true });
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      done.push({ name, seconds, ok });
      console.log(`${ok ? '✔' : '✘'} ${name}: ${seconds.toFixed(1)} s${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolveStage(ok ? 0 : (code ?? 1));
    });
  });
}

const startedAll = performance.now();

function summary() {
  // Wall time: stages run side by side count once.
  const total = (performance.now() - startedAll) / 1000;
  console.log('\nstage        seconds');
  for (const s of done) console.log(`${s.name.padEnd(12)} ${s.seconds.toFixed(1).padStart(7)}${s.ok ? '' : '  FAILED'}`);
  for (const name of run.flatMap((n) => n.split('+')).filter((n) => !done.some((s) => s.name === n)))
    console.log(`${name.padEnd(12)}       -  not run`);
  console.log(`${'total'.padEnd(12)} ${total.toFixed(1).padStart(7)}`);
}

let exitCode = 0;
for (const step of run) {
  const codes = await Promise.all(step.split('+').map(runStage));
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0) break;
}
summary();
process.exit(exitCode);
