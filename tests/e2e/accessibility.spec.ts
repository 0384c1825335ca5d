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
  ['/parent-login', 'Parent Portal'],
  ['/parent-reset-password#token=abc', 'Choose a New Password'],
  ['/no-such-page', '404 Page Not Found'],
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of PUBLIC_PAGES) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }

    test('every dashboard tab has no serious accessibility violations', async ({ page, loginAsAdmin }) => {
      // One axe run per tab: seven runs take longer than one page's budget on a busy machine.
      test.slow();
      await loginAsAdmin();
      await page.goto('/admin');
      for (const tab of ['Overview', 'Events', 'Announcements', 'Applications', 'Enrolled', 'Activities', 'Gallery']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        await expect(page.getByRole('tabpanel', { name: tab }).getByText('Loading...')).toHaveCount(0);
        expect(await violations(page), tab).toEqual([]);
      }
    });

    test('every parent dashboard tab has no serious accessibility violations', async ({ page, server }) => {
      test.slow();
      const { email, password } = await parentWithChild(server);
      await page.goto('/parent-login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Development Journey/ })).toBeVisible();
      for (const tab of ['Overview', 'Daily Activities', 'Development Notes', 'Milestones', 'Communication']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        await expect(page.getByRole('tabpanel', { name: tab }).getByText('Loading...')).toHaveCount(0);
        expect(await violations(page), tab).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

/** An enrolled child with an activity and a note, and its parent's login (outbox mode answers the password). */
async function parentWithChild(server: import('../helpers/server').TestServer) {
  const email = `a11y.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const cookie = await server.adminCookie();
  const child = (await (
    await server.request('/api/admin/enrolled-children', { method: 'POST', json: { childName: 'Ada Lane', dateOfBirth: '2023-03-10', program: 'preschool', startDate: '2026-01-05', parentName: 'Lee Lane', parentEmail: email }, headers: { cookie } })
  ).json()) as { id: string };
  await server.request('/api/admin/daily-activities', { method: 'POST', json: { childId: child.id, activityDate: '2026-11-20', category: 'play', title: 'Blocks', description: 'Built a tower', duration: 20, skillsPracticed: 'stacking', enjoymentLevel: 4 }, headers: { cookie } });
  await server.request('/api/admin/development-notes', { method: 'POST', json: { childId: child.id, category: 'cognitive', title: 'Counting', content: 'Counted to ten', skillsObserved: 'counting' }, headers: { cookie } });
  const login = (await (await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: { cookie } })).json()) as { credentials: { password: string } };
  return { email, password: login.credentials.password };
}

test('each page has its own title (WCAG 2.4.2), also after client-side navigation', async ({ page }) => {
  const titles: [string, RegExp][] = [
    ['/', /^Little Buckeyes Learning Center \| Childcare in Columbus, Ohio$/],
    ['/enrollment', /^Online Enrollment Application \| Little Buckeyes Learning Center$/],
    ['/events', /^Events & Announcements \| Little Buckeyes Learning Center$/],
    ['/milestones', /^Milestone Achievement Badges \| Little Buckeyes Learning Center$/],
    ['/admin/login', /^Admin Login \| Little Buckeyes Learning Center$/],
    ['/parent-login', /^Parent Portal \| Little Buckeyes Learning Center$/],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveTitle(titles[2]![1]);
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page Not Found | Little Buckeyes Learning Center');
  await page.getByRole('link', { name: 'Little Buckeyes Learning Center' }).first().click();
  await expect(page).toHaveTitle(titles[0]![1]);
});
