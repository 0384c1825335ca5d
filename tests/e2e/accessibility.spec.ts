import type { Page } from '@playwright/test';
import { sampleApplication } from '../helpers/enrollment-fixtures';
import type { TestServer } from '../helpers/server';
import { axeScan } from './axe';
import { expect, test } from './fixtures';
import { signIn } from './parent-family';

/**
 * axe-core (WCAG 2.1 A/AA rules) on every page a visitor or the director sees, on a phone and a desktop.
 * Serious and critical findings fail the test. Text whose contrast axe could not measure because it sits on a
 * gradient or an image fails too: axe files it as "needs review", which is how the hero's badges at 3.6:1 went
 * unnoticed. (Text it cannot measure because a scrolled strip or an overlay covers it at that moment is a
 * question of the scan's timing, not of the colours, and is left out.) Things shown only after an action (a dialog, a toast, the phone menu) are
 * scanned once they are open, in the test that loads their page: the phone menu by itself (`include`: the page
 * around it is as scanned just before), a dialog or a toast with the whole page (a dialog hides the rest, and the
 * enrollment form's toast comes with its fields' messages).
 */
async function violations(page: Page, include?: string[]) {
  const result = await axeScan(page, include);
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  const onGradientOrImage = new Set(['bgGradient', 'bgImage', 'imgNode']);
  const unmeasured = result.incomplete
    .filter((v) => v.id === 'color-contrast')
    .flatMap((v) =>
      v.nodes.filter((n) => n.any.some((c) => onGradientOrImage.has((c.data as { messageKey?: string } | null)?.messageKey ?? ''))),
    )
    .map((n) => `color-contrast not measurable: ${n.target.join(' ')} (${n.any[0]?.message ?? ''})`);
  return [...found, ...unmeasured];
}

// A full axe scan of the home page takes several seconds alone, far more on a busy shared machine.
test.describe.configure({ timeout: 90_000 });

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Little Buckeyes Learning Center'],
  ['/enrollment', 'Online Enrollment Application'],
  ['/events', 'Events & Announcements'],
  ['/milestones', 'Milestone Achievement Badges'],
  ['/admin/login', 'Admin Login'],
  ['/parent-login', 'Parent Portal'],
  ['/parent-reset-password#token=abc', 'Choose a New Password'],
  ['/admin/set-password#token=abc', 'Choose Your Password'],
  ['/no-such-page', '404 Page Not Found'],
];

/** A phone and a desktop: each page is loaded once and checked at both widths. */
const WIDTHS = [375, 1280];

async function violationsAtEachWidth(page: Page, ready: () => Promise<void>) {
  const found: Record<number, string[]> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    found[width] = await violations(page);
  }
  return found;
}

const NONE = Object.fromEntries(WIDTHS.map((w) => [w, []]));

/** Each page's own title (WCAG 2.4.2), checked as the page is loaded for its scan; the not-found page's below. */
const TITLES: Record<string, RegExp> = {
  '/': /^Little Buckeyes Learning Center \| Childcare in Columbus, Ohio$/,
  '/enrollment': /^Online Enrollment Application \| Little Buckeyes Learning Center$/,
  '/events': /^Events & Announcements \| Little Buckeyes Learning Center$/,
  '/milestones': /^Milestone Achievement Badges \| Little Buckeyes Learning Center$/,
  '/admin/login': /^Admin Login \| Little Buckeyes Learning Center$/,
  '/parent-login': /^Parent Portal \| Little Buckeyes Learning Center$/,
};

/** The levels of the page's headings in order: none may skip a level, and the first is the h1. */
async function headingSkips(page: Page) {
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  return {
    skips: levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${level}`] : [])),
    first: levels[0],
  };
}

/**
 * What a page shows only after an action, scanned once shown at each width, in the test that loaded the page: the
 * open phone menu and the Call / Apply bar on the home page (a desktop has no menu), the enrollment failure toast
 * (shown for 5 s, so sent again at each width).
 */
const ONCE_SHOWN: Record<string, (page: Page, width: number) => Promise<void>> = {
  '/': async (page, width) => {
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
    if (width >= 768) return expect(menu).toBeHidden();
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Parent Portal' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Call or apply' })).toBeVisible();
    expect
      .soft(await violations(page, ['header', 'nav[aria-label="Call or apply"]']), 'the open phone menu and the Call / Apply bar')
      .toEqual([]);
    await menu.click();
  },
  '/enrollment': async (page) => {
    await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
    await expect(page.getByRole('alertdialog').getByText('Submission Failed')).toBeVisible();
    // The whole page: the form now shows its fields' messages too, beside the toast.
    expect.soft(await violations(page), 'the enrollment failure toast').toEqual([]);
  },
};

// Each page is loaded once for its scans at both widths, its title, its headings' order (axe rates heading-order only
// moderate, so it is checked here), and what it shows only after an action.
for (const [path, heading] of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility violations on a phone or a desktop, its own title, and headings that never skip a level`, async ({
    visitorPage: page,
  }) => {
    await page.goto(path);
    if (TITLES[path]) await expect(page).toHaveTitle(TITLES[path]);
    const found = await violationsAtEachWidth(page, () => expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible());
    expect(found).toEqual(NONE);
    if (path === '/milestones') await expect(page.getByRole('list', { name: 'Milestones' })).toBeVisible();
    expect(await headingSkips(page), path).toEqual({ skips: [], first: 1 });
    const shown = ONCE_SHOWN[path];
    if (shown)
      for (const width of WIDTHS)
        await test.step(`once shown, at ${width} px`, async () => {
          await page.setViewportSize({ width, height: 900 });
          await shown(page, width);
        });
  });
}

