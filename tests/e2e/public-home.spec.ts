import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { pictures } from '../../db/schema';
import { fullTitle, PUBLIC_PAGES } from '../../src/shared/public-pages';
import { expect, test } from './fixtures';

// What the home page draws (its sections, claims, links, the teaser's lists; the built-in photos and the empty texts
// with nothing posted; the footer's Admin link) is checked in the HTML the server sends:
// tests/integration/server-html.test.ts and public-pages-html.test.ts (ADR 072). Here, what only a browser shows.

test('the public pages load nothing from other sites', async ({ visitorPage: page, server }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(server.url) && !req.url().startsWith('data:')) foreign.push(req.url());
  });
  for (const path of ['/', '/enrollment', '/events', '/milestones']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(foreign).toEqual([]);
});

test('the home page in the browser: View Programs and the footer links scroll to the programs, the sticky bar is cleared on a desktop and not on a phone, and the gallery leads with an upload, every image decoded', async ({
  visitorPage: page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  // One test of the home page (a step per former test), each step from a fresh load of the page.
  await test.step('View Programs and the footer program links scroll the programs to the top of the page', async () => {
    await page.goto('/');
    const programs = page.locator('section#programs');
    // Where the section starts, relative to the top of the window (it stops just under the sticky bar).
    const programsTop = () => programs.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const atTop = async () => {
      const top = await programsTop();
      return top >= 0 && top < 100;
    };
    await expect(programs.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
    expect(await programsTop()).toBeGreaterThan(300);

    await page.getByRole('button', { name: 'View Programs' }).click();
    await expect.poll(atTop).toBe(true);
    await expect(programs).toBeFocused();
    await expect(page).toHaveURL(/\/$/);

    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(programsTop).toBeLessThan(-500);
    await footer.getByRole('link', { name: 'Kindergarten Prep' }).click();
    await expect.poll(atTop).toBe(true);
  });

  await test.step('the navigation bar is cleared where it sticks (a desktop), and not on a phone, where it scrolls away', async () => {
    // Desktop: Skip to content leaves the content under the sticky bar, not behind it.
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    const headerBottom = await page.locator('header').evaluate((el) => el.getBoundingClientRect().bottom);
    const noteTop = await page.getByRole('note', { name: 'Enrollment status' }).evaluate((el) => el.getBoundingClientRect().top);
    expect(noteTop).toBeGreaterThanOrEqual(headerBottom - 1);

    // Phone: View Programs brings the programs to the very top of the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'View Programs' }).click();
    await expect.poll(() => page.locator('section#programs').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('an uploaded picture leads the gallery, the built-in photos fill the rest of the grid, every image is decoded, and no alt repeats its caption', async () => {
    const fileName = `e2e-${crypto.randomUUID()}.png`;
    const caption = `Block tower building ${Date.now()}`;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    writeFileSync(join(server.config.uploadsDir, fileName), png);
    const row = server.db
      .insert(pictures)
      .values({ fileName, originalName: 'tower.png', fileSize: png.length, mimeType: 'image/png', category: 'classroom', caption })
      .returning()
      .get();
    try {
      await page.goto('/');
      const gallery = page.getByRole('list', { name: 'Photo gallery' });
      const tile = gallery.getByRole('figure', { name: caption });
      await expect(gallery.getByRole('figure')).toHaveCount(5);
      await expect(gallery.getByRole('figure').first()).toHaveAccessibleName(caption);
      const img = tile.locator('img');
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('src', `/uploads/${fileName}`);
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(64);
      // The first upload does not leave a lone picture: four built-in photos still fill the grid.
      await expect(gallery.getByText('Classroom learning space', { exact: true })).toBeVisible();
      await expect(gallery.getByText('Science discovery', { exact: true })).toBeVisible();
      // Every image is there, the built-in photos too (their files are served and decode).
      for (const other of await gallery.getByRole('img').all()) {
        await other.scrollIntoViewIfNeeded();
        await expect.poll(() => other.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      }
      // A screen reader hears each caption once: no image's alt text repeats the caption beside it.
      for (const figure of await gallery.getByRole('figure').all()) {
        const alt = (await figure.locator('img').getAttribute('alt'))!.trim().toLowerCase();
        expect(alt).not.toBe((await figure.locator('figcaption').innerText()).trim().toLowerCase());
      }
    } finally {
      server.db.delete(pictures).where(eq(pictures.id, row.id)).run();
    }
  });
});

test('another page opens at its top, and Back finds the home page where it was, without scrolling through: the home page as the server serves it and as the app draws it', async ({
  page,
}) => {
  // Every window position each document takes, from its start: an animated scroll passes through positions
  // between start and end. Read and forgotten by `scrolls()`.
  await page.addInitScript(() => {
    const w = window as unknown as { scrolls: number[] };
    w.scrolls = [];
    window.addEventListener('scroll', () => w.scrolls.push(Math.round(window.scrollY)));
  });
  const scrolls = () => page.evaluate(() => (window as unknown as { scrolls: number[] }).scrolls.splice(0));
  const toTheCalendarAndBack = async () => {
    const link = page.getByRole('link', { name: /View Full Calendar/ });
    await link.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => Math.round(window.scrollY));
    expect(left).toBeGreaterThan(1000);
    await scrolls();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Events & Announcements' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect((await scrolls()).filter((y) => y !== 0 && y !== left)).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // From the browser's back-forward cache, the restored page's scripts can be asked before they can answer: asked again.
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)).catch(() => null)).toBe(left);
    expect((await scrolls()).filter((y) => y !== 0 && y !== left)).toEqual([]);
  };

  // As the server serves it (ADR 016): the link loads the next page, and the browser keeps the place.
  await page.goto('/');
  await toTheCalendarAndBack();
  // As the app draws it, reached from another page: the app's router opens the next page and keeps the place.
  await page.goto('/events');
  await page.getByRole('link', { name: 'Back to Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
  await toTheCalendarAndBack();
});

test("moving between pages keeps the head the page's own: canonical URL, description, Open Graph, noindex", async ({
  visitorPage: page,
  server,
}) => {
  const head = () =>
    page.evaluate(() => ({
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content') ?? null,
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    }));
  const home = PUBLIC_PAGES.find((p) => p.path === '/')!;
  const eventsPage = PUBLIC_PAGES.find((p) => p.path === '/events')!;
  await page.goto('/events');
  expect(await head()).toEqual({
    canonical: `${server.url}/events`,
    ogUrl: `${server.url}/events`,
    ogTitle: fullTitle(eventsPage.title),
    description: eventsPage.description,
    robots: null,
  });

  await page.getByRole('link', { name: 'Back to Home' }).first().click();
  await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
  await expect.poll(head).toEqual({
    canonical: `${server.url}/`,
    ogUrl: `${server.url}/`,
    ogTitle: fullTitle(home.title),
    description: home.description,
    robots: null,
  });

  // A staff page is not for search engines: no canonical URL or description, and noindex, as the server writes it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect.poll(head).toEqual({ canonical: null, ogUrl: null, ogTitle: null, description: null, robots: 'noindex' });

  await page.goBack();
  await expect.poll(head).toEqual({
    canonical: `${server.url}/`,
    ogUrl: `${server.url}/`,
    ogTitle: fullTitle(home.title),
    description: home.description,
    robots: null,
  });
});

// A page change within the app: the home page's links load the next page the ordinary way (ADR 016).
test('a page change that takes a moment shows a bar along the top until the page is there', async ({ visitorPage: page }) => {
  // (The form pages are documents since ADR 037: the staff sign-in and the events page are pages of the app.)
  await page.goto('/admin/login');
  // The events page's code held back, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/events-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading the page' });
  await expect(bar).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Events & Announcements' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
