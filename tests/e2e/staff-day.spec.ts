import type { BrowserContext } from '@playwright/test';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/**
 * A centre with no mail server: the director invites a teacher and copies the link shown once (the Outbox keeps it
 * too); the teacher, on a 768 px portrait tablet, sets her password, finds her e-mail filled in, and her dashboard
 * opens on her own room under the staff header. Leaving a room that would then be over ratio asks first.
 * Rows are unique per run, so the tests repeat on one server.
 */
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const TABLET = { width: 768, height: 1024 };

async function api<T = { id: string }>(server: TestServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await server.request(path, { method, ...(body === undefined ? {} : { json: body }), headers: { cookie } });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Signs a browser context in as a staff member of `role` (a session inserted, as loginAsAdmin does). */
async function signIn(server: TestServer, context: BrowserContext, email: string, role: 'director' | 'teacher') {
  const cookie = await server.adminCookie(email, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const staff = server.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: staff.id, email, name: staff.name }),
  );
  return cookie;
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('without SMTP the director copies the invitation link; the teacher signs in with her e-mail filled in and opens on her own room', async ({
  page,
  server,
  browser,
  loginAsAdmin,
}) => {
  test.setTimeout(60_000);
  const id = unique();
  const teacherName = `Wren Teacher ${id}`;
  const teacherEmail = `wren.${id}@centre.example`;
  const director = await server.adminCookie();
  // Her room sorts last by name: the dashboard puts it first because it is hers.
  await api(server, director, 'POST', '/api/admin/classrooms', { name: `Acorn ${id}`, ageGroup: 'preschool_3', capacity: 12 });
  const willow = await api(server, director, 'POST', '/api/admin/classrooms', {
    name: `Willow ${id}`,
    ageGroup: 'preschool_3',
    capacity: 12,
  });

  await loginAsAdmin();
  await page.goto('/admin?tab=staff');
  await page.getByRole('button', { name: 'Invite Staff' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Staff' });
  await invite.getByLabel('Name').fill(teacherName);
  await invite.getByLabel('Email').fill(teacherEmail);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  const shown = page.getByRole('dialog', { name: 'Invitation Link' });
  await expect(shown).toContainText('No mail server (SMTP) is set, so no e-mail went out.');
  const link = (await shown.getByTestId('invitation-link').textContent())!;
  expect(link).toMatch(/\/admin\/set-password#token=[a-z2-7]+$/);
  await shown.getByRole('button', { name: 'Copy invitation link' }).click();
  await expect(shown.getByRole('button', { name: 'invitation link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The Outbox shows the same link, not "[link removed]".
  await page.getByRole('button', { name: 'Outbox' }).click();
  const outbox = page.getByRole('dialog', { name: 'Outbox' });
  await outbox.getByRole('list', { name: 'Outbox messages' }).getByRole('button').filter({ hasText: teacherEmail }).click();
  await expect(outbox.getByRole('article', { name: 'Message' })).toContainText(link);
  await page.keyboard.press('Escape');

  // The director puts her in Willow.
  const staffList = await api<{ id: string; email: string }[]>(server, director, 'GET', '/api/admin/staff');
  const teacherId = staffList.find((s) => s.email === teacherEmail)!.id;
  await api(server, director, 'PATCH', `/api/admin/classrooms/${willow.id}`, { staffIds: [teacherId] });

  // The teacher, on a portrait tablet, opens the link.
  const context = await browser.newContext({ baseURL: server.url, viewport: TABLET });
  const teacher = await context.newPage();
  await teacher.goto(new URL(link).pathname + new URL(link).hash);
  await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const password = `Willow lantern pebble ${id}`;
  await teacher.getByLabel('New password', { exact: true }).fill(password);
  await teacher.getByLabel('Repeat the new password').fill(password);
  await teacher.getByRole('button', { name: 'Save password' }).click();
  await expect(teacher).toHaveURL(/\/admin\/login$/);
  await expect(teacher.getByLabel('Email')).toHaveValue(teacherEmail);
  await teacher.getByLabel('Password', { exact: true }).fill(password);
  await teacher.getByRole('button', { name: 'Sign In' }).click();

  // Her dashboard opens on Attendance, her room first, under the staff header (no public-site buttons).
  await expect(teacher.getByRole('tab', { name: 'Attendance', selected: true })).toBeVisible();
  const rooms = teacher.getByRole('region', { name: 'Attendance' }).getByRole('region');
  await expect(rooms.first()).toHaveAccessibleName(`Willow ${id} Your room`);
  await expect(rooms.first().getByRole('button', { name: `Clock in to Willow ${id}` })).toBeVisible();
  const nav = teacher.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Staff dashboard')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Events' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Milestones' })).toHaveCount(0);
  // Nothing in the header wraps at 768 px: it is one row of the centre's name and the label.
  const header = (await teacher.locator('header').boundingBox())!;
  expect(header.height).toBeLessThan(80);
  await context.close();
});

test('clocking out of a room that would then be over ratio asks first, naming the room and the staff it needs', async ({
  server,
  browser,
}) => {
  // Six children checked in and two staff over the API first: a long setup on a busy machine.
  test.setTimeout(60_000);
  const id = unique();
  const roomName = `Duckling ${id}`;
  const director = await server.adminCookie();
  const room = await api(server, director, 'POST', '/api/admin/classrooms', { name: roomName, ageGroup: 'infant', capacity: 8 });
  const born = new Date();
  born.setUTCMonth(born.getUTCMonth() - 6);
  // Six infants: at 1:5, two staff are needed.
  for (let i = 0; i < 6; i++) {
    const child = await api(server, director, 'POST', '/api/admin/enrolled-children', {
      childName: `Baby ${i} ${id}`,
      dateOfBirth: born.toISOString().slice(0, 10),
      program: 'infant',
      startDate: '2026-09-01',
      parentName: `Parent ${i} ${id}`,
      parentEmail: `duck${i}.${id}@example.com`,
    });
    await api(server, director, 'PATCH', `/api/admin/enrolled-children/${child.id}`, { classroomId: room.id });
    await api(server, director, 'POST', '/api/admin/attendance', { childId: child.id, kind: 'in', by: `Parent ${i} ${id}` });
  }
  const first = await server.adminCookie(`first.${id}@example.com`, 'teacher');
  await api(server, first, 'POST', '/api/admin/staff-attendance', { kind: 'in', classroomId: room.id });

  const context = await browser.newContext({ baseURL: server.url, viewport: TABLET });
  const second = await signIn(server, context, `second.${id}@example.com`, 'teacher');
  await api(server, second, 'POST', '/api/admin/staff-attendance', { kind: 'in', classroomId: room.id });
  const teacher = await context.newPage();
  await teacher.goto('/admin?tab=attendance');
  await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const region = teacher.getByRole('region', { name: roomName });
  const banner = region.getByRole('status', { name: `Ratio in ${roomName}` });
  await expect(banner).toHaveAttribute('data-ratio', 'ok');

  const sentence = `${roomName} would be over ratio: 6 children present need 2 staff members, and 1 would stay.`;
  await region.getByRole('button', { name: `Clock out of ${roomName}` }).click();
  const ask = teacher.getByRole('alertdialog', { name: 'Leave the Room Over Ratio?' });
  await expect(ask).toContainText(sentence);
  // Cancel: still in the room.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(region.getByRole('button', { name: `Clock out of ${roomName}` })).toBeVisible();
  await expect(banner).toHaveAttribute('data-ratio', 'ok');

  // Asked again, and confirmed: out, and the room reads over ratio.
  await region.getByRole('button', { name: `Clock out of ${roomName}` }).click();
  await expect(ask).toContainText(sentence);
  await ask.getByRole('button', { name: 'Clock out anyway' }).click();
  await expect(ask).toBeHidden();
  await expect(region.getByRole('button', { name: `Clock in to ${roomName}` })).toBeVisible();
  await expect(banner).toHaveAttribute('data-ratio', 'over');
  await expect(banner).toHaveText(`${roomName} is over ratio: 6 children with 1 staff member. One more staff member is needed.`);
  await context.close();
});
