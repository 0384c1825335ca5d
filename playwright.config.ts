import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * Tests of the pages' performance shape rather than of a feature: the scripts' gzipped budget. A library upgrade
 * that changes a bundle fails these, not the feature tests: `playwright test --project=performance-shape` runs
 * them alone, `--project=features` the rest, and `playwright test` (CI, `npm test`) runs both projects.
 */
const PERFORMANCE_SHAPE = ['**/size-budget.spec.ts'];

/**
 * Tests of what only the full browser does: the headless shell loads `loading="lazy"` images at once and keeps no
 * back/forward cache. These run in Debian's `chromium`; every other test runs in Debian's
 * `chromium-headless-shell`, the same engine without the browser's window machinery, which runs the suite in about
 * half the time (docs/performance.md, "The test suite's time"; ADR 053).
 */
const FULL_BROWSER = ['**/gallery-images.spec.ts', '**/public-back-forward-cache.spec.ts'];

const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(HEADLESS_SHELL))
  throw new Error(
    `The browser tests need Debian's headless shell at ${HEADLESS_SHELL}: apt-get install -y chromium-headless-shell (or set CHROMIUM_HEADLESS_SHELL_PATH).`,
  );

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-sync',
  // V8 without its optimizing compilers (TurboFan, Maglev): a test's page lives seconds, too short for optimized code
  // to repay compiling it. About a tenth less CPU for the browser stage (docs/performance-log.md, "The browser
  // stage's CPU, quiet"). What the pages do is unchanged; only how fast their scripts run.
  '--js-flags=--no-opt --no-maglev',
];

/** How the full browser is started (the `full-browser` project; a file of it that changes its options starts from these). */
export const FULL_BROWSER_LAUNCH = { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS };

/**
 * Browser tests drive Debian's Chromium (no browser download); each worker starts its own app. Tests are
 * isolated (unique rows, or a server of their own when they need an empty database), so the tests of one
 * file are spread over both workers too: the two cores stay busy until the end.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: CHROMIUM_ARGS,
    },
    viewport: { width: 1280, height: 800 },
    // The parent portal's service worker (ADR 051) answers some of its pages' requests, and page.route never sees
    // a request a worker answered: tests hold scripts back with page.route. Only the worker's own tests
    // (offline-portal.spec.ts) let it run.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'features', testIgnore: [...PERFORMANCE_SHAPE, ...FULL_BROWSER] },
    { name: 'full-browser', testMatch: FULL_BROWSER, use: { launchOptions: FULL_BROWSER_LAUNCH } },
    { name: 'performance-shape', testMatch: PERFORMANCE_SHAPE },
  ],
});
