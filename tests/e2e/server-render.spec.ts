import type { Page } from '@playwright/test';
import { announcements } from '../../db/schema';
import { centreDateOf } from '../../src/shared/centre-time';
import type { TestServer } from '../helpers/server';
import { expect, test, watchForProblems } from './fixtures';

/**
 * The public pages are documents (ADR 011, ADR 016, ADR 018): what they show without JavaScript is the HTML the
 * server sends, checked in Vitest (tests/integration/server-html.test.ts, ADR 072). Here, what only a browser
 * shows: each loads only its own small script, which works, with no console error and no CSP violation. That an
 * announcement's day is drawn as the centre's is read in the HTML there too (public-pages-html.test.ts); here, that a
 * reader whose own day differs (Tokyo) keeps it once the page's script runs.
 */
/** The month after this one at the centre, as the events calendar names it ('December 2026'). */
const nextMonth = () => {
  const [year, month] = centreDateOf(new Date()).split('-').map(Number) as [number, number];
  const now = new Date(year, month - 1, 1);
  return new Date(now.getFullYear(), now.getMonth() + 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
};

/**
 * Whether the page compared text through the browser's collation (ICU) as it loaded: the first comparison makes
 * the browser load ICU's collation data, 18 ms of a desktop's CPU on /milestones in the middle of its hydration,
 * to sort a few English names. The pages order their lists without it (shared/compare.ts).
 */
async function watchForCollation(page: Page) {
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { __collation: string[] }).__collation = used;
    const localeCompare = String.prototype.localeCompare;
    String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof localeCompare>) {
      used.push(`localeCompare ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
      return localeCompare.apply(this, args);
    };
    const Collator = Intl.Collator;
    Intl.Collator = function (...args: ConstructorParameters<typeof Collator>) {
      used.push(`Intl.Collator ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
      return new Collator(...args);
    } as unknown as typeof Intl.Collator;
  });
  return () => page.evaluate(() => (window as unknown as { __collation: string[] }).__collation);
}

/** The title of the announcement the /events test posts at 03:00 UTC on 20 November, the evening before in Columbus. */
let lateNotice = '';

// ADR 016, ADR 018: the public pages are documents. The server draws each; no framework script adopts it; its own
// small script gives its markup what scripts do better, the same code the app uses where it draws these pages.
const DOCUMENTS: {
  path: string;
  script: string;
  timezoneId?: string;
  before?: (server: TestServer) => void;
  works: (page: Page) => Promise<void>;
}[] = [
  {
    path: '/',
    script: 'home',
    // The Menu button opens the menu with that script alone.
    works: async (page: Page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' })).toBeVisible();
    },
  },
  {
    path: '/events',
    script: 'events',
    // 03:00 UTC on 20 November is the 19th in Columbus and the 20th in Tokyo, where this reader is: the page's script
    // keeps the centre's day the server drew (its HTML: tests/integration/public-pages-html.test.ts). And the next
    // month is shown in place, in the same document.
    timezoneId: 'Asia/Tokyo',
    before: (server: TestServer) => {
      lateNotice = `Late-evening notice ${crypto.randomUUID()}`;
      server.db
        .insert(announcements)
        .values({ title: lateNotice, content: 'Posted late in Columbus.', isPublic: true, createdAt: new Date('2026-11-20T03:00:00Z') })
        .run();
    },
    works: async (page: Page) => {
      await expect(page.getByRole('article').filter({ hasText: lateNotice }).locator('time')).toHaveText('Nov 19, 2026');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByRole('link', { name: 'Next month' }).click();
      await expect(page.getByRole('heading', { level: 2, name: nextMonth() })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    },
  },
  {
    // The not-found page (ADR 072): a document with the home page's script, whose phone menu it needs.
    path: '/no-such-page',
    script: 'home',
    works: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
      await page.setViewportSize({ width: 375, height: 740 });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' })).toBeVisible();
    },
  },
  {
    path: '/milestones',
    script: 'milestones',
    works: async (page: Page) => {
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByRole('tab', { name: 'All Achievements' }).click();
      await expect(page.getByRole('tab', { name: 'All Achievements' })).toHaveAttribute('aria-selected', 'true');
      await page.getByLabel('Category').selectOption({ label: 'Social' });
      await expect(page).toHaveURL(/category=social/);
      await expect(page.getByRole('tab', { name: 'All Achievements' })).toHaveAttribute('aria-selected', 'true');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    },
  },
];

