import { centreDateOf } from '../../src/shared/centre-time';
import { announcements, events } from '../../db/schema';
import { expect, test } from './fixtures';
import { smallTargets } from './touch-targets';

test.use({ viewport: { width: 375, height: 812 } });

/** WCAG 2.5.5's 44 × 44 CSS px, which the centre asks of every control a parent taps on a phone. */
const MIN = 44;

test('every link, button and control on the public pages is at least 44 × 44 px on a phone', async ({ visitorPage: page, server }) => {
  const today = centreDateOf(new Date());
  server.db
    .insert(events)
    .values({ title: 'Touch target picnic', description: 'In the park.', eventDate: today, startTime: '10:00', category: 'general' })
    .run();
  server.db.insert(announcements).values({ title: 'Touch target notice', content: 'Bring a hat.', priority: 'high' }).run();

  const pages: [string, string][] = [
    ['/', 'Little Buckeyes Learning Center'],
    ['/enrollment', 'Online Enrollment Application'],
    ['/parent-login', 'Parent Portal'],
    ['/events', 'Events & Announcements'],
    ['/milestones', 'Milestone Achievement Badges'],
    ['/admin/login', 'Admin Login'],
    ['/no-such-page', '404 Page Not Found'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/') await expect(page.getByRole('list', { name: 'Photo gallery' })).toBeVisible();
    if (path === '/events')
      await expect(page.getByRole('region', { name: 'All Announcements' }).getByText('Touch target notice')).toBeVisible();
    if (path === '/milestones') await expect(page.getByRole('list', { name: 'Milestones' })).toBeVisible();
    expect(await smallTargets(page, MIN), path).toEqual([]);
  }
});

test("the enrollment form's selects are 44 px tall on a phone (native: the phone draws their options)", async ({ visitorPage: page }) => {
  await page.goto('/enrollment');
  for (const name of [/^State/, /^Program Requested/, /^Relationship to Child/, /^How did you hear about us\?/]) {
    expect((await page.getByRole('combobox', { name }).boundingBox())!.height, String(name)).toBeGreaterThanOrEqual(44);
  }
  expect(await smallTargets(page, MIN)).toEqual([]);
});
