import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { milestones } from '../../db/schema';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { startTestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/** The filters are native selects in a GET form (ADR 018): a choice applies at once, and is in the address. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByLabel(label).selectOption({ label: option });
  await expect(page.getByLabel(label).locator('option:checked')).toHaveText(option);
}

test('the age range and category filters leave only the matching milestone cards', async ({ visitorPage: page, server }) => {
  const expected = server.db
    .select({ name: milestones.name })
    .from(milestones)
    .where(and(eq(milestones.ageRange, '3-4years'), eq(milestones.category, 'language'), eq(milestones.isActive, true)))
    .all()
    .map((m) => m.name);
  expect(expected.length).toBeGreaterThan(0);
  const total = server.db.select().from(milestones).where(eq(milestones.isActive, true)).all().length;

  await page.goto('/milestones');
  await expect(page.getByRole('heading', { level: 1, name: 'Milestone Achievement Badges' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Milestones' }).getByRole('listitem');
  await expect(cards).toHaveCount(total);
  await expect(page.getByRole('tab', { name: 'Available Milestones' })).toHaveAttribute('aria-selected', 'true');

  await choose(page, /Age Range/, '3-4 years');
  await expect(page).toHaveURL(/\/milestones\?age=3-4years$/);
  await expect(cards.filter({ hasText: '3-4 years' })).toHaveCount(await cards.count());
  await expect(cards.getByRole('heading', { name: 'Holds Head Steady' })).toHaveCount(0);

  await choose(page, /Category/, 'Language');
  await expect(cards).toHaveCount(expected.length);
  for (const name of expected) await expect(cards.getByRole('heading', { name })).toBeVisible();
  await expect(cards.first().getByText('Language', { exact: true })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Counts to Ten' })).toHaveCount(0);

  await expect(page).toHaveURL(/\/milestones\?age=3-4years&category=language$/);
  // Reloaded, or shared, the address shows the same cards.
  await page.reload();
  await expect(cards).toHaveCount(expected.length);
  await expect(page.getByLabel(/Category/).locator('option:checked')).toHaveText('Language');

  await choose(page, /Age Range/, 'All Ages');
  // Each choice is a page of its own (a history entry): the next waits for it, or it would replace it.
  await expect(page).toHaveURL(/\/milestones\?category=language$/);
  await choose(page, /Category/, 'All Categories');
  await expect(cards).toHaveCount(total);
  // Back returns to the view before: every age, language only.
  await page.goBack();
  await expect(page).toHaveURL(/\/milestones\?category=language$/);
  const language = server.db
    .select()
    .from(milestones)
    .where(and(eq(milestones.category, 'language'), eq(milestones.isActive, true)))
    .all().length;
  await expect(cards).toHaveCount(language);
});

test('the tabs: a tap or the arrow keys show a panel, the address names it, and the filters keep it', async ({ visitorPage: page }) => {
  await page.goto('/milestones');
  const available = page.getByRole('tab', { name: 'Available Milestones' });
  await available.focus();
  await page.keyboard.press('ArrowRight');
  const all = page.getByRole('tab', { name: 'All Achievements' });
  await expect(all).toBeFocused();
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'All Achievements' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Available Milestones' })).toBeHidden();
  await expect(page).toHaveURL(/\/milestones\?tab=achievements$/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Recent Achievements' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(available).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/milestones$/);

  await page.getByRole('tab', { name: 'Recent Achievements' }).click();
  await choose(page, /Category/, 'Social');
  await expect(page).toHaveURL(/\/milestones\?category=social&tab=recent$/);
  await expect(page.getByRole('tab', { name: 'Recent Achievements' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Recent Achievements' })).toBeVisible();
});

// The counters and the achievements' cards (milestone, date, notes, witness, celebration, never the child's name, the
// filters reaching them through their milestone) are read in the HTML the server draws for each tab's address:
// tests/integration/public-pages-html.test.ts. The tabs and filters working in place are the tests above.

test('while loading the page says so; with no achievements each tab says so', async ({ visitorPage: page }) => {
  const clientDir = process.env.E2E_CLIENT_DIR ? resolve(process.env.E2E_CLIENT_DIR) : DEFAULT_CLIENT_DIR;
  const fresh = await startTestServer({ clientDir, clock: { now: () => new Date(), set() {}, advance() {} } });
  try {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/trpc/**', async (route) => {
      await held;
      await route.continue();
    });
    // Opened from a page of the app that holds no milestones: the browser asks for them (a first visit gets them in
    // its HTML, ADR 011). (The not-found page is a document since ADR 072; the staff sign-in is a page of the app.)
    await page.goto(fresh.url + '/admin/login');
    await page.getByRole('link', { name: 'Milestones', exact: true }).click();
    await expect(page.getByText('Loading milestones...')).toBeVisible();
    release();
    await expect(page.getByRole('tab', { name: 'Available Milestones' })).toBeVisible();
    await expect(page.getByText('Loading milestones...')).toHaveCount(0);

    await page.getByRole('tab', { name: 'All Achievements' }).click();
    await expect(page.getByText('No achievements recorded yet. Start tracking milestones to see them here!')).toBeVisible();
    await page.getByRole('tab', { name: 'Recent Achievements' }).click();
    await expect(page.getByText('No recent achievements to display.')).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the counters never break a word across lines', async ({ visitorPage: page }) => {
    await page.goto('/milestones');
    const stats = page.getByRole('list', { name: 'Milestone statistics' });
    await expect(stats.getByRole('listitem')).toHaveCount(4);
    for (const label of ['Total Milestones', 'Achievements Earned', 'Active Children', 'Recent Achievements']) {
      const text = stats.getByText(label, { exact: true });
      await expect(text).toBeVisible();
      // A word split over two lines ('Achievem' / 'ents') has two boxes; a whole word has one.
      const split = await text.evaluate((el) => {
        const node = el.firstChild!;
        const broken: string[] = [];
        let start = 0;
        for (const word of node.textContent!.split(' ')) {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + word.length);
          if (range.getClientRects().length > 1) broken.push(word);
          start += word.length + 1;
        }
        return broken;
      });
      expect(split, label).toEqual([]);
    }
  });
});