/**
 * One page walks every document (a new context per page was most of each former test's time): a `test.step` per
 * page. Console errors and page errors are collected for the whole walk, CSP violations and collation per document
 * (each document starts its own record), and the not-found page's own 404 in the console is allowed there alone.
 */
async function walkDocuments(page: Page, paths: string[], each: (path: string, scripts: string[]) => Promise<void>) {
  let current = '';
  const fourOhFours: string[] = [];
  page.on('console', (m) => {
    if (NOT_FOUND_STATUS.test(m.text())) fourOhFours.push(current);
  });
  const problems = await watchForProblems(page, NOT_FOUND_STATUS);
  const collation = await watchForCollation(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const path of paths) {
    await test.step(path, async () => {
      current = path;
      scripts.length = 0;
      await page.setViewportSize({ width: 1280, height: 800 });
      await each(path, scripts);
      expect(await collation()).toEqual([]);
      await problems();
    });
  }
  // The browser reports the not-found page's own 404 status in the console: expected there, and only there.
  expect(fourOhFours.filter((path) => path !== '/no-such-page')).toEqual([]);
}
const NOT_FOUND_STATUS = /^Failed to load resource: the server responded with a status of 404/;

/** What each document's test checks: its status and its own script in the HTML, that it works, and no app script. */
async function documentLoads(page: Page, scripts: string[], { path, script, works }: (typeof DOCUMENTS)[number]) {
  const response = await page.goto(path);
  expect(response!.status()).toBe(path === '/no-such-page' ? 404 : 200);
  const html = await response!.text();
  // Drawn on the server, without the data the app would hydrate it from, and with its own script instead of the app's.
  expect(html).not.toContain('id="ssr-state"');
  expect(html).toMatch(new RegExp(`<script type="module" crossorigin src="/assets/${script}-[^"]+\\.js"></script>`));
  await page.waitForLoadState('networkidle');
  await works(page);
  expect(scripts.length).toBeGreaterThan(0);
  // Neither React nor the router nor React Aria: only the page's script and the plain-DOM modules it imports.
  const app = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src));
  expect(app.filter((src) => /\/assets\/index-/.test(src))).toEqual([]);
  for (const file of scripts)
    expect(await (await page.request.get(file)).text(), file).not.toMatch(/react\.transitional\.element|__TSR_|react-aria/);
}

// ADR 037: the form pages are documents too, each with its own script (no React, router or React Aria): it checks a
// field as it is left and sends the form without a page load.
const FORMS = [
  {
    path: '/enrollment',
    script: 'enrollment',
    act: async (page: Page) => {
      await page.getByRole('button', { name: 'Submit Enrollment Application' }).click();
      await expect(page.getByLabel('Parent First Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/enrollment$/);
    },
  },
  {
    path: '/parent-login',
    script: 'parent-login',
    act: async (page: Page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/parent-login$/);
    },
  },
];

test('each public document (the home page, the not-found page, the milestones, the two form pages) loads only its own small script and none of the app, and works with it (a form page checks its form in place), with no console error, no CSP violation and no collation', async ({
  page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  const documents = DOCUMENTS.filter((d) => !d.timezoneId);
  await walkDocuments(page, [...documents.map((d) => d.path), ...FORMS.map((f) => f.path)], async (path, scripts) => {
    const document = documents.find((d) => d.path === path);
    if (document) {
      document.before?.(server);
      return documentLoads(page, scripts, document);
    }
    const { script, act } = FORMS.find((f) => f.path === path)!;
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html).not.toContain('id="ssr-state"');
    expect(html).toMatch(new RegExp(`<script type="module" crossorigin src="/assets/${script}-[^"]+\\.js"></script>`));
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((p) => /^\/assets\/(index|client|react)-/.test(p))).toEqual([]);
    await act(page);
  });
});

for (const document of DOCUMENTS.filter((d) => d.timezoneId)) {
  test.describe(`a reader in ${document.timezoneId}`, () => {
    test.use({ timezoneId: document.timezoneId });
    test(`${document.path} loads only its own small script and none of the app, and works with it, with no console error, no CSP violation and no collation`, async ({
      page,
      server,
    }) => {
      await walkDocuments(page, [document.path], async (_path, scripts) => {
        document.before?.(server);
        await documentLoads(page, scripts, document);
      });
    });
  });
}
