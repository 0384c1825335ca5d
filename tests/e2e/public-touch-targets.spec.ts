import type { Page } from '@playwright/test';
import { centreDateOf } from '../../src/shared/centre-time';
import { announcements, events } from '../../db/schema';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** WCAG 2.5.5's 44 × 44 CSS px, which the centre asks of every control a parent taps on a phone. */
const MIN = 44;

/**
 * Every link, button, tab and form control a person can see on the page, with its size. Elements that
 * are visually hidden (the skip link before it is focused, 1 × 1 px) are checked once focused; elements hidden from everyone are left out.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="option"], input:not([type="hidden"]), select, textarea, summary';
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Visually hidden, itself (the skip link until focused) or inside a wrapper (React Aria's Dismiss buttons for screen readers).
      let hidden = false;
      for (let node: HTMLElement | null = el; node && !hidden; node = node.parentElement) {
        const style = getComputedStyle(node);
        hidden = style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
      }
      if (hidden) continue;
      const r = el.getBoundingClientRect();
      if (r.width < min || r.height < min) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.tagName)
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return small;
  }, MIN);
}

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
    expect(await smallTargets(page), path).toEqual([]);
  }
});

test("the enrollment form's selects are 44 px tall on a phone (native: the phone draws their options)", async ({ visitorPage: page }) => {
  await page.goto('/enrollment');
  for (const name of [/^State/, /^Program Requested/, /^Relationship to Child/, /^How did you hear about us\?/]) {
    expect((await page.getByRole('combobox', { name }).boundingBox())!.height, String(name)).toBeGreaterThanOrEqual(44);
  }
  expect(await smallTargets(page)).toEqual([]);
});
