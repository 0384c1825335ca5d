import { type BrowserContext, type Locator, type Page, type TestInfo, test as base, expect } from '@playwright/test';
import { resolve } from 'node:path';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Who a worker's shared page is signed in as (`directorPage`, `teacherPage`, `visitorPage`, `parentPage`). A parent's
 * page starts signed out like a visitor's: each test signs its own family in (`signIn` in `parent-family.ts`), since
 * a parent's dashboard is the family's data and tests must not read what another test's family left.
 */
export type SharedRole = 'director' | 'teacher' | 'visitor' | 'parent';

/** The staff account each shared role signs in with (`server.adminCookie`); a visitor has none. */
const SHARED_ACCOUNTS = {
  director: ['director@example.com', 'director'],
  teacher: ['shared.teacher@example.com', 'teacher'],
} as const;
const isStaff = (role: SharedRole): role is keyof typeof SHARED_ACCOUNTS => role === 'director' || role === 'teacher';

interface SharedPages {
  /** The worker's page for `role`, made ready for a new test: see `sharedPage` below. */
  take(role: SharedRole, viewport: { width: number; height: number } | null): Promise<Page>;
  /** After a test: its routes and listeners removed; after a failed one, the page and its context closed. */
  release(role: SharedRole, testInfo: TestInfo): Promise<void>;
}

/**
 * `server`: the real app (built client included) on an ephemeral port over a fresh temporary database,
 * one per worker. `page` opens it as baseURL. `loginAsAdmin` signs in by inserting a session, as epic-stack's
 * fixtures do, so tests of the dashboard do not depend on the login form (which has its own test).
 * `directorPage`, `teacherPage`, `visitorPage` and `parentPage` are a worker's page reused by test after test
 * (`sharedPage`).
 */
export const test = base.extend<
  { loginAsAdmin: () => Promise<void>; directorPage: Page; teacherPage: Page; visitorPage: Page; parentPage: Page },
  { server: TestServer; sharedPages: SharedPages }