const ADMIN_TABS_SCANNED = [
  'Overview',
  'Events',
  'Announcements',
  'Applications',
  'Enrolled',
  'Activities',
  'Daily sheets',
  'Communication',
  'Payments',
  'Gallery',
];

// One sign-in, every tab: each tab is a step of its own, and a finding in one does not stop the scan of the next. In
// the Applications tab, an application's details dialog (with fields left empty) is scanned too, once open.
test("each of the dashboard's tabs, and an application's details dialog, has no serious accessibility violations on a phone or a desktop", async ({
  directorPage: page,
  server,
}) => {
  test.slow();
  await page.goto('/admin');
  for (const tab of ADMIN_TABS_SCANNED) {
    await test.step(tab, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab, exact: true });
      const found = await violationsAtEachWidth(page, async () => {
        await expect(panel).toBeVisible();
        await expect(panel.getByText('Loading...')).toHaveCount(0);
      });
      expect.soft(found, tab).toEqual(NONE);
    });
  }
  // Sent only now: a new application renames the Applications tab and its panel ('Applications (1 new)').
  const res = await server.request('/api/enrollment', {
    method: 'POST',
    json: { ...sampleApplication, childFirstName: 'Axe', childLastName: 'Check', allergies: '', medications: '' },
  });
  expect(res.status).toBe(201);
  await page.goto('/admin?tab=applications');
  for (const width of WIDTHS)
    await test.step(`an application's details dialog (with fields left empty), at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: "View details of Axe Check's application" }).first().click();
      const details = page.getByRole('dialog', { name: 'Application: Axe Check' });
      await expect(details.getByText('Not provided').first()).toBeVisible();
      expect.soft(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
    });
});

/** An enrolled child with an activity and a note, and its parent's login (outbox mode answers the password). */
async function parentWithChild(server: TestServer) {
  const email = `a11y.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const cookie = await server.adminCookie();
  const child = (await (
    await server.request('/api/admin/enrolled-children', {
      method: 'POST',
      json: {
        childName: 'Ada Lane',
        dateOfBirth: '2023-03-10',
        program: 'preschool',
        startDate: '2026-01-05',
        parentName: 'Lee Lane',
        parentEmail: email,
      },
      headers: { cookie },
    })
  ).json()) as { id: string };
  await server.request('/api/admin/daily-activities', {
    method: 'POST',
    json: {
      childId: child.id,
      activityDate: '2026-11-20',
      category: 'play',
      title: 'Blocks',
      description: 'Built a tower',
      duration: 20,
      skillsPracticed: 'stacking',
      enjoymentLevel: 4,
    },
    headers: { cookie },
  });
  await server.request('/api/admin/development-notes', {
    method: 'POST',
    json: { childId: child.id, category: 'cognitive', title: 'Counting', content: 'Counted to ten', skillsObserved: 'counting' },
    headers: { cookie },
  });
  const login = (await (
    await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: { cookie } })
  ).json()) as { credentials: { password: string } };
  return { email, password: login.credentials.password };
}

const PARENT_TABS_SCANNED = [
  'Today',
  'Overview',
  'Daily Activities',
  'Development Notes',
  'Milestones',
  'Health',
  'Communication',
  'Payments',
];

test("each of the parent dashboard's tabs has no serious accessibility violations on a phone or a desktop", async ({
  parentPage: page,
  server,
}) => {
  test.slow();
  const { email, password } = await parentWithChild(server);
  await signIn(page, email, password);
  for (const tab of PARENT_TABS_SCANNED) {
    await test.step(tab, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name: tab, exact: true });
      const found = await violationsAtEachWidth(page, async () => {
        await expect(panel).toBeVisible();
        await expect(panel.getByText('Loading...')).toHaveCount(0);
      });
      expect.soft(found, tab).toEqual(NONE);
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(1280);
    });
  }
});

test('each page has its own title (WCAG 2.4.2) after client-side navigation too', async ({ visitorPage: page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveTitle(TITLES['/events']!);
  await page.goto('/no-such-page');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Little Buckeyes Learning Center');
  await page.getByRole('link', { name: 'Little Buckeyes Learning Center' }).first().click();
  await expect(page).toHaveTitle(TITLES['/']!);
});
