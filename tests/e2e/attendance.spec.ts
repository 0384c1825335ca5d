import type { BrowserContext } from '@playwright/test';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/**
 * The Attendance tab: the director sees a room go over ratio when the second teacher clocks out. A
 * teacher checking a child in and out to a listed pickup on a tablet is part of the day in daily-sheets.spec.ts.
 * Rows are unique per run, so the test repeats on one server.
 */
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

async function api(server: TestServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await server.request(path, { method, ...(body === undefined ? {} : { json: body }), headers: { cookie } });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

/** Signs a browser context in as a staff member of `role` (a session inserted, as loginAsAdmin does). */
async function signIn(server: TestServer, context: BrowserContext, email: string, role: 'director' | 'teacher') {
  const cookie = await server.adminCookie(email, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  // The UI's own record of who is signed in (the server never trusts it), as loginAsAdmin sets it.
  const staff = server.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: staff.id, email, name: staff.name }),
  );
  return cookie;
}

/** A date of birth `months` before today, as `YYYY-MM-DD`. */
function bornMonthsAgo(months: number): string {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

test('the director sees a room go over ratio when the second teacher clocks out', async ({ server, directorPage: page, browser }) => {
  const id = unique();
  const roomName = `Duckling ${id}`;
  const director = await server.adminCookie();
  const room = await api(server, director, 'POST', '/api/admin/classrooms', { name: roomName, ageGroup: 'infant', capacity: 8 });
  // Six infants: at 1:5, two staff are needed.
  for (let i = 0; i < 6; i++) {
    const child = await api(server, director, 'POST', '/api/admin/enrolled-children', {
      childName: `Baby ${i} ${id}`,
      dateOfBirth: bornMonthsAgo(6),
      program: 'infant',
      startDate: '2026-09-01',
      parentName: `Parent ${i} ${id}`,
      parentEmail: `infant${i}.${id}@example.com`,
    });
    await api(server, director, 'PATCH', `/api/admin/enrolled-children/${child.id}`, { classroomId: room.id });
    await api(server, director, 'POST', '/api/admin/attendance', { childId: child.id, kind: 'in', by: `Parent ${i} ${id}` });
  }
  const first = await server.adminCookie(`first.${id}@example.com`, 'teacher');
  await api(server, first, 'POST', '/api/admin/staff-attendance', { kind: 'in', classroomId: room.id });

  // The second teacher clocks in and, later, out, from the tab.
  const teacherContext = await browser.newContext({ baseURL: server.url, viewport: { width: 820, height: 1180 } });
  await signIn(server, teacherContext, `second.${id}@example.com`, 'teacher');
  const teacher = await teacherContext.newPage();
  await teacher.goto('/admin?tab=attendance');
  await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const teacherRoom = teacher.getByRole('region', { name: roomName });
  await teacherRoom.getByRole('button', { name: `Clock in to ${roomName}` }).click();
  await expect(teacherRoom.getByRole('button', { name: `Clock out of ${roomName}` })).toBeVisible();

  await page.goto('/admin?tab=attendance');
  const banner = page.getByRole('region', { name: roomName }).getByRole('status', { name: `Ratio in ${roomName}` });
  await expect(banner).toHaveText('In ratio: 6 children present, 2 staff (2 needed).');
  await expect(banner).toHaveAttribute('data-ratio', 'ok');

  await teacherRoom.getByRole('button', { name: `Clock out of ${roomName}` }).click();
  // Leaving puts the room over ratio: asked first (staff-day.spec.ts), and confirmed.
  await teacher.getByRole('alertdialog', { name: 'Leave the Room Over Ratio?' }).getByRole('button', { name: 'Clock out anyway' }).click();
  await expect(teacherRoom.getByRole('button', { name: `Clock in to ${roomName}` })).toBeVisible();
  await teacherContext.close();

  await page.reload();
  await expect(banner).toHaveText(`${roomName} is over ratio: 6 children with 1 staff member. One more staff member is needed.`);
  await expect(banner).toHaveAttribute('data-ratio', 'over');
  await expect(banner).toHaveClass(/bg-red-600/);
});

/**
 * The buttons' downloads. What the files hold (the CSV's columns, a drop-off "by" with its relationship, "still in"
 * for a child not yet picked up, a PDF by its bytes, the file names the server gives) is read in
 * tests/integration/attendance.test.ts.
 */
test("the director downloads the month's attendance report from the tab, as CSV and as PDF", async ({ directorPage: page }) => {
  // The dashboard's load on a busy 2-core machine takes most of the default budget.
  test.slow();
  await page.goto('/admin?tab=attendance');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Monthly Report (CSV)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}\.csv$/);
  expect(await csv.failure()).toBeNull();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Monthly Report (PDF)' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}\.pdf$/);
  expect(await pdf.failure()).toBeNull();
});
