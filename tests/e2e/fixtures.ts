import { type Locator, type Page, test as base, expect } from '@playwright/test';
import { resolve } from 'node:path';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * `server`: the real app (built client included) on an ephemeral port over a fresh temporary database,
 * one per worker. `page` opens it as baseURL. `loginAsAdmin` signs in by inserting a session, as epic-stack's
 * fixtures do, so tests of the dashboard do not depend on the login form (which has its own test).
 */
export const test = base.extend<{ loginAsAdmin: () => Promise<void> }, { server: TestServer }>({
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
    const ready = async (res: Awaited<ReturnType<typeof page.goto>>) => {
      if (javaScriptEnabled !== false && res?.headers()['content-type']?.includes('text/html'))
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      return res;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => ready(await goto(url, options));
    page.reload = async (options) => ready(await reload(options));
    await use(page);
  },
  loginAsAdmin: async ({ server, context }, use) => {
    await use(async () => {
      const cookie = await server.adminCookie();
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
      const admin = server.db.query.adminUsers.findFirst().sync()!;
      await context.addInitScript(
        (record) => window.localStorage.setItem('admin', record),
        JSON.stringify({ id: admin.id, email: admin.email, name: admin.name }),
      );
    });
  },
});

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
  await page.evaluate((to) => window.location.assign(to), path);
  await ready(page).waitFor();
  return async () => {
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  };
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
function realClock() {
  return { now: () => new Date(), set() {}, advance() {} };
}

export { expect };
