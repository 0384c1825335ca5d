import type { Browser, Locator, Page } from '@playwright/test';
import { classroomStaff, classrooms, enrolledChildren } from '../../db/schema';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import { formatDate } from '../../src/client/lib/format';
import type { TestServer } from '../helpers/server';
import { axeScan } from './axe';
import { expect, pageReady, test } from './fixtures';

/**
 * Where the teacher works (ADR 081): the children who start later are named above the Attendance tab and the Daily
 * sheets, with a director's link to the child's record; a child's allergies and care needs show on its card and in the
 * check-in dialog, as words beside an icon; and a toast covers not the last child row on a tablet (that it covers not a
 * parent's tab bar on a phone is checked in consent-and-pickups.spec.ts, on the pickup form that sends it). Names are
 * unique per run, so the tests repeat on one server.
 */
test.describe.configure({ timeout: 90_000 });

const TABLET = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * A room with `teacher` on its staff, and children in it (each `{ name, startDate?, notes? }`), written straight to the
 * database: the forms that make them have their own tests, and twenty children through the API cost seconds.
 */
async function roomWith(server: TestServer, teacherEmail: string, children: { name: string; startDate?: string; notes?: string }[]) {
  await server.adminCookie(teacherEmail, 'teacher');
  const teacherId = server.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, teacherEmail) }).sync()!.id;
  const name = `Room ${unique()}`;
  const room = server.db.insert(classrooms).values({ name, ageGroup: 'preschool_3', capacity: 20 }).returning().get();
  server.db.insert(classroomStaff).values({ classroomId: room.id, staffId: teacherId }).run();
  const ids: string[] = [];
  for (const c of children) {
    const child = server.db
      .insert(enrolledChildren)
      .values({
        childName: c.name,
        dateOfBirth: '2022-05-01',
        program: 'preschool',
        startDate: c.startDate ?? '2026-09-01',
        parentName: `Parent of ${c.name}`,
        parentEmail: `p.${unique()}@example.com`,
        notes: c.notes ?? '',
        classroomId: room.id,
      })
      .returning()
      .get();
    ids.push(child.id);
  }
  return { name, id: room.id, ids };
}

/** A staff browser of `role` at `viewport` (a session inserted, as loginAsAdmin does). */
async function staffPage(server: TestServer, browser: Browser, email: string, role: 'director' | 'teacher', viewport: typeof TABLET) {
  const cookie = await server.adminCookie(email, role);
  const context = await browser.newContext({ baseURL: server.url, viewport, hasTouch: true });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const staff = server.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: staff.id, email, name: staff.name }),
  );
  return { context, page: await context.newPage() };
}

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box and the other's, read together while the toast shows. */
async function covers(page: Page, toast: Locator, other: Locator) {
  await expect(toast).toBeVisible();
  const [t, o] = [await box(toast), await box(other)];
  return { covered: overlaps(t, o), detail: `toast ${JSON.stringify(t)} and ${JSON.stringify(o)}` };
}

