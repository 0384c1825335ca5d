#!/usr/bin/env node
/**
 * `npm test`, `npm run test:soak` and `.ci/run`: runs the test steps one after another (the stages of a step, joined by
 * `+`, side by side), stops after the first step that fails, and prints each stage's wall time, so a slow or failing
 * stage is seen at a glance (ADR 072, ADR 118).
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
// Two steps, each of stages side by side (ADR 118). First the checks that need nothing built, with the build beside
// them: a lint, formatting or type error fails `npm test` before the slow stages start (ADR 020). ESLint keeps one
// core busy for its whole run; Prettier, the type check and the build share the other (ADR 116). Then Vitest and
// Playwright together: each leaves part of the two cores idle on its own (a test waiting on a timer, a socket, a
// browser's frame; the last file or spec running alone), and together they keep both busy.
const TEST_STAGES = ['lint+format+typecheck+build', 'vitest+playwright'];

const names = process.argv.slice(2);
const run = (names.length > 0 ? names : ['test']).flatMap((n) => (n === 'test' ? TEST_STAGES : [n]));
const unknown = run.flatMap((n) => n.split('+')).filter((n) => !(n in STAGES));
if (unknown.length > 0) {
  console.error(`Unknown stage: ${unknown.join(', ')}. Stages: ${Object.keys(STAGES).join(', ')}.`);
  process.exit(2);
}

const env = { ...process.env, PATH: [resolve(root, 'node_modules/.bin'), process.env.PATH].join(delimiter) };
const done = [];

/**
 * Runs one stage. `prefix`: its output's lines start with the stage's name, for stages that run beside others (their
 * lines would otherwise mix without saying whose they are).
 */
function runStage(name, prefix) {
  const command = STAGES[name];
  console.log(`\n▶ ${name}: ${command}`);
  const started = performance.now();
  return new Promise((resolveStage) => {
    const child = spawn(command, { cwd: root, env, stdio: prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit', shell: true });
    if (prefix) {
      prefixLines(child.stdout, process.stdout, name);
      prefixLines(child.stderr, process.stderr, name);
    }
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      done.push({ name, seconds, ok });
      console.log(`${ok ? '✔' : '✘'} ${name}: ${seconds.toFixed(1)} s${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolveStage(ok ? 0 : (code ?? 1));
    });
  });
}

/** Copies `from` to `to` a whole line at a time, each line led by `name`. */
function prefixLines(from, to, name) {
  const lead = `${name.padEnd(10)} │ `;
  let partial = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    if (lines.length > 0) to.write(lines.map((line) => lead + line).join('\n') + '\n');
  });
  from.on('end', () => {
    if (partial) to.write(lead + partial + '\n');
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
  const stages = step.split('+');
  // Every stage of a step runs to its end, so one run reports every stage's failures.
  const codes = await Promise.all(stages.map((name) => runStage(name, stages.length > 1)));
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0) break;
}
summary();
process.exit(exitCode);
