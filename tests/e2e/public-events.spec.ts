import { addMonths, format, parseISO, setDate } from 'date-fns';
import { announcements, events } from '../../db/schema';
import { centre } from '../../src/shared/centre';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import type { TestServer } from '../helpers/server';
import { expect, pageReady, test } from './fixtures';

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const longDate = (d: string) => format(parseISO(d), 'MMMM d, yyyy');
const shortDate = (d: string) => format(parseISO(d), 'MMM dd, yyyy');
const unique = () => crypto.randomUUID().slice(0, 8);

// What the page draws (an event on its day with its times and category, a day or month from the address, the
// announcements with their badges, the empty texts, the next five events, what a signed-in director is shown, the
// categories only staff use) and that a day tapped before any script has run is a link the server answers are read
// from the HTML the server sends: tests/integration/public-pages-html.test.ts and server-html.test.ts (ADR 072).
/** The page's "today" is the centre's day in Columbus, whatever the time zone of the machine running the tests. */
const centreToday = () => centreDateOf(new Date());

/** A day of the current month that is not today, so selecting it is a real change. */
function otherDayThisMonth(): string {
  const today = parseISO(centreToday());
  return iso(setDate(today, today.getDate() === 15 ? 16 : 15));
}

test('the calendar works from the keyboard: arrows move between days, Enter selects, months change', async ({ visitorPage: page }) => {
  await page.goto('/events');
  const thisMonth = format(parseISO(centreToday()), 'MMMM yyyy');
  const calendar = page.getByRole('table', { name: thisMonth });
  const today = calendar.getByRole('link', { name: new RegExp(`^${longDate(centreToday())},`) });

  await today.focus();
  await page.keyboard.press('ArrowDown');
  const weekLater = addDays(centreToday(), 7);
  const target = page.getByRole('link', { name: new RegExp(`^${longDate(weekLater)},`) });
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(target).toHaveAttribute('aria-current', 'date');
  // The day stays focused once shown, so the keyboard carries on from it, and a screen reader is told what changed.
  await expect(target).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(`${format(parseISO(weekLater), 'MMMM yyyy')}. Events on ${shortDate(weekLater)}`);
  await expect(page.getByRole('heading', { name: `Events on ${shortDate(weekLater)}` })).toBeVisible();

  // A week on may already be next month: the grid follows the focus.
  const shown = format(parseISO(weekLater), 'MMMM yyyy');
  await expect(page.getByRole('table', { name: shown })).toBeVisible();
  await page.getByRole('link', { name: 'Next month' }).click();
  await expect(page.getByRole('table', { name: format(addMonths(parseISO(weekLater), 1), 'MMMM yyyy') })).toBeVisible();
  await page.getByRole('link', { name: 'Previous month' }).click();
  await expect(page.getByRole('table', { name: shown })).toBeVisible();
  // Page Down: the same day of the next month, focused once that month is shown; Back shows the month before.
  await page.getByRole('link', { name: new RegExp(`^${longDate(weekLater)},`) }).focus();
  await page.keyboard.press('PageDown');
  const monthLater = format(addMonths(parseISO(weekLater), 1), 'yyyy-MM-dd');
  await expect(page.getByRole('link', { name: new RegExp(`^${longDate(monthLater)},`) })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('table', { name: shown })).toBeVisible();
  // The selected day is still the one chosen: the month arrows keep it.
  await expect(page.getByRole('heading', { name: `Events on ${shortDate(weekLater)}` })).toBeVisible();

  // The app's own calendar (reached from one of its pages without a page load) has the same keys.
  await page.goto('/admin/login');
  await pageReady(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page
    .getByRole('table', { name: thisMonth })
    .getByRole('link', { name: new RegExp(`^${longDate(centreToday())},`) })
    .focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: new RegExp(`^${longDate(weekLater)},`) })).toBeFocused();
});

