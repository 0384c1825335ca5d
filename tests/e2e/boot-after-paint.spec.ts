import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ManifestChunk, STARTUP_IMPORTS } from '../../src/server/pages/preload';
import { expect, test } from './fixtures';

/**
 * A public page the server draws starts its scripts after its first paint, then asks for all of its route's
 * code at once (src/server/pages/boot.ts, ADR 011's third addendum): nothing the page does not need to be seen
 * competes with its first paint on a phone's connection, and its code then arrives together instead of one round
 * trip after another.
 */

/** The manifest of the build the tests run against. */
const buildManifest = () => JSON.parse(readFileSync(resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client', '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The file of React DOM's chunk in that build. */
function startupFile(): string {
  return buildManifest()[STARTUP_IMPORTS[0]]!.file;
}

/** What the boot script named: the main script and the chunks it preloads. */
async function bootNames(page: import('@playwright/test').Page) {
  return page.locator('script[data-entry]').evaluate((s: HTMLScriptElement) => ({ entry: s.dataset.entry!, preload: s.dataset.preload!.split(' ').filter(Boolean) }));
}

// (/enrollment is a document with its own script since ADR 017.)
for (const path of ['/events', '/milestones']) {
  test(`${path}: the main script is asked for only after the first paint, and every chunk of the route with it`, async ({ page }) => {
    await page.goto(path);
    expect(await page.locator('head script[type="module"]').count()).toBe(0);
    const { entry, preload } = await bootNames(page);
    expect(preload.length).toBeGreaterThan(3);
    const timing = await page.evaluate((main) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const script = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === main)?.startTime ?? null;
      return { paint, script };
    }, entry);
    expect(timing.paint).not.toBeNull();
    expect(timing.script).not.toBeNull();
    expect(timing.script!).toBeGreaterThan(timing.paint!);
    // Each named chunk is preloaded from the head (the browser fetched it beside the main script), React DOM's
    // among them: the main script imports it as it starts (main.tsx), and must not wait a round trip for it.
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.sort()).toEqual([...preload].sort());
    expect(preload).toContain(`/${startupFile()}`);
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
  if (noSafetyNet) w.setTimeout = (fn: () => void, ms?: number) => (ms !== undefined && ms >= 5000 ? 0 : (saved.setTimeout as typeof setTimeout)(fn, ms));
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
  await page.goto('/events');
  await expect(page.getByRole('heading', { name: 'All Announcements' })).toBeVisible();
});

/** Opens `path` without waiting for the app (the fixture's goto would), once the page has loaded. */
async function openUnstarted(page: import('@playwright/test').Page, path: string) {
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
  const asked = await openUnstarted(page, '/events');
  expect(await asked()).toBe(false);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  expect(await asked()).toBe(true);
});

test('a page whose paint is never reported starts all the same, after 5 s', async ({ page }) => {
  await page.addInitScript(noPaintUntilParsed, false);
  const asked = await openUnstarted(page, '/events');
  expect(await asked()).toBe(false);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 10_000 });
  expect(await asked()).toBe(true);
});

/**
 * The route's code runs a chunk per task before the page is adopted (client/lib/page-code.ts, ADR 011's sixth
 * addendum): the boot script lists the chunks in the order their code runs, and each is run by an import of its
 * own. Left to the router, the route's chunk ran with everything it imports in one evaluation (a single long task).
 */
// (On /milestones since /enrollment became a document with its own script, ADR 017.)
test("/milestones: the route's chunks are listed each after the chunks it imports, and run one evaluation each", async ({ page, browser }) => {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] });
  await page.goto('/milestones');
  await expect(page.getByRole('tab', { name: 'All Achievements' })).toBeVisible();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string; ph: string }[] };
  const { preload } = await bootNames(page);
  const manifest = buildManifest();
  const byFile = new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk]));
  preload.forEach((file, i) => {
    for (const imported of byFile.get(file)?.imports ?? []) {
      const at = preload.indexOf(`/${manifest[imported]!.file}`);
      // Listed before it, or the main script's own (it names its imports itself, and has run by then).
      if (at >= 0) expect(at, `${file} after ${imported}`).toBeLessThan(i);
    }
  });
  // One evaluation per listed chunk (a chunk already run is a short one), besides the main script's own.
  const evaluations = trace.traceEvents.filter((e) => e.name === 'v8.evaluateModule' && (e.ph === 'X' || e.ph === 'B')).length;
  expect(evaluations).toBeGreaterThanOrEqual(preload.length);
});
