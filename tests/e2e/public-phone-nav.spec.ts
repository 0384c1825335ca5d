import { centre, telHref } from '../../src/shared/centre';
import { eq } from 'drizzle-orm';
import { parentSessions, parentUsers } from '../../db/schema';
import { expect, pageReady, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the header has a Menu button that opens the four buttons, works by keyboard, and closes on navigation', async ({
    visitorPage: page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['Events', 'Milestones', 'Parent Portal', 'Online Enrollment'])
      await expect(nav.getByRole('link', { name })).toBeHidden();

    // Keyboard: Enter opens, the links follow in order, Escape closes and gives focus back to the button.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Events', 'Milestones', 'Parent Portal', 'Online Enrollment'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // A tap outside the menu closes it, leaving focus where the tap put it; Escape with focus nowhere (a tap on
    // iOS does not focus the button) closes it and focuses the button.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(4, 700);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();
    await expect(menu).not.toBeFocused();
    await menu.click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // Following a link closes the menu.
    await menu.click();
    await nav.getByRole('link', { name: 'Parent Portal' }).click();
    await expect(page).toHaveURL(/\/parent-login$/);
    await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();

    // docs/product.md §2 still holds: pages that show only Back to Home have no menu.
    await page.goto('/events');
    await expect(nav.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  });

  // On a page the app has (the home page is not one: ADR 016), the same menu, and a page change closes it even
  // when the change did not come from the menu's own links.
  test('on a page the app has, the menu works the same and closes when the page changes under it', async ({ visitorPage: page }) => {
    // (The sign-in is a document of its own since ADR 037: the staff sign-in is a page of the app with the menu.)
    await page.goto('/admin/login');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    // So does a tap outside it.
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(4, 700);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // The name at the left leads home within the app (same document), with the menu still open as it is followed.
    await menu.click();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await nav.getByRole('link', { name: centre.name }).click();
    await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Events' })).toBeHidden();
  });

  test("a signed-in parent's menu has Sign Out, and staff's Logout: the page's own sign-out, which forgets the person", async ({
    parentPage: page,
    directorPage: staff,
    server,
  }) => {
    const fam = await parentFamily(server, 'menuout');
    await signIn(page, fam.email, fam.password);
    await pageReady(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.click();
    const signOut = nav.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeVisible();
    expect((await signOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await signOut.click();
    await expect(page).toHaveURL(/\/parent-login$/);
    await pageReady(page);
    expect(await page.evaluate(() => [localStorage.getItem('parentToken'), localStorage.getItem('parentUser')])).toEqual([null, null]);
    const sessions = server.db
      .select()
      .from(parentSessions)
      .innerJoin(parentUsers, eq(parentUsers.id, parentSessions.parentId))
      .where(eq(parentUsers.email, fam.email))
      .all();
    expect(sessions).toHaveLength(0);
    // The public pages' header is nobody's: no sign-out there.
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Events' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /Sign Out|Logout/ })).toHaveCount(0);

    // Staff, signed in on their own browser (the worker's director page), on a phone too.
    await staff.goto('/admin');
    await expect(staff.getByRole('tab', { name: 'Overview' })).toBeVisible();
    const staffNav = staff.getByRole('navigation', { name: 'Main' });
    await staffNav.getByRole('button', { name: 'Menu' }).click();
    await staffNav.getByRole('button', { name: 'Logout' }).click();
    await expect(staff).toHaveURL(/\/$/);
    expect(await staff.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(401);
  });

  test('a Call / Apply bar stays at the bottom of public pages, without hiding the end of the page', async ({ visitorPage: page }) => {
    for (const path of ['/', '/events', '/milestones']) {
      await page.goto(path);
      const bar = page.getByRole('navigation', { name: 'Call or apply' });
      await expect(bar).toBeInViewport();
      await expect(bar.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', telHref(centre.phones[0]));
      await expect(bar.getByRole('link', { name: 'Apply' })).toBeVisible();
    }

    // Scrolled to the very end, the last line of the page sits above the bar.
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Photo gallery' })).toBeVisible();
    const last = page.getByText(`© ${centre.copyrightYear} ${centre.name}. All rights reserved.`);
    // The page may still grow while its sections load: scroll to the end again until the last line is there.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(last).toBeInViewport({ timeout: 1000 });
    }).toPass();
    const barTop = (await page.getByRole('navigation', { name: 'Call or apply' }).boundingBox())!.y;
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barTop);

    await page.getByRole('navigation', { name: 'Call or apply' }).getByRole('link', { name: 'Apply' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
  });

  test('the bar is not on the enrollment form (nothing covers Submit) nor on the staff screens', async ({
    visitorPage: page,
    directorPage: staff,
  }) => {
    await page.goto('/enrollment');
    await expect(page.getByRole('heading', { level: 1, name: 'Online Enrollment Application' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Call or apply' })).toHaveCount(0);
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Call or apply' })).toHaveCount(0);
    await staff.goto('/admin');
    await expect(staff.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(staff.getByRole('navigation', { name: 'Call or apply' })).toHaveCount(0);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the four buttons show in the header, with no Menu button and no Call / Apply bar', async ({ visitorPage: page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Events', 'Milestones', 'Parent Portal', 'Online Enrollment'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Call or apply' })).toBeHidden();
  });
});