test('when the events cannot be loaded the page says so and offers to try again', async ({ visitorPage: page }) => {
  let fail = true;
  await page.route(/\/api\/trpc\/[^?]*events\.list/, (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }) : route.fallback(),
  );
  // Opened from a page of the app that holds no events: the browser asks for them (a first visit gets them in its
  // HTML, ADR 011). (The not-found page is a document since ADR 072; the staff sign-in is a page of the app.)
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events & Announcements' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('We could not load the events and announcements right now.');
  await expect(page.getByText('No upcoming events scheduled.')).toHaveCount(0);
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('when the home teaser cannot load the events it says so, not that there are none, and tries again on request', async ({
  visitorPage: page,
  server,
}) => {
  const title = `Teaser retry ${unique()}`;
  server.db.insert(events).values({ title, eventDate: centreToday(), startTime: '00:00' }).run();
  let fail = true;
  await page.route(/\/api\/trpc\/[^?]*events\.list/, (route) => (fail ? route.abort('failed') : route.fallback()));
  // Opened from another page of the app: the browser asks for the events (a first visit to / gets them in its
  // HTML, ADR 011). (The form pages are documents since ADR 037; the staff sign-in is a page of the app.)
  await page.goto('/admin/login');
  await page
    .getByRole('link', { name: /Little Buckeyes/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  const teaser = page.getByRole('region', { name: 'Events & Announcements' });
  // Events and announcements may share one batched request: whichever failed says so.
  const eventsAlert = teaser.getByRole('alert').filter({ hasText: 'We could not load the events right now.' });
  await expect(eventsAlert).toBeVisible();
  await expect(teaser.getByText('No upcoming events scheduled at this time.')).toHaveCount(0);
  fail = false;
  await eventsAlert.getByRole('button', { name: 'Try again' }).click();
  await expect(teaser.getByRole('heading', { name: title })).toBeVisible();
  await expect(eventsAlert).toHaveCount(0);
});

test.describe('layout', () => {
  async function seed(server: TestServer) {
    const day = centreToday();
    server.db
      .insert(events)
      .values([0, 1, 2, 3].map((n) => ({ title: `Layout event ${n} ${unique()}`, eventDate: day, startTime: '00:00' })))
      .run();
    const titles = [0, 1, 2, 3].map((n) => `Layout notice ${n} ${unique()}`);
    server.db
      .insert(announcements)
      .values(
        titles.map((title, n) => ({
          title,
          content: 'Bring a hat and sunscreen for outdoor play this week. '.repeat(3),
          priority: 'high',
          createdAt: new Date(Date.now() + 600_000 + n),
        })),
      )
      .run();
    return titles;
  }

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    test('the main column has no hole: the day and all announcements follow the calendar, the sidebar beside it', async ({
      visitorPage: page,
      server,
    }) => {
      await seed(server);
      await page.goto('/events');
      const box = async (name: string) => (await page.getByRole('region', { name, exact: true }).locator('xpath=..').boundingBox())!;
      const calendar = (await page.getByRole('table').locator('xpath=ancestor::div[contains(@class,"rounded-2xl")][1]').boundingBox())!;
      const day = await box(`Events on ${shortDate(centreToday())}`);
      const all = await box('All Announcements');
      const upcoming = await box('Upcoming Events');
      const preview = await box('Announcements');
      expect(day.y - (calendar.y + calendar.height)).toBeLessThanOrEqual(32);
      expect(all.y - (day.y + day.height)).toBeLessThanOrEqual(32);
      expect(upcoming.x).toBeGreaterThan(calendar.x + calendar.width);
      expect(upcoming.y).toBeLessThanOrEqual(calendar.y + 1);
      expect(preview.x).toBe(upcoming.x);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("the Announcements card is shown, below the calendar, with the desktop's content; the full list shows each once", async ({
      visitorPage: page,
      server,
    }) => {
      const titles = await seed(server);
      await page.goto('/events');
      // docs/product.md §9's card on every width: the newest three, cut to 100 characters.
      const preview = page.getByRole('region', { name: 'Announcements', exact: true });
      await expect(preview).toBeVisible();
      await expect(preview.getByRole('heading', { level: 3 })).toHaveText([titles[3]!, titles[2]!, titles[1]!]);
      const cut = `${'Bring a hat and sunscreen for outdoor play this week. '.repeat(3).slice(0, 100)}...`;
      await expect(preview.getByText(cut, { exact: true })).toHaveCount(3);
      const calendar = (await page.getByRole('table').boundingBox())!;
      const previewBox = (await preview.boundingBox())!;
      expect(previewBox.y).toBeGreaterThan(calendar.y + calendar.height);
      expect(previewBox.x + previewBox.width).toBeLessThanOrEqual(375);
      // The full list still holds each announcement once, in full.
      const all = page.getByRole('region', { name: 'All Announcements' });
      for (const title of titles) await expect(all.getByRole('heading', { name: title })).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    test("a day tapped brings its list, below the calendar, into view: with the page's script and without", async ({
      page,
      server,
      browser,
    }) => {
      await seed(server);
      const day = otherDayThisMonth();
      const dayList = page.getByRole('heading', { name: `Events on ${shortDate(day)}` });
      // Where a heading's top is in the window: the list starts at the bottom edge, under the Call / Apply bar.
      const topOf = async (name: string) => (await page.getByRole('heading', { name }).boundingBox())?.y ?? -1;
      const tapDay = () =>
        page
          .getByRole('table')
          .getByRole('link', { name: new RegExp(`^${longDate(day)},`) })
          .click();
      await page.goto('/events');
      expect(await topOf(`Events on ${shortDate(centreToday())}`)).toBeGreaterThan(600);
      // Shown in place by the script, then scrolled to, as the link's #day-events asks.
      await tapDay();
      await expect(dayList).toBeVisible();
      await expect.poll(() => topOf(`Events on ${shortDate(day)}`)).toBeLessThan(300);
      await expect(page).toHaveURL(new RegExp(`/events\\?date=${day}#day-events$`));
      // Without scripts the link loads the page, and the browser goes to the list itself.
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, baseURL: server.url });
      const plain = await context.newPage();
      await plain.goto('/events');
      const plainTop = async (name: string) => (await plain.getByRole('heading', { name }).boundingBox())?.y ?? -1;
      expect(await plainTop(`Events on ${shortDate(centreToday())}`)).toBeGreaterThan(600);
      await plain
        .getByRole('table')
        .getByRole('link', { name: new RegExp(`^${longDate(day)},`) })
        .click();
      await expect(plain).toHaveURL(new RegExp(`/events\\?date=${day}#day-events$`));
      await expect.poll(() => plainTop(`Events on ${shortDate(day)}`)).toBeLessThan(300);
      await context.close();
    });

    test('within the app (reached from the dashboard), a day tapped brings its list into view; Enter keeps the keyboard on the calendar', async ({
      directorPage: page,
      server,
    }) => {
      await seed(server);
      const day = otherDayThisMonth();
      const topOf = async (name: string) => (await page.getByRole('heading', { name }).boundingBox())?.y ?? -1;
      const dayLink = (date: string) => page.getByRole('table').getByRole('link', { name: new RegExp(`^${longDate(date)},`) });
      await page.goto('/admin');
      // The staff header's centre name, then the site header's Events link, are followed by the app: the same page,
      // drawn by React, without a page load.
      await page.getByRole('link', { name: centre.name }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Events', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Events & Announcements' })).toBeVisible();
      expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.name)).toMatch(/\/admin$/);
      expect(await topOf(`Events on ${shortDate(centreToday())}`)).toBeGreaterThan(600);
      await dayLink(day).click();
      await expect(page).toHaveURL(new RegExp(`/events\\?date=${day}$`));
      await expect.poll(() => topOf(`Events on ${shortDate(day)}`)).toBeLessThan(300);
      await expect(dayLink(day)).toBeFocused();
      // From the keyboard: Enter selects the day focused, and the view stays on the calendar with the focus.
      // Back to the top, and still there two frames later: the site scrolls smoothly (styles.css), and under load the
      // tap's scroll, still running, carried the page down again after a single scrollTo.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                window.scrollTo({ top: 0, behavior: 'instant' });
                requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)));
              }),
          ),
        )
        .toBe(0);
      const today = centreToday();
      await dayLink(today).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/events\\?date=${today}$`));
      await expect(page.getByRole('heading', { name: `Events on ${shortDate(today)}` })).toBeAttached();
      await expect(dayLink(today)).toBeFocused();
      expect(await topOf(`Events on ${shortDate(today)}`)).toBeGreaterThan(600);
    });
  });
});
