import { announcements } from '../../db/schema';
import { expect, test } from './fixtures';

/**
 * The home page arrives as real HTML (ADR 011): readable without JavaScript, and the browser takes it over
 * without a hydration mismatch or a CSP violation.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the hero, the programs and the contact details', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
    await expect(page.getByText('Infant Program').first()).toBeVisible();
    await expect(page.getByText('(614) 555-0142').first()).toBeVisible();
    await expect(page.getByText('1480 Summit Street').first()).toBeVisible();
  });
});

test('the home page hydrates with no mismatch, no console error and no CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto('/');
  const html = await response!.text();
  // Drawn on the server: the programs are in the HTML, the data the page was drawn with beside it.
  expect(html).toContain('Our Programs');
  expect(html).toContain('<script type="application/json" id="ssr-state">');
  await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
  // Hydrated: on a phone, the Menu button (React's) opens the menu.
  await page.setViewportSize({ width: 375, height: 740 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await page.waitForLoadState('networkidle');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('the drawn page is kept only until something is written: a new announcement is in the next HTML', async ({ page, server }) => {
  const title = `Snow day ${Date.now()}`;
  const before = await (await page.request.get('/')).text();
  expect(before).toContain('id="ssr-state"');
  expect(before).not.toContain(title);
  server.db.insert(announcements).values({ title, content: 'The centre is closed.', isPublic: true }).run();
  const after = await (await page.request.get('/')).text();
  expect(after).toContain(title);
});
