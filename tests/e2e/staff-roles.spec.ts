import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { enrolledChildren } from '../../db/schema';
import type { TestServer } from '../helpers/server';
import { SESSION_ENDED_MESSAGE } from '../../src/client/lib/session-ended';
import { expect, test } from './fixtures';

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

/** The set-password link of the newest message to `email`, from the delivered message (without SMTP its outbox row keeps it too). */
async function invitationLink(server: TestServer, email: string): Promise<string> {
  const row = server.db.query.outboxMessages
    .findMany({ where: (o, { eq }) => eq(o.toAddress, email) })
    .sync()
    .at(-1)!;
  const text = (await PostalMime.parse(readFileSync(row.emlFile))).text ?? '';
  const link = new URL(text.match(/https?:\/\/\S+\/admin\/set-password#token=[a-z0-9]+/)![0]);
  return link.pathname + link.hash;
}

test('a director invites a teacher, who sets a password, sees only their tabs and records an activity; the director sees it, audits it and deactivates the teacher', async ({
  directorPage: page,
  visitorPage: teacher,
  server,
}) => {
  // Two people, three sessions and an e-mailed link: a long flow, given the time it takes on a busy machine.
  test.setTimeout(60_000);
  const id = unique();
  const teacherName = `Theo Teacher ${id}`;
  const teacherEmail = `theo.${id}@centre.example`;
  const childName = `Robin Reed ${id}`;
  const title = `Leaf rubbing ${id}`;
  const child = server.db
    .insert(enrolledChildren)
    .values({
      childName,
      parentName: 'Rae Reed',
      parentEmail: `rae.${id}@example.com`,
      dateOfBirth: '2023-03-01',
      program: 'preschool',
      startDate: '2025-09-01',
    })
    .returning()
    .get();
  // An activity the director wrote: the teacher may read it, not change it.
  const directorsTitle = `Sand play ${id}`;
  const made = await server.request('/api/admin/daily-activities', {
    method: 'POST',
    json: { childId: child.id, activityDate: '2026-11-20', category: 'play', title: directorsTitle, description: 'Buckets' },
    headers: { cookie: await server.adminCookie() },
  });
  expect(made.status).toBe(201);

  // The director invites the teacher from the Staff tab.
  await page.goto('/admin?tab=staff');
  // On a 1280 px desktop every one of the director's tabs is on screen: none hides past the list's edge.
  const directorsTabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(directorsTabs).toHaveCount(19);
  for (const tab of await directorsTabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Invite Staff' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Staff' });
  await invite.getByLabel('Name').fill(teacherName);
  await invite.getByLabel('Email').fill(teacherEmail);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  // No SMTP here: the link is shown once to pass on (staff-day.spec.ts copies it).
  await page.getByRole('dialog', { name: 'Invitation Link' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Staff accounts' }).getByText(teacherName)).toBeVisible();
  // A staff record's dialog has one Save Changes button, not a button inside a button; Escape puts focus back on Edit.
  const editRecord = page
    .getByRole('region', { name: 'Staff records' })
    .getByRole('button', { name: /^Edit / })
    .first();
  await editRecord.click();
  const record = page.getByRole('dialog', { name: /^Record of / });
  await expect(record.getByRole('button', { name: 'Save Changes' })).toHaveCount(1);
  await expect(record.locator('button button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(record).toBeHidden();
  await expect(editRecord).toBeFocused();

  // The teacher, in a browser of her own (signed out), opens the e-mailed link, chooses a password and signs in.
  await teacher.goto(await invitationLink(server, teacherEmail));
  await teacher.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  // Too short: the rule's refusal in English words, never its catalogue id.
  await teacher.getByLabel('New password', { exact: true }).fill('short');
  await teacher.getByRole('button', { name: 'Save password' }).click();
  await expect(teacher.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/Password must be at least 12 characters$/);
  const password = `Maple lantern pebble ${id}`;
  await teacher.getByLabel('New password', { exact: true }).fill(password);
  await teacher.getByLabel('Repeat the new password').fill(password);
  await teacher.getByRole('button', { name: 'Save password' }).click();
  await expect(teacher).toHaveURL(/\/admin\/login$/);
  await teacher.getByLabel('Email').fill(teacherEmail);
  await teacher.getByLabel('Password', { exact: true }).fill(password);
  await teacher.getByRole('button', { name: 'Sign In' }).click();
  await expect(teacher.getByText(`Welcome back, ${teacherName}`)).toBeVisible();
  const tabs = teacher.getByRole('tab');
  // Only these tabs (Attendance and Daily sheets); a tab's name may end with its count of new items.
  await expect(tabs).toHaveText([/^Activities/, /^Attendance/, /^Daily sheets/, /^Medication/, /^Incidents/, /^Communication/]);
  // A teacher's dashboard opens on Attendance (her own room first).
  await expect(teacher.getByRole('tab', { name: 'Attendance', selected: true })).toBeVisible();
  await teacher.getByRole('tab', { name: 'Activities' }).click();

  // The teacher records an activity.
  await teacher.getByRole('button', { name: /Select Child/ }).click();
  await teacher.getByRole('option', { name: childName }).click();
  await teacher.getByRole('button', { name: 'Add Daily Activity' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'Add Daily Activity' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Crayons on bark');
  await dialog.getByRole('button', { name: 'Add Activity' }).click();
  await expect(dialog).toBeHidden();
  await expect(teacher.getByRole('list', { name: 'Recent activities' }).getByText(title)).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Edit activity ${title}` })).toBeVisible();
  await expect(teacher.getByRole('list', { name: 'Recent activities' }).getByText(directorsTitle)).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Edit activity ${directorsTitle}` })).toHaveCount(0);

  // The director sees the teacher's name on the activity, and in the Audit tab.
  await page.goto('/admin?tab=activities');
  await page.getByRole('button', { name: /Select Child/ }).click();
  await page.getByRole('option', { name: childName }).click();
  const activity = page.getByRole('list', { name: 'Recent activities' }).getByRole('listitem').filter({ hasText: title });
  await expect(activity.getByText(teacherName)).toBeVisible();
  await page.getByRole('tab', { name: 'Audit' }).click();
  // The log keeps no free text about a child (ADR 064): the row says the activity's kind and names it by its child,
  // read with the page (ADR 082); its title only changed.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: teacherName }) })
    .filter({ hasText: 'Daily activity' });
  await expect(row.first().getByRole('link', { name: childName })).toHaveAttribute('href', /tab=activities/);
  // What was written reads in words, not as the code names it.
  await expect(row.first()).toContainText('Title: changed');
  await expect(page.getByRole('table')).not.toContainText(title);

  // The director deactivates the teacher; the teacher's open dashboard goes to sign-in at its next step.
  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByRole('button', { name: `Deactivate ${teacherName}` }).click();
  await page.getByRole('alertdialog', { name: 'Deactivate Staff' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Staff Updated')).toBeVisible();
  await teacher.getByRole('tab', { name: 'Communication' }).click();
  await expect(teacher).toHaveURL(/\/admin\/login/);
  await expect(teacher.getByText(SESSION_ENDED_MESSAGE)).toBeVisible();
});
