import type { Page } from '@playwright/test';
import { centre } from '../../src/shared/centre';
import { centreDateOf } from '../../src/shared/centre-time';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('home on a phone: nothing scrolls sideways and the navigation works', async ({ visitorPage: page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: centre.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photo gallery' })).toBeVisible();
  await expectNoSideScroll(page);
  // Scroll the whole page so lazy content is laid out, then check again.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  for (const name of ['Events', 'Milestones', 'Parent Portal', 'Online Enrollment'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expectNoSideScroll(page);
  await nav.getByRole('link', { name: 'Online Enrollment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
});

test('enrollment on a phone: nothing scrolls sideways, selects open, and Back to Home works', async ({ visitorPage: page }) => {
  await page.goto('/enrollment');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
  await expectNoSideScroll(page);
  // A native select (ADR 037): the phone draws its options.
  await page.getByRole('combobox', { name: /Program Requested/ }).selectOption({ label: 'Kindergarten Prep (4-5 years)' });
  await expect(page.getByRole('combobox', { name: /Program Requested/ })).toHaveValue('kindergarten');
  await page.getByRole('button', { name: 'Submit Enrollment Application' }).scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: centre.name })).toBeVisible();
});

test('events on a phone: nothing scrolls sideways and days can be chosen', async ({ visitorPage: page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events & Announcements' })).toBeVisible();
  await expectNoSideScroll(page);
  const days = page.getByRole('table').getByRole('link');
  const last = days.last();
  await expect(last).toBeInViewport();
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'date');
  await expectNoSideScroll(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a pasted link or a very long word in an announcement or event wraps instead of widening the page', async ({
  visitorPage: page,
  directorPage: staff,
  server,
}) => {
  const link = `https://www.columbus.gov/Services/Parks-Recreation/summer-programs-for-young-children/registration-${crypto.randomUUID()}`;
  const word = 'Supercalifragilistic'.repeat(8);
  const { announcements, events } = await import('../../db/schema');
  // The worker's server is shared with other tests, some of which post announcements dated a little ahead: this
  // one is dated later still, so that it is among the home teaser's three newest.
  server.db
    .insert(announcements)
    .values({
      title: `Register here ${word}`,
      content: `Sign up at ${link} before Friday.`,
      priority: 'high',
      createdAt: new Date(Date.now() + 86_400_000),
    })
    .run();
  // Today in Columbus with no start time: first among the overview's next five events, whatever other tests
  // of this worker have added (dated by UTC, it was tomorrow in Columbus each evening and could be pushed out).
  server.db
    .insert(events)
    .values({ title: `Picnic ${word}`, description: link, eventDate: centreDateOf(new Date()) })
    .run();

  for (const path of ['/', '/events']) {
    await page.goto(path);
    await expect(
      page
        .getByText(/Register here/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expectNoSideScroll(page);
  }
  for (const tab of ['announcements', 'events', 'overview']) {
    await staff.goto(`/admin?tab=${tab}`);
    await expect(staff.getByText(/Register here|Picnic/).first()).toBeVisible();
    await expectNoSideScroll(staff);
  }
});
