import { eq } from 'drizzle-orm';
import { classrooms, enrolledChildren } from '../../db/schema';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * Photo consent and authorized pickups on screen (ADR 073). A director on a laptop records a family's photo
 * consent and adds the child's grandmother to the pickup list, from the child's card in the Enrolled tab; a
 * teacher on a 768 px tablet then finds the child taggable in a photo and checks her out to the grandmother
 * with one tap, no override. A parent on a 375 px phone adds a person to the list (the toast covers not the tab
 * bar) and removes them; a parent who reads Spanish does so in Spanish.
 */
test('a director records consent and a pickup; a teacher on a tablet tags the child and checks her out to the pickup', async ({
  directorPage: page,
  server,
  browser,
}) => {
  // Two devices and two sign-ins: a long flow.
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const fam = await parentFamily(server, 'consent');
  const room = server.db
    .insert(classrooms)
    .values({ name: `Maples ${fam.t}`, ageGroup: 'preschool_3', capacity: 12 })
    .returning()
    .get();
  server.db.update(enrolledChildren).set({ classroomId: room.id }).where(eq(enrolledChildren.id, fam.child.id)).run();
  const name = fam.child.childName;
  const grandmother = `Grace ${fam.t}`;

  await page.goto('/admin?tab=children');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Photo consent: Not on file')).toBeVisible();

  // Consent: the switch, today's date and the parent (both filled in), then Save.
  await card.getByRole('button', { name: `Photo consent for ${name}` }).click();
  const consent = page.getByRole('dialog', { name: `Photo consent: ${name}` });
  await consent.getByText('The family consents to photos').click();
  await expect(consent.getByRole('switch', { name: 'The family consents to photos' })).toBeChecked();
  await expect(consent.getByRole('textbox', { name: /Given by \(parent\)/ })).toHaveValue(fam.child.parentName);
  await consent.getByRole('button', { name: 'Save Consent' }).click();
  await expect(consent).toBeHidden();
  await expect(
    card.getByText(new RegExp(`Photo consent: Given by ${fam.child.parentName} on [A-Z][a-z]{2} \\d{2}, \\d{4} \\(recorded by `)),
  ).toBeVisible();

  // A pickup with a staff note; the list names who added her and shows the phone as the centre writes it.
  await card.getByRole('button', { name: `Authorized pickups for ${name}` }).click();
  const pickups = page.getByRole('dialog', { name: `Authorized pickups: ${name}` });
  await expect(pickups.getByText('No one besides the parents yet.')).toBeVisible();
  await pickups.getByRole('textbox', { name: 'Name' }).fill(grandmother);
  await pickups.getByRole('textbox', { name: 'Relationship' }).fill('Grandmother');
  await pickups.getByRole('textbox', { name: 'Phone' }).fill('614.555.0142');
  await pickups.getByRole('textbox', { name: 'Note (staff only)' }).fill('ID checked');
  await pickups.getByRole('button', { name: 'Add Pickup' }).click();
  const listed = pickups.getByRole('list', { name: 'Authorized pickups' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`${grandmother} (Grandmother)`);
  await expect(listed).toContainText('(614) 555-0142');
  await expect(listed).toContainText('Note: ID checked');
  await expect(listed).toContainText(/Added by .+, [A-Z][a-z]{2} \d{2}, \d{4}/);
  // Edited: the note changed, and the list says who changed it.
  await listed.getByRole('button', { name: `Edit ${grandmother}` }).click();
  await pickups.getByRole('textbox', { name: 'Note (staff only)' }).fill('ID checked, photo on file');
  await pickups.getByRole('button', { name: 'Save Changes' }).click();
  await expect(listed).toContainText('Note: ID checked, photo on file');
  await expect(listed).toContainText('changed by');
  await pickups.getByRole('button', { name: 'Done' }).click();
  await expect(pickups).toBeHidden();

  // The teacher, on a 768 px tablet.
  const parentDropOff = await server.request('/api/admin/attendance', {
    method: 'POST',
    headers: fam.admin,
    json: { childId: fam.child.id, kind: 'in', by: fam.child.parentName },
  });
  expect(parentDropOff.status).toBe(201);
  const tablet = await browser.newContext({ baseURL: server.url, viewport: { width: 768, height: 1024 }, hasTouch: true });
  const email = `teacher.${fam.t}@example.com`;
  const [cookieName, cookieValue] = (await server.adminCookie(email, 'teacher')).split('=') as [string, string];
  await tablet.addCookies([{ name: cookieName, value: cookieValue, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const teacher = server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync()!;
  await tablet.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: teacher.id, email: teacher.email, name: teacher.name }),
  );
  const t = await tablet.newPage();

  // With consent on file, the child can be tagged in a photo of the day.
  await t.goto('/admin?tab=daily');
  await t.getByRole('button', { name: /Classroom/ }).click();
  await t.getByRole('option', { name: room.name }).click();
  const tags = t.getByRole('group', { name: 'Children in the photo' });
  await expect(tags.getByRole('checkbox', { name, exact: true })).toBeEnabled();
  await expect(tags.getByText('(no photo consent)')).toHaveCount(0);

  // Check-out: Out, then the grandmother from the list: no override asked.
  await t.getByRole('tab', { name: 'Attendance' }).tap();
  const attendance = t.getByRole('region', { name: room.name });
  await attendance.getByRole('button', { name: `Check out ${name}` }).tap();
  const checkOut = t.getByRole('dialog', { name: `Check out ${name}` });
  await checkOut
    .getByRole('list', { name: 'Picked up by' })
    .getByRole('button', { name: `${grandmother} (Grandmother)` })
    .tap();
  await expect(checkOut).toBeHidden();
  await expect(attendance.getByText(new RegExp(`^Out at \\d{1,2}:\\d{2} (AM|PM) by ${grandmother}$`))).toBeVisible();
  await tablet.close();
});

test('a parent on a 375 px phone adds a person to the pickup list (its toast leaving the tab bar uncovered) and removes them', async ({
  server,
  browser,
}) => {
  // A sign-in, the portal and two writes on a phone's profile: given the time of three, as the other portal flows.
  test.slow();
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  const fam = await parentFamily(server, 'pickups');
  // One the centre added: the parent sees it came from the centre, never the staff note.
  const staffAdded = await server.request(`/api/admin/enrolled-children/${fam.child.id}/pickups`, {
    method: 'POST',
    headers: fam.admin,
    json: { name: `Uncle ${fam.t}`, relationship: 'Uncle', phone: '6145550150', note: 'ID checked' },
  });
  expect(staffAdded.status).toBe(201);
  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Overview' }).tap();
  const section = page.getByRole('region', { name: `Who may pick up ${fam.child.childName}` });
  const people = section.getByRole('list', { name: 'Authorized pickups' }).getByRole('listitem');
  await expect(people).toHaveCount(1);
  await expect(people).toContainText(/Added by the centre on [A-Z][a-z]{2} \d{2}, \d{4}/);
  await expect(people).toContainText('(614) 555-0150');
  await expect(section).not.toContainText('ID checked');

  // A missing phone is said at its field; then the whole form adds her.
  const friend = `Maya ${fam.t}`;
  await section.getByRole('textbox', { name: 'Name' }).fill(friend);
  await section.getByRole('textbox', { name: 'Relationship' }).fill('Family friend');
  await section.getByRole('button', { name: 'Add Person' }).tap();
  await expect(section.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(/Please enter a valid phone number/);
  await section.getByRole('textbox', { name: 'Phone' }).fill('614 555 0123');
  // The parent scrolls back up to the tabs, then sends the form from the keyboard's Go (its button lower down): the
  // toast leaves the tab bar uncovered.
  const tabs = page.getByRole('tablist');
  await tabs.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await section.getByRole('button', { name: 'Add Person' }).evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  const toast = page.getByRole('alertdialog').filter({ hasText: `${friend} may now pick up` });
  await expect(toast).toBeVisible();
  const [toastBox, tabsBox] = [(await toast.boundingBox())!, (await tabs.boundingBox())!];
  const covered =
    toastBox.x < tabsBox.x + tabsBox.width &&
    tabsBox.x < toastBox.x + toastBox.width &&
    toastBox.y < tabsBox.y + tabsBox.height &&
    tabsBox.y < toastBox.y + toastBox.height;
  expect(covered, `toast ${JSON.stringify(toastBox)} and the tabs ${JSON.stringify(tabsBox)}`).toBe(false);
  await expect(people).toHaveCount(2);
  const added = people.filter({ hasText: friend });
  await expect(added).toContainText('(614) 555-0123');
  await expect(added).toContainText(new RegExp(`Added by ${fam.child.parentName.split(' ')[0]}.* on [A-Z][a-z]{2} \\d{2}, \\d{4}`));
  await expect(section.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await added.getByRole('button', { name: `Remove ${friend}` }).tap();
  await expect(people).toHaveCount(1);
  await expect(section).not.toContainText(friend);
  await phone.close();
});

test('a parent who reads Spanish finds the pickup list in Spanish, with a refusal at its field in Spanish', async ({ server, browser }) => {
  test.slow();
  const fam = await parentFamily(server, 'recoger');
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const saved = await server.request('/api/parent/preferences', {
    method: 'PATCH',
    json: { language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status).toBe(200);
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, fam.email, fam.password, portalEs['portal.heading'].replace('{child}', fam.child.childName));
  await page.getByRole('tab', { name: portalEs['portal.tab.overview'] }).tap();
  const section = page.getByRole('region', { name: `Quién puede recoger a ${fam.child.childName}` });
  await expect(section.getByText(portalEs['portal.pickups.none'])).toBeVisible();
  await section.getByRole('textbox', { name: 'Nombre' }).fill(`Abuela ${fam.t}`);
  await section.getByRole('textbox', { name: 'Parentesco' }).fill('Abuela');
  await section.getByRole('textbox', { name: 'Teléfono' }).fill('no tengo');
  await section.getByRole('button', { name: 'Añadir persona' }).tap();
  await expect(section.getByRole('textbox', { name: 'Teléfono' })).toHaveAccessibleDescription(errorsEs['error.phone']);
  await section.getByRole('textbox', { name: 'Teléfono' }).fill('6145550177');
  await section.getByRole('button', { name: 'Añadir persona' }).tap();
  const person = section.getByRole('listitem').filter({ hasText: `Abuela ${fam.t}` });
  await expect(person).toContainText('(614) 555-0177');
  await expect(person).toContainText(/Añadida por .+ el \d{1,2} [a-z]{3}\.? \d{4}/);
  await expect(person.getByRole('button', { name: `Quitar a Abuela ${fam.t}` })).toBeVisible();
  await phone.close();
});
