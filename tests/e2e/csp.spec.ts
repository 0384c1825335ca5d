import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN_TABS } from '../../src/client/components/admin/admin-tabs';
import { staffEn } from '../../src/shared/i18n/staff-en';
import { expect, pageReady, test } from './fixtures';

/**
 * The pages run under the site's CSP without a single violation: zod runs jitless (its eval probe used to be
 * one), and nothing else reaches for eval or a foreign source. Violations are collected in the page as the
 * browser reports them (`securitypolicyviolation`), and console errors that mention the policy besides. The policy's
 * header itself is checked on every kind of answer in tests/integration/public-api.test.ts.
 */

/** Collects, for the whole context, every CSP violation the pages report and every request the browser makes. */
async function watch(context: BrowserContext) {
  await context.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  return requests;
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/**
 * A visitor, a parent and staff go through their main pages: no page raises a CSP violation, and the browser
 * asks no host but the site's own (no fonts, analytics, CDNs or maps from elsewhere).
 */
test('a visitor, a parent and staff: zero CSP violations, no console error about the policy, and no request to any other host', async ({
  page,
  context,
  server,
  loginAsAdmin,
}) => {
  test.slow();
  const requests = await watch(context);
  const origin = new URL(server.url).origin;
  const violations: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) consoleErrors.push(m.text());
  });

  for (const [path, heading] of [
    ['/', /Little Buckeyes/],
    ['/events', /Events/],
    ['/milestones', /Milestone/],
    ['/enrollment', /Enrollment/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    if (path === '/enrollment') {
      // Submitting the empty form runs the shared zod schema in the browser.
      await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    }
    violations.push(...(await violationsOf(page)));
  }

  // The staff sign-in, refused: its form and its toast.
  await server.adminCookie('csp.director@example.com');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('csp.director@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  violations.push(...(await violationsOf(page)));

  // A parent: an account made as staff make it, signed in through the form.
  const admin = { cookie: await server.adminCookie('hosts.director@example.com') };
  const child = (await (
    await server.request('/api/admin/enrolled-children', {
      method: 'POST',
      json: {
        childName: 'Hana Host',
        dateOfBirth: '2023-03-01',
        program: 'preschool',
        startDate: '2026-01-05',
        parentName: 'Hugo Host',
        parentEmail: 'hosts.parent@example.com',
      },
      headers: admin,
    })
  ).json()) as { id: string };
  const login = (await (
    await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: admin })
  ).json()) as { credentials: { password: string } };
  await page.goto('/parent-login');
  await page.getByLabel('Email').fill('hosts.parent@example.com');
  await page.getByLabel('Password', { exact: true }).fill(login.credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  // A full page load (the sign-in is a document of its own, ADR 037): the app's scripts have run before violations are read.
  await pageReady(page);
  await expect(page.getByText('Hana Host').first()).toBeVisible();
  violations.push(...(await violationsOf(page)));

  // Staff: every tab of the dashboard, opened as staff open them, by its tab in one loaded dashboard (each panel's
  // script and data arrive as it is chosen), each panel drawn before the violations are read.
  await loginAsAdmin();
  await page.goto('/admin');
  for (const tab of ADMIN_TABS) {
    // Anchored: the Payments tab holds a 'Recent Payments' tab of its own; a tab's name may end with its count of
    // new items ('Applications (1 new)' once another test has sent an application to the shared server).
    const name = new RegExp(`^${staffEn[`staff.tab.${tab.id}`]}( \\(\\d+ new\\))?$`);
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
    await expect(page).toHaveURL(tab.id === 'overview' ? /\/admin(\?tab=overview)?$/ : new RegExp(`\\?tab=${tab.id}$`));
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    violations.push(...(await violationsOf(page)));
  }

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(requests.length).toBeGreaterThan(10);
  const foreign = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
});
