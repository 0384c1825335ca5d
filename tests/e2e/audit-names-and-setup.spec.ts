import type { BrowserContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import type { TestServer } from '../helpers/server';
import { sampleChild } from '../helpers/enrollment-fixtures';
import { expect, test } from './fixtures';
import { smallTargets } from './touch-targets';

/**
 * A director on a 1366×768 laptop (ADR 082): the Audit tab names each row's record and shows a public field's
 * value before and after, searched by a child's name; the Overview's first-run checklist says what is done and
 * what is not, links to where it is done, and stays hidden, on the server, once the director hides it.
 */
test.use({ viewport: { width: 1366, height: 768 } });

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

/** Signs this browser in as a director of its own (each run starts with the checklist not yet hidden). */
async function signInAsNewDirector(server: TestServer, context: BrowserContext): Promise<string> {
  const email = `setup.${unique()}@example.com`;
  const cookie = await server.adminCookie(email, 'director');
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const admin = server.db.select().from(adminUsers).where(eq(adminUsers.email, email)).get()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: admin.id, email: admin.email, name: admin.name }),
  );
  return cookie;
}

test('the Audit tab names the child, shows the program before and after, and finds the rows by the child’s name', async ({
  directorPage: page,
  server,
}) => {
  test.slow(); // two API writes, then the dashboard's load: on a shared two-core machine it can take 25 s
  const cookie = await server.adminCookie();
  const childName = `Mia Audit${unique()}`;
  const created = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    json: { ...sampleChild, childName, parentEmail: `mia.${unique()}@example.com`, program: 'kindergarten' },
    headers: { cookie },
  });
  expect(created.status).toBe(201);
  const child = (await created.json()) as typeof sampleChild & { id: string };
  const updated = await server.request(`/api/admin/enrolled-children/${child.id}`, {
    method: 'PUT',
    json: { ...child, program: 'preschool', notes: 'Private words' },
    headers: { cookie },
  });
  expect(updated.status).toBe(200);

  await page.goto('/admin?tab=audit');
  await page.getByRole('searchbox', { name: 'Child or person' }).fill(childName);
  const rows = page.getByRole('row').filter({ hasText: childName });
  await expect(rows).toHaveCount(2);
  const change = rows.filter({ hasText: 'Program: kindergarten → preschool' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Notes: changed');
  await expect(change).not.toContainText('Private words');
  // The record's name and its History button are 24 px tall at least, as WCAG 2.5.8 asks (History was 16).
  expect(await smallTargets(page, 24, '[role="tabpanel"]')).toEqual([]);
  await expect(
    page
      .getByRole('row')
      .filter({ hasNotText: childName })
      .filter({ has: page.getByRole('cell') }),
  ).toHaveCount(0);
});

test('the first-run checklist says what is left, links to it, and stays hidden once the director hides it', async ({
  page,
  server,
  context,
}) => {
  test.slow(); // as above
  const cookie = await signInAsNewDirector(server, context);
  // A child with no room: that step is not done, whatever else earlier tests set up.
  const created = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    json: { ...sampleChild, childName: `Roomless ${unique()}`, parentEmail: `roomless.${unique()}@example.com` },
    headers: { cookie },
  });
  expect(created.status).toBe(201);

  await page.goto('/admin?tab=overview');
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toBeVisible();
  const rooms = checklist.getByRole('listitem').filter({ hasText: 'Put each child in a room' });
  await expect(rooms).toContainText('Not done');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'E-mail (SMTP)' })).toContainText('Not set');
  // Its 'Go to …' links are 24 px tall at least (they were 20).
  expect(await smallTargets(page, 24, '[role="tabpanel"]')).toEqual([]);
  await rooms.getByRole('link', { name: 'Go to Enrolled' }).click();
  await expect(page).toHaveURL(/tab=children/);

  await page.goto('/admin?tab=overview');
  const [dismissed] = await Promise.all([
    page.waitForResponse((res) => res.url().includes('overview.dismissSetupChecklist')),
    checklist.getByRole('button', { name: 'Hide this list' }).click(),
  ]);
  expect(dismissed.status(), await dismissed.text()).toBe(200);
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'From families' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toBeHidden();
});
