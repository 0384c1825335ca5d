import { dailyActivities, developmentNotes } from '../../db/schema';
import { centreDateOf } from '../../src/shared/centre-time';
import { PARENT_PASSWORD_HINT } from '../../src/shared/schemas/password-policy';
import type { TestServer } from '../helpers/server';
import { expect, pageReady, test, watchForProblems } from './fixtures';
import { parentFamily, secondChild, signIn } from './parent-family';

/**
 * The parent dashboard arrives drawn by the server for the signed-in parent (ADR 011): their child's day is on
 * the screen before any script has run, and React takes the page over without a mismatch.
 */

/** 03:00 UTC: the evening before in Columbus and in Chicago, where the browser is (the server's clock is in UTC). */
const NOTE_WRITTEN = new Date('2026-11-20T03:00:00Z');

/** Two children (the select is drawn too), a note and an activity for the first. */
async function familyWithTwo(server: TestServer) {
  const fam = await parentFamily(server, 'drawn');
  const otto = await secondChild(server, fam);
  const today = centreDateOf(new Date());
  server.db
    .insert(developmentNotes)
    .values({
      childId: fam.child.id,
      authorName: 'Ms. Lee',
      category: 'language',
      title: `Sang a song ${fam.t}`,
      content: 'The whole chorus',
      createdAt: NOTE_WRITTEN,
    })
    .run();
  server.db
    .insert(dailyActivities)
    .values({ childId: fam.child.id, activityDate: today, category: 'outdoor', title: `Puddle jumping ${fam.t}`, description: 'Boots on' })
    .run();
  server.db
    .insert(dailyActivities)
    .values({ childId: otto.id, activityDate: today, category: 'creative', title: `Clay animals ${fam.t}`, description: 'A cat' })
    .run();
  return { ...fam, otto };
}

test.use({ timezoneId: 'America/Chicago' });

test("the dashboard drawn for a signed-in parent: React takes it over without a mismatch, the child select works as soon as the page is ready, the child and tab are in the address, and a child not the parent's is never shown", async ({
  page,
  server,
}) => {
  // Several former tests' walk in one (a step each): their time in one budget.
  test.slow();
  const fam = await familyWithTwo(server);
  await signIn(page, fam.email, fam.password);

  await test.step('a signed-in parent opening the dashboard gets it drawn, and React takes it over without a mismatch', async () => {
    const problems = await watchForProblems(page);

    // The overview (Today, the tab a parent sees first, is drawn the same way from the same answer). What the server
    // sends (private, the day drawn in the HTML, the centre's day for the note) is tests/integration/parent-dashboard-html.test.ts's.
    await page.goto('/parent-dashboard?tab=overview');

    await expect(page.getByRole('heading', { level: 1, name: `${fam.child.childName}'s Development Journey` })).toBeVisible();
    await expect(page.getByText(`Welcome, Ruth`)).toBeVisible();
    // Hydrated with the same day.
    const note = page.getByRole('article').filter({ hasText: `Sang a song ${fam.t}` });
    await expect(note.locator('time')).toHaveText('Nov 19, 2026');

    // React has the page: the child select, the tabs and the dialogs work.
    await page.getByRole('button', { name: /Select Child/ }).click();
    await page.getByRole('option', { name: new RegExp(fam.otto.childName) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${fam.otto.childName}'s Development Journey` })).toBeVisible();
    await expect(page.getByText(`Clay animals ${fam.t}`)).toBeVisible();
    await page.getByRole('tab', { name: 'Milestones' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    // The password dialog says what a new password must be before anything is typed, read out with the field.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(PARENT_PASSWORD_HINT);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await problems();
  });

  await test.step('the child select works as soon as the page is ready: its code is here before React takes the page over', async () => {
    // The select's code held back, as on a slow phone; the page must not be called ready (hydrated) without it, or a
    // parent's tap on the select is lost. The hold ends once the page is ready, or after two seconds.
    let readyWhileHeld: number | undefined;
    await page.route(/\/assets\/Select-[^/]*\.js$/, async (route) => {
      await page
        .locator('html[data-app-ready]')
        .waitFor({ state: 'attached', timeout: 2000 })
        .catch(() => undefined);
      readyWhileHeld = await page.locator('html[data-app-ready]').count();
      await route.continue();
    });
    await page.goto('/parent-dashboard');
    await pageReady(page);
    expect(readyWhileHeld).toBe(0);
    await page.getByRole('button', { name: /Select Child/ }).click();
    await page.getByRole('option', { name: new RegExp(fam.otto.childName) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${fam.otto.childName}'s Development Journey` })).toBeVisible();
  });

  await test.step('the child and tab chosen are in the address: a reload comes back to them, drawn on the server, and Back undoes a choice', async () => {
    await page.unrouteAll();
    // From the first child, as after signing in.
    await page.goto('/parent-dashboard');
    await page.getByRole('button', { name: /Select Child/ }).click();
    await page.getByRole('option', { name: new RegExp(fam.otto.childName) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${fam.otto.childName}'s Development Journey` })).toBeVisible();
    await page.getByRole('tab', { name: 'Daily Activities' }).click();
    await expect(page).toHaveURL(new RegExp(`/parent-dashboard\\?child=${fam.otto.id}&tab=activities$`));
    await expect(page.getByRole('tabpanel').getByText(`Clay animals ${fam.t}`)).toBeVisible();

    const problems = await watchForProblems(page);
    const response = await page.reload();
    // Drawn on the server for that child and tab, then hydrated with no mismatch.
    expect(await response!.text()).toMatch(new RegExp(`<h1[^>]*>${fam.otto.childName}(<!-- -->)?&#x27;s Development Journey</h1>`));
    await expect(page.getByRole('heading', { level: 1, name: `${fam.otto.childName}'s Development Journey` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Daily Activities' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText(`Clay animals ${fam.t}`)).toBeVisible();
    await problems();

    // Back: the first tab (Today) of the same child, then the first child.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1, name: `${fam.otto.childName}'s Development Journey` })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: `${fam.child.childName}'s Development Journey` })).toBeVisible();
  });

  await test.step("a child in the address that is not the parent's shows their own first child", async () => {
    const other = await parentFamily(server, 'other');
    await page.goto(`/parent-dashboard?child=${other.child.id}&tab=notes`);
    await expect(page.getByRole('heading', { level: 1, name: `${fam.child.childName}'s Development Journey` })).toBeVisible();
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await expect(page.getByText(other.child.childName)).toHaveCount(0);
  });
});

// What the server sends there, signed out (nothing personal) and without JavaScript (the child's day), is read in
// tests/integration/parent-dashboard-html.test.ts; that the address sends a signed-out visitor to the sign-in is
// walked in parent-portal.spec.ts (after Sign Out) and portal-spanish.spec.ts (to the Spanish sign-in).