test('a teacher on a tablet sees who starts later and when, and a child\u2019s allergies and care needs on the cards and in the check-in dialog', async ({
  server,
  browser,
}) => {
  const id = unique();
  const today = centreDateOf(new Date());
  const teacherEmail = `later.${id}@example.com`;
  const flagged = `Finn ${id}`;
  const room = await roomWith(server, teacherEmail, [
    {
      name: flagged,
      notes: 'Allergies: Peanuts\nMedical conditions: Asthma, inhaler in the office\nEmergency contact: Gran, 614-555-0188',
    },
    { name: `Mia ${id}`, startDate: addDays(today, 5) },
    { name: `Leo ${id}`, startDate: addDays(today, 40) },
  ]);
  const { context, page } = await staffPage(server, browser, teacherEmail, 'teacher', TABLET);
  await page.goto('/admin?tab=attendance');
  await pageReady(page);

  const notice = page.getByRole('region', { name: '2 children start later' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveText([
    `Mia ${id} on ${formatDate(addDays(today, 5))}`,
    `Leo ${id} on ${formatDate(addDays(today, 40))}`,
  ]);
  // A teacher cannot change a start date: she is told who can, with no link that would lead nowhere.
  await expect(notice).toContainText('A director changes a start date in the Enrolled tab.');
  await expect(notice.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('list', { name: `Children in ${room.name}` }).getByRole('listitem')).toHaveCount(1);

  const row = page
    .getByRole('list', { name: `Children in ${room.name}` })
    .getByRole('listitem')
    .filter({ hasText: flagged });
  await expect(row).toContainText('Allergies: Peanuts');
  await expect(row).toContainText('Care needs: Asthma, inhaler in the office');
  await expect(row).not.toContainText('614-555-0188');
  // The word is said, not only the colour: the same text is what a screen reader reads.
  await expect(row.getByText('Allergies:')).toBeVisible();
  expect((await axeScan(page)).violations).toEqual([]);

  await row.getByRole('button', { name: `Check in ${flagged}` }).tap();
  const dialog = page.getByRole('dialog', { name: `Check in ${flagged}` });
  await expect(dialog).toContainText('Allergies: Peanuts');
  await expect(dialog).toContainText('Care needs: Asthma, inhaler in the office');
  await dialog.getByRole('button', { name: `Parent of ${flagged} (parent)` }).tap();
  await expect(dialog).toBeHidden();

  // The Daily sheets: the same notice, and the card's button names the flags.
  await page.getByRole('tab', { name: 'Daily sheets' }).tap();
  await page.getByRole('button', { name: 'Classroom' }).tap();
  await page.getByRole('option', { name: room.name }).tap();
  await expect(page.getByRole('region', { name: '2 children start later' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Children' }).getByRole('button', { name: new RegExp(flagged) });
  await expect(card).toHaveAccessibleName(/Allergies: Peanuts.*Care needs: Asthma, inhaler in the office/);
  await context.close();
});

test('a director follows the notice to the child\u2019s record, changes the start date, and the child is on the list', async ({
  server,
  directorPage: page,
}) => {
  const id = unique();
  const today = centreDateOf(new Date());
  const later = `Ada ${id}`;
  const room = await roomWith(server, `room.${id}@example.com`, [{ name: later, startDate: addDays(today, 9) }]);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin?tab=attendance');
  const item = page
    .getByRole('region', { name: /starts? later$/ })
    .getByRole('listitem')
    .filter({ hasText: later });
  await expect(item).toHaveText(new RegExp(`${later} on ${formatDate(addDays(today, 9))}`));
  await item.getByRole('link', { name: `Change start date for ${later}` }).click();

  await expect(page).toHaveURL(/\?tab=children$/);
  const edit = page.getByRole('dialog', { name: 'Edit Child' });
  await expect(edit.getByRole('textbox', { name: /Child.s Name/ })).toHaveValue(later);
  await edit.getByLabel('Start Date').fill(today);
  await edit.getByRole('button', { name: /Save|Update/ }).click();
  await expect(edit).toBeHidden();

  await page.getByRole('tab', { name: 'Attendance' }).click();
  await expect(page.getByRole('list', { name: `Children in ${room.name}` })).toContainText(later);
  await expect(page.getByRole('main')).not.toContainText(`${later} on`);
  // Back does not open the dialog again: the address no longer names the child.
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=children$/);
  await expect(page.getByRole('list', { name: 'Enrolled children' })).toContainText(later);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// One teacher's tablet, turned: a room of nine children for each way it is held, each checked at its own width.
test('on a tablet, landscape (1024x768) then portrait (768x1024), the check-in toast leaves the last child row uncovered', async ({
  server,
  browser,
}) => {
  const id = unique();
  const teacherEmail = `rows.${id}@example.com`;
  const rooms = [];
  for (const viewport of [TABLET, PORTRAIT]) {
    const names = Array.from({ length: 9 }, (_, i) => `Kid ${i + 1} ${viewport.width} ${id}`);
    rooms.push({
      viewport,
      names,
      room: await roomWith(
        server,
        teacherEmail,
        names.map((name) => ({ name })),
      ),
    });
  }
  const { context, page } = await staffPage(server, browser, teacherEmail, 'teacher', TABLET);
  for (const { viewport, names, room } of rooms)
    await test.step(`at ${viewport.width}x${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/admin?tab=attendance');
      await pageReady(page);
      const rows = page.getByRole('list', { name: `Children in ${room.name}` }).getByRole('listitem');
      await expect(rows).toHaveCount(9);
      // The room's card is the last on the page only when it is the newest room; scroll to this room's last row as a
      // teacher does, to the end of the page when it is there.
      const last = rows.last();
      await last.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => window.scrollBy(0, document.documentElement.scrollHeight));

      await last.getByRole('button', { name: `Check in ${names[8]}` }).tap();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: `Parent of ${names[8]} (parent)` })
        .tap();
      const toast = page.getByRole('alertdialog').filter({ hasText: 'Checked In' });
      const { covered, detail } = await covers(page, toast, last);
      expect(covered, detail).toBe(false);
    });
  await context.close();
});
