import type { Page, Request } from '@playwright/test';
import { expect, pageReady, test, assignLocation } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * A tap on a dashboard tab on a slow phone (ADR 067): with the CPU slowed four times, a tap on "Daily Activities"
 * as soon as the tab shows, and one once the app has the page, both open the tab. Before, React Aria's tabs were
 * dead until hydrated and then replaced every tab's element: two taps in three were lost.
 */
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
// A sign-in and a page load at a quarter of the CPU, on a machine other tests share.
test.slow();

/** Opens the dashboard with the CPU slowed 4x, as a mid-range phone; returns once the navigation has started. */
async function openSlowly(page: Page) {
  await page.goto('/favicon.svg');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Not page.goto: the fixture's goto waits for the app to be ready, and the first tap must not.
  await assignLocation(page, '/parent-dashboard');
}

async function activitiesOpen(page: Page) {
  const tab = page.getByRole('tab', { name: 'Daily Activities' });
  await expect(page).toHaveURL(/\/parent-dashboard\?tab=activities$/);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Daily Activities' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'false');
}

test("a tap on a tab as soon as it shows, and once the app has the page, opens it, with the CPU slowed 4x; a later tab's code loads when it is first opened", async ({
  page,
  server,
}) => {
  const fam = await parentFamily(server, 'tap');
  await signIn(page, fam.email, fam.password);

  await test.step('a tap on a tab as soon as it shows opens it, with the CPU slowed 4x', async () => {
    await openSlowly(page);
    await page.getByRole('tab', { name: 'Daily Activities' }).tap();
    await activitiesOpen(page);
    // And it stays open once the app has the page: nothing of the app's own puts Today back.
    await pageReady(page);
    await activitiesOpen(page);
  });

  await test.step('a tap on a tab once the app has the page opens it, with the CPU slowed 4x', async () => {
    await openSlowly(page);
    await pageReady(page);
    // The address names no tab: Today again, whatever the step before opened.
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Daily Activities' }).tap();
    await activitiesOpen(page);
  });

  await test.step("on a day with no report to sign and no dose, the Today tab's later parts load no code", async () => {
    // The notice and the doses draw nothing on such a day: the tab asks for what they would show, and their code (with
    // React Aria's and the whole catalogue) is not loaded at start (components/parent/TodayTab.tsx, ADR 117).
    const later: string[] = [];
    const watch = (request: Request) => {
      if (/\/assets\/(IncidentNotice|TodayMedication)-[^/]*\.js$/.test(request.url())) later.push(request.url());
    };
    page.on('request', watch);
    const incidents = page.waitForResponse((r) => r.url().includes('incidents.parentList'));
    const doses = page.waitForResponse((r) => r.url().includes('medication.familyDoses'));
    await openSlowly(page);
    await pageReady(page);
    expect((await incidents).ok()).toBe(true);
    expect((await doses).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 2, name: /'s day$/ })).toBeVisible();
    page.off('request', watch);
    expect(later).toEqual([]);
  });

  await test.step("a later tab's code loads when it is first opened: its loading state in the tab's place, then the tab", async () => {
    // The Overview tab's chunk is held until its loading state has been seen (components/parent/tabs.tsx, ADR 089).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/assets\/OverviewTab-[^/]*\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await openSlowly(page);
    await pageReady(page);
    // Today's content needs no more code: the Overview's chunk is not asked for until the tab is opened.
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    expect(asked).toEqual([]);
    await page.getByRole('tab', { name: 'Overview' }).tap();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(panel.getByText('Loading...')).toBeVisible();
    expect(asked).toHaveLength(1);
    release();
    await expect(panel.getByRole('heading', { name: 'Recent Development Notes' })).toBeVisible();
    await expect(panel.getByText('Loading...')).toHaveCount(0);
  });
});
