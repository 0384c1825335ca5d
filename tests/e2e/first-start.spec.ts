import { resolve } from 'node:path';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { issueSetupLink, setupLinkUrl } from '../../src/server/staff/first-start';
import { startTestServer } from '../helpers/server';
import { expect, pageReady, test } from './fixtures';

/**
 * The first start (ADR 091): the setup link opens a short form whose account is the director, signed in and taken to
 * the dashboard. The link's rules (once, 24 hours, wrong tokens, the rate limit, no-store) are in
 * tests/integration/first-start.test.ts; this walks the screen once, on a server of its own with no staff account.
 */
// Its own server only: the worker's shared one (behind the default baseURL) is not started for this file.
test.use({ baseURL: undefined });

test('the setup link creates the director and opens the dashboard signed in', async ({ page }) => {
  // A server of its own is started inside the test (its own empty database).
  test.slow();
  const clientDir = process.env.E2E_CLIENT_DIR ? resolve(process.env.E2E_CLIENT_DIR) : DEFAULT_CLIENT_DIR;
  const server = await startTestServer({ clientDir, clock: { now: () => new Date(), set() {}, advance() {}, sleep: async () => {} } });
  try {
    const link = setupLinkUrl(server.url, issueSetupLink(server.db, server.clock)!);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set Up Your Centre' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Dana Director');
    await page.getByRole('textbox', { name: 'Email' }).fill('dana@example.com');
    // The house's password rule, said at the field before anything is sent.
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Lantern orchard pebble 7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await pageReady(page);
    await expect(page.getByText('Welcome back, Dana Director')).toBeVisible();
  } finally {
    await server.close();
  }
});
