import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { enrollmentApplications, outboxMessages } from '../../db/schema';
import { validateParentToken } from '../../src/server/auth/session';
import { sampleApplication, sampleChild } from '../helpers/enrollment-fixtures';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { smallTargets } from './touch-targets';

/**
 * Full-page pictures of the screens for a person to look at, taken only when `E2E_SCREENSHOTS=1` is set (nothing
 * asserts on them, and each costs a second or more of a busy machine): outside test-results/, which every
 * Playwright run empties (other runs share this checkout).
 */
const SHOTS = process.env.E2E_SCREENSHOTS === '1' ? join(tmpdir(), 'admin-enrollment-screens') : null;

// Each flow opens several dialogs and tabs of the dashboard: 25-28 s of a 30 s budget under a load of 27-31, and
// past it at 36-50 (then the next test's first load in a new context ran out too). The waits are unchanged.
test.describe.configure({ timeout: 90_000 });

async function submitApplication(server: TestServer, child: { first: string; last: string }, parentEmail: string) {
  const res = await server.request('/api/enrollment', {
    method: 'POST',
    json: { ...sampleApplication, childFirstName: child.first, childLastName: child.last, parentEmail },
  });
  expect(res.status).toBe(201);
}

/** The contrast ratio of an element's text on its own background, at its opacity (WCAG 2's formula). */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    // Any CSS colour (Tailwind's are oklch) to sRGB bytes, through a canvas.
    const rgb = (color: string) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const opacity = Number(style.opacity);
    const back = rgb(style.backgroundColor);
    // The button (its text on its background) faded by its opacity over the white card.
    const fade = (c: number[]) => c.map((v) => v * opacity + 255 * (1 - opacity));
    const [fore, bg] = [fade(rgb(style.color)), fade(back)];
    const lum = (c: number[]) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [a, b] = [lum(fore), lum(bg)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('approve an application with an e-mail, enroll the child, and give the parent a login', async ({ directorPage: page, server }) => {
  await submitApplication(server, { first: 'Ava', last: 'Tester' }, 'ava.parent@example.com');

  await page.goto('/admin?tab=applications');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ava Tester' }) });
  await expect(card).toBeVisible();
  const statusSelect = card.getByRole('button', { name: /Status of Ava Tester's application/ });
  await expect(statusSelect).toContainText('Pending');
  await expect(card.getByText('Preschool Program (19 months - 4 years)')).toBeVisible();
  // Not approved yet: nothing to enroll.
  await expect(card.getByRole('button', { name: 'Add to Enrolled' })).toHaveCount(0);

  // The details dialog shows every field, including the medical ones.
  await card.getByRole('button', { name: "View details of Ava Tester's application" }).click();
  const details = page.getByRole('dialog', { name: 'Application: Ava Tester' });
  await expect(details.getByText('ava.parent@example.com')).toBeVisible();
  await expect(details.getByText('Peanuts')).toBeVisible();
  await expect(details.getByText('Grandparent')).toBeVisible();
  await expect(details.getByText('Google Search')).toBeVisible();
  // Choices read as the form's labels, never as the stored values.
  await expect(details.getByText('Ohio', { exact: true })).toBeVisible();
  await expect(details.getByText('Preschool Program (19 months - 4 years)')).toBeVisible();
  for (const raw of ['grandparent', 'google', 'OH', 'preschool']) await expect(details.getByText(raw, { exact: true })).toHaveCount(0);
  await shot(page, 'application-details');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Approve through the status dropdown, asking for the parent to be e-mailed.
  await card.getByText('Email the parent about this change').click();
  await expect(card.getByRole('checkbox', { name: 'Email the parent about this change' })).toBeChecked();
  await statusSelect.click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await page.getByRole('alertdialog', { name: 'Email the Parent?' }).getByRole('button', { name: 'Change Status and Email' }).click();
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();
  await expect(statusSelect).toContainText('Approved');
  // The confirmation closed while the select was busy: focus comes back to it once it is free, not <body>.
  await expect(statusSelect).toBeFocused();

  // From the keyboard: the button turns into 'Already Enrolled', which cannot take focus; focus goes to the card's
  // heading (it fell to <body>) and the toast says what happened.
  await card.getByRole('button', { name: 'Add to Enrolled' }).focus();
  await page.keyboard.press('Enter');
  const enrolled = card.getByRole('button', { name: 'Already Enrolled' });
  await expect(enrolled).toBeDisabled();
  await expect(page.getByText('Child Enrolled')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Ava Tester' })).toBeFocused();
  // Disabled, and still readable: at least 4.5:1 (it was 3.09:1, a faded button).
  expect(await contrastOf(enrolled)).toBeGreaterThanOrEqual(4.5);
  await expect(card.getByRole('button', { name: 'Add to Enrolled' })).toHaveCount(0);
  await shot(page, 'applications');

  // The child is on the Enrolled tab, with the application's details.
  await page.getByRole('tab', { name: 'Enrolled' }).click();
  const childCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ava Tester' }) });
  await expect(childCard).toBeVisible();
  await expect(childCard.getByText('Active', { exact: true })).toBeVisible();
  await expect(childCard.getByText('ava.parent@example.com')).toBeVisible();
  // The notes carried over from the application name the relationship by its label.
  await childCard.getByRole('button', { name: 'Edit Ava Tester' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Child' });
  await expect(edit.getByLabel('Notes')).toHaveValue(/Emergency contact: Rosa Lopez \(Grandparent\), \(614\) 555-0100/);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await childCard.getByRole('button', { name: 'Parent Login for Ava Tester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Parent Login Credentials' });
  await expect(dialog.getByTestId('credential-email')).toHaveText('ava.parent@example.com');
  const password = (await dialog.getByTestId('credential-password').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  await expect(dialog.getByText('kept in the Outbox')).toBeVisible();
  // Without SMTP the Outbox keeps the e-mail, password included: the dialog says so instead of claiming only a hash is kept.
  await expect(
    dialog.getByText('Only a secure hash is stored for signing in. A copy of the e-mail with this password is in the Outbox.'),
  ).toBeVisible();
  await expect(dialog.getByText('keeps only a secure hash')).toHaveCount(0);
  await shot(page, 'credentials');
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The dialog opened after the request, while its button was busy: focus still goes back to it.
  await expect(childCard.getByRole('button', { name: 'Parent Login for Ava Tester' })).toBeFocused();

  // A second request finds the account: the password stays masked and the dialog says so.
  await childCard.getByRole('button', { name: 'Parent Login for Ava Tester' }).click();
  await expect(dialog.getByText('This parent already has an account and can use the existing password.', { exact: false })).toBeVisible();
  await expect(dialog.getByTestId('credential-password')).toHaveText('••••••••');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(childCard.getByRole('button', { name: 'Parent Login for Ava Tester' })).toBeFocused();

  // The outbox holds both messages; the credentials one shows the password and the login link.
  await page.getByRole('button', { name: 'Outbox' }).click();
  const outbox = page.getByRole('dialog', { name: 'Outbox' });
  await expect(outbox.getByText('No mail server (SMTP) is configured')).toBeVisible();
  await expect(outbox.getByRole('button', { name: /Enrollment application for Ava Tester: Approved/ })).toBeVisible();
  // Not only parents' e-mails: the notice to the centre's own address is here too, and the dialog says so.
  await expect(outbox.getByRole('button', { name: /New enrollment application \(Ava\)/ })).toBeVisible();
  await expect(outbox.getByText("to families, to staff, and the notices to the centre's own address", { exact: false })).toBeVisible();
  await outbox
    .getByRole('button', { name: /Your Parent Portal login/ })
    .first()
    .click();
  const message = outbox.getByRole('article', { name: 'Message' });
  await expect(message).toContainText('To: ava.parent@example.com');
  await expect(message).toContainText(`Password: ${password}`);
  await expect(message).toContainText(`${server.url}/parent-login`);
  await shot(page, 'outbox');
});

test('a status change that e-mails the family asks first, and the e-mail tick never carries over to the next change', async ({
  directorPage: page,
  server,
}) => {
  const last = `Tick${Math.random().toString(36).slice(2, 8)}`;
  const email = `${last.toLowerCase()}@example.com`;
  await submitApplication(server, { first: 'Leo', last }, email);
  // The family's confirmation of the application itself is not a status e-mail: counted from after it.
  const confirmations = server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().length;
  expect(confirmations).toBe(1);
  const sentTo = () => server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().length - confirmations;
  const statusOf = () => server.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, email)).get()?.status;

  await page.goto('/admin?tab=applications');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Leo ${last}` }) });
  const statusSelect = card.getByRole('button', { name: new RegExp(`Status of Leo ${last}'s application`) });
  const tick = card.getByRole('checkbox', { name: 'Email the parent about this change' });
  await expect(statusSelect).toContainText('Pending');
  await expect(tick).not.toBeChecked();

  // Ticked: choosing a status asks first, naming the family and the new status. Cancel changes nothing.
  await card.getByText('Email the parent about this change').click();
  await expect(tick).toBeChecked();
  await statusSelect.click();
  await page.getByRole('option', { name: 'Waitlist' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Email the Parent?' });
  await expect(confirm).toContainText(
    `Leo ${last}'s application will be marked Waitlist, and Maria Lopez will be e-mailed about it at ${email}.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(statusSelect).toContainText('Pending');
  expect(statusOf()).toBe('pending');
  expect(sentTo()).toBe(0);

  // Confirmed: the status changes, the family is e-mailed once, and the tick is cleared.
  await statusSelect.click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await expect(confirm).toContainText('will be marked Approved');
  await confirm.getByRole('button', { name: 'Change Status and Email' }).click();
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();
  await expect(statusSelect).toContainText('Approved');
  await expect(tick).not.toBeChecked();
  expect(sentTo()).toBe(1);

  // The next change, with the tick left alone, e-mails nobody and needs no confirmation. From the keyboard: the
  // select is disabled while the change is sent, and focus comes back to it after (it fell to <body>).
  await statusSelect.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Waitlist' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status Updated')).toBeVisible();
  await expect(statusSelect).toContainText('Waitlist');
  await expect(statusSelect).toBeFocused();
  await expect(confirm).toHaveCount(0);
  expect(statusOf()).toBe('waitlist');
  expect(sentTo()).toBe(1);
});

test('reset the password of a parent who never got it: confirm, sign them out, show and e-mail the new one', async ({
  directorPage: page,
  server,
}) => {
  const email = `reset.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const admin = { cookie: await server.adminCookie() };
  const added = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    json: { ...sampleChild, childName: 'Rosa Reset', parentEmail: email },
    headers: admin,
  });
  const child = (await added.json()) as { id: string };
  const first = (await (
    await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: admin })
  ).json()) as { credentials: { password: string } };
  const { token } = await server.parentToken(email);

  await page.goto('/admin?tab=children');
  const childCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rosa Reset' }) });
  await childCard.getByRole('button', { name: 'Parent Login for Rosa Reset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Parent Login Credentials' });
  await expect(dialog.getByTestId('credential-password')).toHaveText('••••••••');
  await shot(page, 'credentials-existing');

  // Cancelling the confirmation changes nothing.
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset Parent Password' });
  await expect(confirm.getByText('This signs the parent out everywhere and e-mails a new password.')).toBeVisible();
  await shot(page, 'credentials-reset-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByTestId('credential-password')).toHaveText('••••••••');
  expect(validateParentToken(server.db, server.clock, token)).not.toBeNull();

  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await confirm.getByRole('button', { name: 'Reset Password' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByTestId('credential-email')).toHaveText(email);
  await expect(dialog.getByTestId('credential-password')).toHaveText(/^[A-Za-z0-9]{16}$/);
  const password = (await dialog.getByTestId('credential-password').textContent())!.trim();
  expect(password).not.toBe(first.credentials.password);
  await expect(dialog.getByText('was reset and the parent was signed out everywhere')).toBeVisible();
  await expect(dialog.getByText('A copy of the e-mail with this password is in the Outbox.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await shot(page, 'credentials-reset');
  expect(validateParentToken(server.db, server.clock, token)).toBeNull();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The new password went out by e-mail (kept in the Outbox here).
  await page.getByRole('button', { name: 'Outbox' }).click();
  const outbox = page.getByRole('dialog', { name: 'Outbox' });
  await outbox
    .getByRole('button', { name: /Your Parent Portal login/ })
    .first()
    .click();
  const message = outbox.getByRole('article', { name: 'Message' });
  await expect(message).toContainText(`To: ${email}`);
  await expect(message).toContainText(`Password: ${password}`);
  await expect(message).toContainText('Your Parent Portal password has been reset.');
});

test('add, edit, deactivate and remove an enrolled child', async ({ directorPage: page }) => {
  await page.goto('/admin?tab=children');

  await page.getByRole('button', { name: 'Add Child' }).click();
  const form = page.getByRole('dialog', { name: 'Add Child' });
  await form.getByRole('button', { name: 'Add Child' }).click();
  for (const message of [
    "Child's name is required",
    'Date of birth is required',
    'Start date is required',
    'Parent name is required',
    'Email is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel("Child's Name")).toBeFocused();
  await shot(page, 'child-form-errors');
  await form.getByLabel("Child's Name").fill('Milo Brooks');
  await form.getByLabel('Date of Birth').fill('2023-05-06');
  await form.getByLabel('Start Date').fill('2026-12-01');
  await form.getByLabel('Parent Name').fill('Dana Brooks');
  await form.getByLabel('Parent Email').fill('dana.brooks');
  await form.getByRole('button', { name: 'Add Child' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Parent Email').fill('dana.brooks@example.com');
  await form.getByRole('button', { name: 'Add Child' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Milo Brooks' }) });
  await expect(card.getByText('Preschool Program (19 months - 4 years)')).toBeVisible();

  await card.getByRole('button', { name: 'Edit Milo Brooks' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Child' });
  // The 'Child Added' toast (5 s) is still on screen: it must not cover the dialog's buttons, or the click on
  // Save Changes lands on the toast (it did, in the bottom-right corner of a 1280 px desktop).
  // (Read at once, without waiting: on a slow run the toast may already be gone, and then nothing covers anything.)
  const toastBox = await page.evaluate(() => {
    const toast = [...document.querySelectorAll('[role="alertdialog"]')].find((el) => el.textContent?.includes('Child Added'));
    if (!toast) return null;
    const { x, y, width, height } = toast.getBoundingClientRect();
    return { x, y, width, height };
  });
  for (const name of ['Save Changes', 'Cancel']) {
    const button = (await edit.getByRole('button', { name }).boundingBox())!;
    const covered =
      toastBox !== null &&
      toastBox.x < button.x + button.width &&
      button.x < toastBox.x + toastBox.width &&
      toastBox.y < button.y + button.height &&
      button.y < toastBox.y + toastBox.height;
    expect(covered, `the toast ${JSON.stringify(toastBox)} covers ${name} ${JSON.stringify(button)}`).toBe(false);
  }
  await edit.getByLabel('Parent Phone').fill('614-555-0177');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  // Typed 614-555-0177, shown as the centre writes a phone (ADR 073).
  await expect(card.getByText('(614) 555-0177')).toBeVisible();
  // The parent's e-mail and phone links are 24 px tall at least, as WCAG 2.5.8 asks (they were 16).
  expect(await smallTargets(page, 24, '[role="tabpanel"]')).toEqual([]);

  await card.getByRole('button', { name: 'Deactivate Milo Brooks' }).click();
  await expect(page.getByText('Milo Brooks is now inactive.')).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Parent Login for Milo Brooks' })).toBeDisabled();

  // The active filter hides inactive children.
  await page.getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Remove Milo Brooks' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Child' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(card).toHaveCount(0);
});

test('the enrollment tabs fit a 375 px phone', async ({ directorPage: page, server }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await submitApplication(server, { first: 'Ivy', last: 'Narrow' }, 'ivy.parent@example.com');
  await page.goto('/admin?tab=applications');
  await expect(page.getByRole('heading', { name: 'Ivy Narrow' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await shot(page, 'applications');

  await page.getByRole('tab', { name: 'Enrolled' }).click();
  await expect(page.getByRole('heading', { name: 'Enrolled Children' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Child' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Child' })).toBeVisible();
  await shot(page, 'child-form');
  await page.keyboard.press('Escape');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await shot(page, 'children');

  await page.getByRole('button', { name: 'Outbox' }).click();
  await expect(page.getByRole('dialog', { name: 'Outbox' })).toBeVisible();
  await shot(page, 'outbox');
});
