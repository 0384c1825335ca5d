import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/**
 * axe-core (WCAG 2.1 A/AA rules) on every page a visitor or the director sees, on a phone and a desktop.
 * Serious and critical findings fail the test.
 */
async function violations(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Little Buckeyes Learning Center'],
  ['/enrollment', 'Online Enrollment Application'],
  ['/events', 'Events & Announcements'],
  ['/milestones', 'Milestone Achievement Badges'],
  ['/admin/login', 'Admin Login'],
  ['/no-such-page', '404 Page Not Found'],
];

/** A phone and a desktop: each page is loaded once and checked at both widths. */
const WIDTHS = [375, 1280];

async function violationsAtEachWidth(page: import('@playwright/test').Page, ready: () => Promise<void>) {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    found[width] = await violations(page);
  }
  return found;
}

const NONE = Object.fromEntries(WIDTHS.map((w) => [w, []]));

for (const [path, heading] of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility violations on a phone or a desktop`, async ({ page }) => {
    await page.goto(path);
    const found = await violationsAtEachWidth(page, () => expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible());
    expect(found).toEqual(NONE);
  });
}

for (const tab of ['Overview', 'Events', 'Announcements', 'Applications', 'Enrolled', 'Gallery']) {
  test(`the dashboard's ${tab} tab has no serious accessibility violations on a phone or a desktop`, async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto('/admin');
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    const found = await violationsAtEachWidth(page, async () => {
      await expect(panel).toBeVisible();
      await expect(panel.getByText('Loading...')).toHaveCount(0);
    });
    expect(found).toEqual(NONE);
  });
}

test('each page has its own title (WCAG 2.4.2), also after client-side navigation', async ({ page }) => {
  const titles: [string, RegExp][] = [
    ['/', /^Little Buckeyes Learning Center \| Childcare in Columbus, Ohio$/],
    ['/enrollment', /^Online Enrollment Application \| Little Buckeyes Learning Center$/],
    ['/events', /^Events & Announcements \| Little Buckeyes Learning Center$/],
    ['/milestones', /^Milestone Achievement Badges \| Little Buckeyes Learning Center$/],
    ['/admin/login', /^Admin Login \| Little Buckeyes Learning Center$/],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveTitle(titles[2]![1]);
  await page.goto('/no-such-page');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Little Buckeyes Learning Center');
  await page.getByRole('link', { name: 'Little Buckeyes Learning Center' }).first().click();
  await expect(page).toHaveTitle(titles[0]![1]);
});
