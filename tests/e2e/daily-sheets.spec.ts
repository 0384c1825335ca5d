import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { classrooms, enrolledChildren } from '../../db/schema';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * Issue 32, the children's day in the browser: a teacher on a tablet records lunch for the room, a nap and a
 * diaper, and uploads a photo tagging two children; then on a 375 px phone a parent sees each of those in the
 * Today tab (the tab a parent sees first), newest first, with the photo.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test("a teacher records the room's day on a tablet; the parent sees it in Today on a phone", async ({ page, context, server, browser }) => {
  // Two devices, two sign-ins and a photo encoded on the server: a long flow, given the time of three.
  test.slow();
  const nora = await parentFamily(server, 'daily');
  const other = await parentFamily(server, 'daily2');
  const room = server.db
    .insert(classrooms)
    .values({ name: `Sunflowers ${nora.t}`, ageGroup: 'older_toddler', capacity: 12 })
    .returning()
    .get();
  for (const c of [nora.child, other.child])
    server.db.update(enrolledChildren).set({ classroomId: room.id, photoConsent: true }).where(eq(enrolledChildren.id, c.id)).run();

  // A teacher, signed in (a session inserted, as loginAsAdmin does for the director).
  const email = `teacher.${nora.t}@example.com`;
  const cookie = await server.adminCookie(email, 'teacher');
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const teacher = server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: teacher.id, email: teacher.email, name: teacher.name }),
  );

  await page.goto('/admin?tab=daily');
  await expect(page.getByRole('tab', { name: 'Daily sheets', selected: true })).toBeVisible();
  await page.getByRole('button', { name: /Classroom/ }).click();
  await page.getByRole('option', { name: room.name }).click();
  const children = page.getByRole('list', { name: 'Children' });
  await expect(children.getByRole('button')).toHaveCount(2);

  // Lunch for the room: the meal, then how much everyone ate.
  await page.getByRole('button', { name: / Meal$/ }).click();
  await page.getByRole('option', { name: 'Lunch' }).click();
  await page.getByRole('button', { name: 'Everyone ate most' }).tap();
  await expect(page.getByText('Lunch recorded')).toBeVisible();

  const childButton = children.getByRole('button', { name: new RegExp(nora.child.childName) });
  // A nap: tap the child, tap "Nap started" (two taps); later the same two taps end it.
  await childButton.tap();
  await page.getByRole('dialog', { name: nora.child.childName }).getByRole('button', { name: 'Nap started' }).tap();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(childButton).toContainText('Napping');
  await childButton.tap();
  await page.getByRole('dialog', { name: nora.child.childName }).getByRole('button', { name: 'Woke up' }).tap();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(childButton).toContainText('Nap:');

  // A diaper: tap the child, tap "Wet diaper".
  await childButton.tap();
  await page.getByRole('dialog', { name: nora.child.childName }).getByRole('button', { name: 'Wet diaper' }).tap();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(childButton).toContainText('Diaper: Wet');

  // A photo of the day tagging both children.
  const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'water.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const tags = page.getByRole('group', { name: 'Children in the photo' });
  for (const c of [nora.child, other.child]) {
    await tags.getByText(c.childName, { exact: true }).tap();
    await expect(tags.getByRole('checkbox', { name: c.childName })).toBeChecked();
  }
  await page.getByLabel('Caption').fill(`Water play ${nora.t}`);
  await page.getByRole('button', { name: 'Upload photo' }).tap();
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos of the day' }).getByRole('img', { name: `Water play ${nora.t}` })).toBeVisible();

  // The parent, on a phone: Today is the tab they see first, newest first, with the photo.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const parent = await phone.newPage();
  await signIn(parent, nora.email, nora.password);
  await expect(parent.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  const day = parent.getByRole('list', { name: `${nora.child.childName}'s day` });
  await expect(day.getByRole('listitem')).toHaveCount(4);
  await expect(day.getByRole('listitem').nth(0)).toContainText('Photo');
  await expect(day.getByRole('listitem').nth(1)).toContainText('Diaper');
  await expect(day.getByRole('listitem').nth(1)).toContainText('Wet');
  await expect(day.getByRole('listitem').nth(2)).toContainText('Nap');
  await expect(day.getByRole('listitem').nth(3)).toContainText('Lunch');
  await expect(day.getByRole('listitem').nth(3)).toContainText('Ate most');
  const photo = day.getByRole('img', { name: `Water play ${nora.t}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(day.getByRole('link', { name: 'Download the photo' })).toBeVisible();
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();
});
