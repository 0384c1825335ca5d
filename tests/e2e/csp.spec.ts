import { expect, test } from './fixtures';

/**
 * The pages run under the site's CSP without a single violation: zod runs jitless (its eval probe used to be
 * one), and nothing else reaches for eval or a foreign source. Violations are collected in the page as the
 * browser reports them (`securitypolicyviolation`), and console errors that mention the policy besides.
 */
test('public pages, the enrollment form and the staff sign-in raise no CSP violation', async ({ page, server }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) consoleErrors.push(m.text());
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await page.goto('/');
  await expect(page.getByRole('link', { name: /Enroll/ }).first()).toBeVisible();
  expect(await violations()).toEqual([]);

  // Submitting the empty form runs the shared zod schema in the browser.
  await page.goto('/enrollment');
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect(await violations()).toEqual([]);

  await server.adminCookie('csp.director@example.com');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('csp.director@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
