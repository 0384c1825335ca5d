import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A page the server renders and the app hydrates (the not-found page; the public pages are documents with scripts
 * of their own, ADR 018) starts its scripts after its first paint, then asks for all of its route's code at once
 * (src/server/pages/boot.ts, ADR 024): nothing the page does not need to be seen competes with
 * its first paint on a phone's connection, and its code then arrives together instead of one round trip after
 * another.
 */

/** What the boot script named: the main script and the chunks it preloads. */
async function bootNames(page: Page) {
  return page
    .locator('script[data-entry]')
    .evaluate((s: HTMLScriptElement) => ({ entry: s.dataset.entry!, preload: s.dataset.preload!.split(' ').filter(Boolean) }));
}

for (const path of ['/no-such-page']) {
  test(`${path}: the main script is asked for only after the first paint, and whatever the page preloads with it`, async ({ page }) => {
    await page.goto(path);
    expect(await page.locator('head script[type="module"]').count()).toBe(0);
    const { entry, preload } = await bootNames(page);
    const timing = await page.evaluate((main) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const script = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === main)?.startTime ?? null;
      return { paint, script };
    }, entry);
    expect(timing.paint).not.toBeNull();
    expect(timing.script).not.toBeNull();
    expect(timing.script!).toBeGreaterThan(timing.paint!);
    // Each named chunk is preloaded from the head (the browser fetched it beside the main script).
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.sort()).toEqual([...preload].sort());
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    for (const file of preload) expect(fetched, file).toContain(file);
  });
}

/**
 * Until the page is parsed (its boot script has run), the browser reports no paint and gives no animation frame,
 * as in a tab it does not draw; with `noSafetyNet`, no timer of 5 s or more either. (An init script: it runs in
 * the page, so it uses nothing from this file.)
 */
function noPaintUntilParsed(noSafetyNet: boolean) {
  const w = window as unknown as Record<string, unknown>;
  const saved = { requestAnimationFrame: w.requestAnimationFrame, PerformanceObserver: w.PerformanceObserver, setTimeout: w.setTimeout };
  w.requestAnimationFrame = () => 0;
  w.PerformanceObserver = undefined;
  if (noSafetyNet)
    w.setTimeout = (fn: () => void, ms?: number) => (ms !== undefined && ms >= 5000 ? 0 : (saved.setTimeout as typeof setTimeout)(fn, ms));
  document.addEventListener('DOMContentLoaded', () => Object.assign(w, saved));
}

/** Until the page is parsed, it is shown (whatever a busy test machine's headless browser says). */
function shownUntilParsed() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  document.addEventListener('DOMContentLoaded', () => delete (document as { visibilityState?: unknown }).visibilityState);
}

test('a page opened in a background tab starts at once: it paints nothing until shown', async ({ page }) => {
  await page.addInitScript(noPaintUntilParsed, true);
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.addEventListener('DOMContentLoaded', () => delete (document as { visibilityState?: unknown }).visibilityState);
  });
  // The fixture's goto waits until the app is ready: it would wait forever if the boot waited for a paint.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

/** Opens `path` without waiting for the app (the fixture's goto would), once the page has loaded. */
async function openUnstarted(page: Page, path: string) {
  await page.addInitScript(shownUntilParsed);
  await page.goto('/favicon.svg');
  // Navigating once this evaluation has returned, so its context is not destroyed under it.
  await page.evaluate((to) => void setTimeout(() => window.location.assign(to)), path);
  await page.locator('h1').first().waitFor();
  // Not waitForFunction: it polls on animation frames, which this page has none of until it is parsed.
  await page.waitForLoadState('load');
  const { entry } = await bootNames(page);
  return () => page.evaluate((main) => performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname === main), entry);
}

test('a page hidden before its first paint starts when its visibility changes', async ({ page }) => {
  await page.addInitScript(noPaintUntilParsed, true);
  const asked = await openUnstarted(page, '/no-such-page');
  expect(await asked()).toBe(false);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  expect(await asked()).toBe(true);
});

test('a page whose paint is never reported starts all the same, after 5 s', async ({ page }) => {
  // The page's clock is Playwright's, paused: the boot script's 5 s timer fires when the test moves time on.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.addInitScript(shownUntilParsed);
  await page.addInitScript(noPaintUntilParsed, false);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // The fixture's goto resolves once the app is ready, which is only after the clock has run on.
  const opened = page.goto('/no-such-page');
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('load');
  const { entry } = await bootNames(page);
  await page.clock.runFor(4_999);
  expect(requested).not.toContain(entry);
  await page.clock.runFor(1);
  await page.clock.resume();
  await opened;
  expect(requested).toContain(entry);
});