>({
  server: [
    async ({}, use) => {
      const server = await startTestServer({
        clientDir: process.env.E2E_CLIENT_DIR ? resolve(process.env.E2E_CLIENT_DIR) : DEFAULT_CLIENT_DIR,
        clock: realClock(),
      });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // The public pages arrive drawn by the server, so they look ready before their scripts have them, and a tap
  // then is lost. Every page load waits until the page's scripts mark it ready (the app, or a document page's own
  // script: ADR 016, ADR 018), as a person waits for a page to respond.
  page: async ({ page, javaScriptEnabled }, use) => {
    waitForReadyOnLoad(page, javaScriptEnabled !== false);
    await use(page);
  },
  loginAsAdmin: async ({ server, context }, use) => {
    await use(async () => {
      await addStaffCookie(context, server);
      await rememberStaff(context, server.db.query.adminUsers.findFirst().sync()!);
    });
  },
  sharedPages: [
    async ({ browser, server }, use) => {
      const open = new Map<SharedRole, { context: BrowserContext; page: Page }>();
      const close = async (role: SharedRole) => {
        await open.get(role)?.context.close();
        open.delete(role);
      };
      await use({
        async take(role, viewport) {
          if (open.get(role)?.page.isClosed()) await close(role);
          let shared = open.get(role);
          if (!shared) {
            const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
            if (isStaff(role)) {
              const [email, staffRole] = SHARED_ACCOUNTS[role];
              await server.adminCookie(email, staffRole);
              await rememberStaff(context, server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync()!);
            }
            const page = await context.newPage();
            waitForReadyOnLoad(page, true);
            shared = { context, page };
            open.set(role, shared);
          }
          const { context, page } = shared;
          // What the last test left: its cookies, both storages (a draft kept for the tab, a chosen language, a
          // parent's token) and the cache storage (a sign-out marked pending).
          await context.clearCookies();
          if (!page.url().startsWith(server.url)) await page.goto('/favicon.svg');
          await page.evaluate(async () => {
            window.localStorage.clear();
            window.sessionStorage.clear();
            if (typeof caches !== 'undefined') for (const name of await caches.keys()) await caches.delete(name);
          });
          // A new session of the role's own for each test, so a test may end its session.
          if (isStaff(role)) await addStaffCookie(context, server, ...SHARED_ACCOUNTS[role]);
          if (viewport) await page.setViewportSize(viewport);
          return page;
        },
        async release(role, testInfo) {
          const shared = open.get(role);
          if (!shared) return;
          // A failed test may leave anything (a dialog open, a request held): the next test gets a new page.
          if (testInfo.status !== testInfo.expectedStatus) return close(role);
          // Pages the test opened (a popup, a PDF in a new tab) go; so do its routes and listeners.
          for (const other of shared.context.pages()) if (other !== shared.page) await other.close();
          await shared.page.unrouteAll({ behavior: 'ignoreErrors' });
          for (const event of SHARED_PAGE_EVENTS) shared.page.removeAllListeners(event);
          // Off the app, so none of its code runs between tests (a tab on screen marks what staff have seen); the
          // icon is of the same origin, so the page keeps its renderer and caches, and the next test's storage can be
          // emptied from it.
          await shared.page.goto('/favicon.svg');
        },
      });
      for (const role of [...open.keys()]) await close(role);
    },
    { scope: 'worker' },
  ],
  directorPage: async ({ sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo) => {
    await sharedPage('director', { sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo);
  },
  teacherPage: async ({ sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo) => {
    await sharedPage('teacher', { sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo);
  },
  visitorPage: async ({ sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo) => {
    await sharedPage('visitor', { sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo);
  },
  parentPage: async ({ sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo) => {
    await sharedPage('parent', { sharedPages, viewport, javaScriptEnabled, hasTouch, isMobile, locale, timezoneId }, use, testInfo);
  },
});

/** The page events a test may listen to: their listeners go when the test ends, with the test's routes. */
const SHARED_PAGE_EVENTS = [
  'console',
  'dialog',
  'pageerror',
  'request',
  'response',
  'requestfailed',
  'requestfinished',
  'popup',
  'download',
  'filechooser',
];

/**
 * `directorPage`, `teacherPage`, `visitorPage`: one page per worker and role, reused by every test that asks for it,
 * instead of a new browser context and page for each test. A fresh context is most of a browser test's fixed cost
 * (its renderer starts, and every script the app loads is fetched and compiled again); a load in a page that has
 * loaded the app before takes about a third of the time (docs/testing.md, ADR 088). Each test still starts clean:
 * no cookie but a new session of the role's own, both storages empty, the test's viewport; its routes and listeners
 * are removed when it ends, and after a failed test the next one gets a new page. What it cannot undo, a test using
 * it must not do: `addInitScript`, `context` options (touch, a phone's `isMobile`, JavaScript off, a locale), or
 * anything on `page.context()`: those tests keep `page`.
 */
async function sharedPage(
  role: SharedRole,
  options: {
    sharedPages: SharedPages;
    viewport: { width: number; height: number } | null;
    javaScriptEnabled: boolean;
    hasTouch: boolean;
    isMobile: boolean;
    locale: string | undefined;
    timezoneId: string | undefined;
  },
  use: (page: Page) => Promise<void>,
  testInfo: TestInfo,
) {
  if (options.javaScriptEnabled === false || options.hasTouch || options.isMobile)
    throw new Error(`A shared ${role} page has JavaScript on and no touch: this test needs its own \`page\`.`);
  // The shared context is made once with the defaults: a test's own locale or time zone would be silently ignored.
  if ((options.locale !== undefined && options.locale !== 'en-US') || options.timezoneId !== undefined)
    throw new Error(`A shared ${role} page has the default locale and time zone: this test needs its own \`page\`.`);
  await use(await options.sharedPages.take(role, options.viewport));
  await options.sharedPages.release(role, testInfo);
}

/**
 * Every load made with `goto` or `reload` waits until the page's scripts mark it ready (`html[data-app-ready]`):
 * the public pages arrive drawn by the server, so they look ready before their scripts have them, and a tap then is
 * lost (ADR 016, ADR 018).
 */
function waitForReadyOnLoad(page: Page, javaScriptEnabled: boolean) {
  const ready = async (res: Awaited<ReturnType<typeof page.goto>>) => {
    if (javaScriptEnabled && res?.headers()['content-type']?.includes('text/html'))
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    return res;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => ready(await goto(url, options));
  page.reload = async (options) => ready(await reload(options));
}

/** Signs `context` in as staff by inserting a session, as epic-stack's fixtures do (the login form has its own test). */
async function addStaffCookie(context: BrowserContext, server: TestServer, email?: string, role?: 'director' | 'teacher') {
  const cookie = await server.adminCookie(email, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
}

/** The staff record the sign-in page stores for the dashboard, stored before any page of `context` runs. */
async function rememberStaff(context: BrowserContext, admin: { id: string; email: string; name: string }) {
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: admin.id, email: admin.email, name: admin.name }),
  );
}

/**
 * Waits until the page's scripts have it (after a navigation the test did not make with `goto`, such as the
 * sign-in's full page load to the dashboard): before that a tap on a server-drawn page can be lost.
 */
export const pageReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

/**
 * Opens `path` with the app's main script (or `script`, a document page's own) held back until `release()` is
 * called: the page shows what the server drew, and no script has it yet, as on a slow phone. Waits until `ready`
 * (a locator) is there.
 */
export async function openBeforeScripts(
  page: Page,
  path: string,
  ready: (page: Page) => Locator,
  script: RegExp = /\/assets\/index-[^/]*\.js$/,
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  // Not page.goto: this fixture's goto waits for the app to be ready, which is what is held back.
  await page.goto('/favicon.svg');
  await assignLocation(page, path);
  await ready(page).waitFor();
  return async () => {
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  };
}

/**
 * Starts a navigation from the page's own script, as a link or the app would (not Playwright's `goto`), once the
 * `evaluate` that asks for it has returned: a navigation that ends the document while `evaluate` still waits for its
 * answer fails it with "Execution context was destroyed" (seen in 1 run of about 10). Wait for the next page's state.
 */
export async function assignLocation(page: Page, path: string) {
  await page.evaluate((to) => void setTimeout(() => window.location.assign(to)), path);
}

/**
 * Collects, from now on, the page's console errors, uncaught errors, anything React says about hydration (other
 * than what `expected` matches) and every CSP violation; the returned check fails if there was any.
 */
export async function watchForProblems(page: Page, expected?: RegExp) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || /hydrat/i.test(m.text())) && !expected?.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return async () => {
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  };
}

/** The browser runs in real time, so the server does too. */
export function realClock() {
  return { now: () => new Date(), set() {}, advance() {} };
}

export { expect };
