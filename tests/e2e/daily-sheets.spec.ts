import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { classrooms, enrolledChildren } from '../../db/schema';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * The children's day in the browser: a teacher on a tablet checks a child in (Attendance tab: In, then
 * the parent who dropped off), records lunch for the room, a nap and a diaper, uploads a photo tagging two
 * children, then checks the child out to someone on the child's pickup list; then on a 375 px phone a parent sees
 * each of those in the Today tab (the tab a parent sees first), newest first, with the photo.
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
  // Nora's grandmother, on her authorized pickup list (as staff add her from the signed form).
  const grandmother = `Grace ${nora.t}`;
  const pickup = await server.request(`/api/admin/enrolled-children/${nora.child.id}/pickups`, {
    method: 'POST',
    headers: nora.admin,
    json: { name: grandmother, relationship: 'Grandmother', phone: '614-555-0142' },
  });
  expect(pickup.status).toBe(201);

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

  // Drop-off: In, then the parent who brought her (two taps on the Attendance tab).
  await page.goto('/admin?tab=attendance');
  const attendance = page.getByRole('region', { name: room.name });
  await attendance.getByRole('button', { name: `Check in ${nora.child.childName}` }).tap();
  const checkIn = page.getByRole('dialog', { name: `Check in ${nora.child.childName}` });
  await checkIn
    .getByRole('list', { name: 'Dropped off by' })
    .getByRole('button', { name: `${nora.child.parentName} (parent)` })
    .tap();
  await expect(checkIn).toBeHidden();
  await expect(attendance.getByText(`Present now: ${nora.child.childName}`)).toBeVisible();
  await expect(attendance.getByText(new RegExp(`^In at \\d{1,2}:\\d{2} (AM|PM) by ${nora.child.parentName}$`))).toBeVisible();

  await page.getByRole('tab', { name: 'Daily sheets' }).tap();
  await expect(page.getByRole('tab', { name: 'Daily sheets', selected: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Classroom/ })).toContainText('All children');
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

  // Pickup: Out, then her grandmother from the pickup list (two taps on the Attendance tab).
  await page.getByRole('tab', { name: 'Attendance' }).tap();
  await expect(page.getByText(/^Today, [A-Z][a-z]{2} \d{2}, \d{4}\. Tap In or Out/)).toBeVisible();
  await attendance.getByRole('button', { name: `Check out ${nora.child.childName}` }).tap();
  const checkOut = page.getByRole('dialog', { name: `Check out ${nora.child.childName}` });
  // Record with no name typed says what is missing, at its field (the button is never a silent grey).
  await checkOut.getByRole('button', { name: 'Record' }).tap();
  await expect(checkOut.getByRole('textbox', { name: 'Someone else' })).toHaveAccessibleDescription(/Please enter who is picking up/);
  await checkOut
    .getByRole('list', { name: 'Picked up by' })
    .getByRole('button', { name: `${grandmother} (Grandmother)` })
    .tap();
  await expect(checkOut).toBeHidden();
  await expect(attendance.getByText(new RegExp(`^Out at \\d{1,2}:\\d{2} (AM|PM) by ${grandmother}$`))).toBeVisible();
  await expect(attendance.getByText('Present now: nobody')).toBeVisible();
  await expect(attendance.getByRole('button', { name: `Check in ${nora.child.childName}` })).toBeVisible();
  // Back on Daily sheets, the room chosen before is still the one shown.
  await page.getByRole('tab', { name: 'Daily sheets' }).tap();
  await expect(page.getByRole('button', { name: /Classroom/ })).toContainText(room.name);
  await expect(children.getByRole('button')).toHaveCount(2);

  // The parent, on a phone: Today is the tab they see first, newest first, with the photo.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const parent = await phone.newPage();
  await signIn(parent, nora.email, nora.password);
  await expect(parent.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  const day = parent.getByRole('list', { name: `${nora.child.childName}'s day` });
  const items = day.getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.nth(0)).toContainText(`Checked out by ${grandmother}`);
  await expect(items.nth(1)).toContainText('Photo');
  await expect(items.nth(2)).toContainText('Diaper');
  await expect(items.nth(2)).toContainText('Wet');
  await expect(items.nth(3)).toContainText('Nap');
  await expect(items.nth(4)).toContainText('Lunch');
  await expect(items.nth(4)).toContainText('Ate most');
  await expect(items.nth(5)).toContainText(`Checked in by ${nora.child.parentName}`);
  // The picture is in the photo's own item, between the check-out and the diaper.
  const photo = items.nth(1).getByRole('img', { name: `Water play ${nora.t}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(day.getByRole('link', { name: 'Download the photo' })).toBeVisible();
  // Above the tabs, today's status: her pickup, by name.
  await expect(parent.getByRole('status', { name: "Today's attendance" })).toHaveText(
    new RegExp(`^Checked out at \\d{1,2}:\\d{2}\\s(AM|PM) by ${grandmother}$`),
  );
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.close();
});
