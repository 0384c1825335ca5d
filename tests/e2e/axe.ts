import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now, the same rules and results as
 * `new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()`, for less time: AxeBuilder sends axe's 500 KB source
 * into the page on every scan and finishes each one in a new blank page (its `runPartial`/`finishRun` mode, made
 * for cross-origin frames, which these pages do not have). Here axe is sent once per document and run with
 * `axe.run`, which sets up and reads the page afresh each time: a tab scanned after another is scanned as it is.
 * Only the violations and incomplete results come back in full (`resultTypes`, below).
 *
 * The axe-core is the one @axe-core/playwright runs (its own dependency, so the versions never differ).
 */
const axeSource = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * `include`: CSS selectors of the parts to scan, for what a page shows only after an action once the whole page has
 * been scanned (an open menu, a toast): the rest is as scanned. Without it, the whole document.
 */
export async function axeScan(page: Page, include?: string[]): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) {
    await page.evaluate(axeSource);
    // As AxeBuilder configures it for pages without cross-origin frames.
    await page.evaluate(() =>
      (window as unknown as { axe: { configure(c: object): void } }).axe.configure({
        branding: { application: 'playwright' },
        allowedOrigins: ['<same_origin>'],
      }),
    );
  }
  // `resultTypes`: the rules run and the violations and incomplete results are axe's full ones; passes and
  // inapplicable keep one node per rule (no test reads them), which spares a CSS selector for every node that passed,
  // about half a scan's time (docs/performance.md, 29 November 2026: the a-l browser specs).
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations', 'incomplete'] };
  return page.evaluate(
    ([o, parts]) =>
      (window as unknown as { axe: { run(ctx: Document | { include: string[][] }, o: RunOptions): Promise<AxeResults> } }).axe.run(
        parts ? { include: parts.map((part) => [part]) } : document,
        o,
      ),
    [options, include ?? null] as const,
  );
}
