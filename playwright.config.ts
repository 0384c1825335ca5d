import { defineConfig } from '@playwright/test';

/**
 * Tests of the pages' performance shape rather than of a feature: the scripts' gzipped budget, and the boot
 * script that starts the app after the first paint. A library upgrade that changes a bundle or the order a page
 * loads in fails these, not the feature tests: `playwright test --project=performance-shape` runs them alone,
 * `--project=features` the rest, and `playwright test` (CI, `npm test`) runs both projects.
 */
const PERFORMANCE_SHAPE = ['**/size-budget.spec.ts', '**/boot-after-paint.spec.ts'];

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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-sync',
      ],
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
    { name: 'features', testIgnore: PERFORMANCE_SHAPE },
    { name: 'performance-shape', testMatch: PERFORMANCE_SHAPE },
  ],
});
