import { FULL_BROWSER_LAUNCH } from '../../playwright.config';
import { expect, test } from './fixtures';

/**
 * Phones' browsers keep a page left behind in their back-forward cache and show it again, as it was, on Back.
 * Playwright turns that cache off; the browser of this file keeps it on (a worker of its own). The headless shell has
 * no such cache: this file runs in the full browser (ADR 053).
 */
test.use({
  launchOptions: { ...FULL_BROWSER_LAUNCH, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
  viewport: { width: 375, height: 812 },
});

// The only test of its project with public-gallery's: its worker starts a server and the full browser for it, which
// on a busy machine took most of the default 30 s (it timed out in three runs of three, 29 November 2026).
test.slow();

test('the home page left by a link outside its open menu comes back with the menu closed', async ({ page }) => {
  await page.addInitScript(() =>
    window.addEventListener('pageshow', (e) => ((window as unknown as { restored: boolean }).restored = e.persisted)),
  );
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Call or apply' }).getByRole('link', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();

  // A page shown again from the cache has no load event to wait for.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/$/);
  // Shown again from the cache, not loaded again (which would draw the menu closed and prove nothing).
  await expect.poll(() => page.evaluate(() => (window as unknown as { restored?: boolean }).restored).catch(() => null)).toBe(true);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();
});
