#!/usr/bin/env node
/**
 * The summed test seconds of each browser spec file in one or more Playwright JSON reports, and their total: what a
 * file costs the browser stage whatever the number of workers (the wall time is about the sum over the workers).
 * With several reports (runs of the same files), each file's median and spread.
 *
 *   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/run1.json npx playwright test tests/e2e/a.spec.ts --reporter=list,json
 *   node scripts/e2e-file-seconds.mjs /tmp/run1.json [/tmp/run2.json ...]
 *
 * Compare runs made back to back under a like load (`bench-test-files.mjs` prints the load), and say how busy the
 * machine was.
 */
import { readFileSync } from 'node:fs';

const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: e2e-file-seconds.mjs <playwright-report.json> [...]');
  process.exit(2);
}

/** file → [seconds of each report], tests counted from the first. */
const seconds = new Map();
const tests = new Map();
reports.forEach((path, run) => {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) {
          const key = spec.file ?? here;
          if (!seconds.has(key))
            seconds.set(
              key,
              reports.map(() => 0),
            );
          seconds.get(key)[run] += result.duration / 1000;
          if (run === 0) tests.set(key, (tests.get(key) ?? 0) + 1);
        }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite);
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const rows = [...seconds].sort((a, b) => median(b[1]) - median(a[1]));
for (const [file, xs] of rows) {
  const spread = xs.length > 1 ? ` (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})` : '';
  console.log(`${file.padEnd(45)} ${median(xs).toFixed(1).padStart(7)} s${spread}, ${tests.get(file) ?? 0} tests`);
}
const totals = reports.map((_, run) => rows.reduce((sum, [, xs]) => sum + xs[run], 0));
console.log(`total ${median(totals).toFixed(1)} s${totals.length > 1 ? ` (${totals.map((t) => t.toFixed(1)).join(', ')})` : ''}`);
