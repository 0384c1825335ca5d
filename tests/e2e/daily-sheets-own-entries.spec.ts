import type { BrowserContext } from '@playwright/test';
import { centreDateOf, centreMidnight } from '../../src/shared/centre-time';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { parentFamily } from './parent-family';

/**
 * ADR 066 on the Daily sheets tab: a teacher is offered Delete only on the entries they recorded (the server
 * refuses another's with 403), while Woke up still ends a nap another teacher started; a director is offered
 * Delete on every entry.
 */
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

async function signInStaff(server: TestServer, context: BrowserContext, email: string, role: 'director' | 'teacher') {
  const cookie = await server.adminCookie(email, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const account = server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: account.id, email: account.email, name: account.name }),
  );
  return { cookie };
}

test('a teacher deletes only her own entries, and ends a nap another teacher started', async ({ page, context, server, browser }) => {
  // Two staff members in two browser contexts, each loading the dashboard: given the time of three.
  test.slow();
  const fam = await parentFamily(server, 'own');
  const child = fam.child;
  const ann = { cookie: await server.adminCookie(`ann.${fam.t}@example.com`, 'teacher') };
  const write = async (headers: { cookie: string }, body: Record<string, unknown>) => {
    const res = await server.request('/api/admin/daily-entries', { method: 'POST', headers, json: { childId: child.id, ...body } });
    expect(res.status, await res.text()).toBe(201);
  };
  // The child is here today (the sheet takes entries only for a child checked in: ADR 080).
  const checkIn = await server.request('/api/admin/attendance', {
    method: 'POST',
    headers: fam.admin,
    json: { childId: child.id, kind: 'in', by: child.parentName },
  });
  expect(checkIn.status, await checkIn.text()).toBe(201);
  // Ann's note and Ann's nap (still going on), then Bea signs in and records a diaper.
  await write(ann, { kind: 'note', details: { text: `Ann's note ${fam.t}` } });
  // Started 20 minutes ago, or at the centre's midnight when that is later: a nap from the day before is not this
  // day's (the entry would be refused, the child being checked in only today).
  const napStart = Math.max(Date.now() - 20 * 60_000, centreMidnight(centreDateOf(new Date())).getTime());
  await write(ann, { kind: 'nap', details: { start: new Date(napStart).toISOString(), end: null } });
  const bea = await signInStaff(server, context, `bea.${fam.t}@example.com`, 'teacher');
  await write(bea, { kind: 'diaper', details: { type: 'wet' } });

  await page.goto('/admin?tab=daily');
  const childButton = page.getByRole('list', { name: 'Children' }).getByRole('button', { name: new RegExp(child.childName) });
  await expect(childButton).toContainText('Napping');
  await childButton.tap();
  const sheet = page.getByRole('dialog', { name: child.childName });
  const day = sheet.getByRole('list', { name: `${child.childName}'s day` });
  await expect(day.getByRole('listitem')).toHaveCount(3);
  await expect(day.getByText(`Ann's note ${fam.t}`)).toBeVisible();
  // Her own diaper: Delete. Ann's note and nap: none.
  await expect(day.getByRole('button', { name: 'Delete Diaper' })).toBeVisible();
  await expect(day.getByRole('button', { name: 'Delete Note' })).toHaveCount(0);
  await expect(day.getByRole('button', { name: 'Delete Nap' })).toHaveCount(0);
  // Ann's nap: any teacher of the room records the child woke up.
  await sheet.getByRole('button', { name: 'Woke up' }).tap();
  await expect(page.getByText('Nap recorded')).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(childButton).not.toContainText('Napping');

  // A director is offered Delete on every entry.
  const directorContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 }, hasTouch: true });
  try {
    await signInStaff(server, directorContext, `director.${fam.t}@example.com`, 'director');
    const director = await directorContext.newPage();
    await director.goto('/admin?tab=daily');
    await director.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await director
      .getByRole('list', { name: 'Children' })
      .getByRole('button', { name: new RegExp(child.childName) })
      .tap();
    const directorDay = director.getByRole('dialog', { name: child.childName }).getByRole('list', { name: `${child.childName}'s day` });
    for (const kind of ['Note', 'Nap', 'Diaper']) await expect(directorDay.getByRole('button', { name: `Delete ${kind}` })).toBeVisible();
  } finally {
    await directorContext.close();
  }
});
