import type { Locator } from '@playwright/test';
import { eq, isNull } from 'drizzle-orm';
import { communicationMessages, documentRequests, enrolledChildren, milestones, parentChildRelationships } from '../../db/schema';
import { sampleApplication } from '../helpers/enrollment-fixtures';
import { parentFamily, signIn } from './parent-family';
import { expect, pageReady, test } from './fixtures';

/**
 * What a director on a 1366x768 desktop and a parent on a 375x812 phone hit. Back and Forward move
 * between the staff tabs, a chosen tab's content comes into view on a phone, toasts keep clear of the control
 * just used and of the header, dialog buttons stay visible, and the phone header keeps one row.
 */
test.describe.configure({ timeout: 90_000 });

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
/** What a browser window shows of a 1366x768 screen, below its tabs and address bar. */
const DESKTOP_WINDOW = { width: 1366, height: 657 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('a director on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('signs in, opens Payments then Enrolled: Back returns to Payments, not to the sign-in form; Forward and reload keep the tab', async ({
    visitorPage: page,
    server,
  }) => {
    await server.adminCookie(); // makes the director's account (director@example.com / director-pass-1)
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('director@example.com');
    await page.getByLabel('Password', { exact: true }).fill('director-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    await page.getByRole('tab', { name: 'Payments', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=payments$/);
    await page.getByRole('tab', { name: 'Enrolled', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=children$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\?tab=payments$/);
    await expect(page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('tab', { name: 'Overview', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Payments', exact: true })).toHaveAttribute('aria-selected', 'true');

    // Signed in, the sign-in page sends the director to the dashboard.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });

  test('Edit Child keeps its Save button on screen, and the toast after saving covers neither the Edit nor the Delete button', async ({
    directorPage: page,
    server,
  }) => {
    await page.setViewportSize(DESKTOP_WINDOW);
    const { child } = await parentFamily(server, 'footer');
    await page.goto('/admin?tab=children');
    const row = page.getByRole('listitem').filter({ hasText: child.childName });
    await row.getByRole('button', { name: new RegExp(`^Edit ${child.childName}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Child' });
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeInViewport({ ratio: 1 });
    await save.click();
    const toast = page.getByRole('alertdialog').filter({ hasText: 'Child Updated' });
    await expect(toast).toBeVisible();
    for (const control of [
      row.getByRole('button', { name: new RegExp(`^Edit ${child.childName}`) }),
      row.getByRole('button', { name: /^Remove|^Delete/ }).first(),
    ]) {
      expect(overlaps(await box(toast), await box(control))).toBe(false);
    }
  });

  test("a status change's toast keeps clear of the status picker just used and of the card's View Details and Delete, low on the screen", async ({
    directorPage: page,
    server,
  }) => {
    const child = `Tia ${Math.random().toString(36).slice(2, 8)}`;
    const res = await server.request('/api/enrollment', {
      method: 'POST',
      json: { ...sampleApplication, childFirstName: child.split(' ')[0], childLastName: child.split(' ')[1] },
    });
    expect(res.status).toBe(201);
    // Four newer applications above it, so its card is in the left column and can be scrolled to the bottom of the window.
    for (let i = 0; i < 4; i++)
      expect((await server.request('/api/enrollment', { method: 'POST', json: sampleApplication })).status).toBe(201);
    await page.goto('/admin?tab=applications');
    const view = page.getByRole('button', { name: `View details of ${child}'s application` });
    const remove = page.getByRole('button', { name: `Delete ${child}'s application` });
    // The card's status picker at the bottom of the window, as when the director scrolls down the list.
    const status = page.getByRole('button', { name: new RegExp(`Status of ${child}'s application`) });
    await status.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await status.click();
    await page.getByRole('option', { name: 'Approved' }).click();
    const toast = page.getByRole('alertdialog').filter({ hasText: 'Status Updated' });
    await expect(toast).toBeVisible();
    for (const control of [status, view, remove]) expect(overlaps(await box(toast), await box(control))).toBe(false);
  });

  test('the Communication and Applications tabs show what families did that staff have not seen', async ({
    directorPage: page,
    server,
  }) => {
    const fam = await parentFamily(server, 'badges');
    const { token } = (await (
      await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } })
    ).json()) as { token: string };
    expect(
      (
        await server.request('/api/parent/communications', {
          method: 'POST',
          json: { subject: 'Pick-up time', content: 'We will be late' },
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(201);
    await page.goto('/admin');
    const attention = (await (
      await server.request('/api/trpc/overview.attention', { headers: { cookie: await server.adminCookie() } })
    ).json()) as { result: { data: { json: { unreadMessages: number; newUploads: number } } } };
    const { unreadMessages, newUploads } = attention.result.data.json;
    await expect(page.getByRole('tab', { name: `Communication (${unreadMessages + newUploads} new)` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Unread messages: ${unreadMessages}` })).toBeVisible();
  });

  test("Record Milestone lists milestones youngest first with the product's age labels, never the raw codes; a parent's child picker names programs", async ({
    directorPage: page,
    parentPage: parent,
    server,
  }) => {
    const { t, child, email, password } = await parentFamily(server, 'labels');
    // Inserted oldest band first, so the picker's order is its own.
    for (const [ageRange, name] of [
      ['4-5years', `Zip ${t} writes name`],
      ['0-6months', `Zip ${t} holds head`],
      ['1-2years', `Zip ${t} first words`],
      ['6-12months', `Zip ${t} crawls`],
    ] as const)
      server.db
        .insert(milestones)
        .values({ name, ageRange, description: 'A step', category: 'physical', badgeIcon: 'star', badgeColor: 'blue' })
        .run();
    await page.goto('/admin?tab=activities');
    await page.getByRole('button', { name: 'Select Child' }).click();
    await page.getByRole('option', { name: child.childName }).click();
    await page.getByRole('button', { name: 'Record Milestone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Milestone' });
    await dialog.getByRole('button', { name: /Milestone$/, expanded: false }).click();
    await expect(page.getByRole('option').filter({ hasText: `Zip ${t}` })).toHaveText([
      `Zip ${t} holds head (0-6 months)`,
      `Zip ${t} crawls (6-12 months)`,
      `Zip ${t} first words (1-2 years)`,
      `Zip ${t} writes name (4-5 years)`,
    ]);
    await expect(page.getByRole('listbox')).not.toContainText(/\(\d+-\d+(months|years)\)/);

    // A parent of two children picks one by name and program, as docs/product.md writes programs (a browser of their own).
    const sibling = server.db
      .insert(enrolledChildren)
      .values({
        childName: `Theo ${t}`,
        parentName: child.parentName,
        parentEmail: email,
        dateOfBirth: '2025-06-01',
        startDate: '2025-09-01',
        program: 'infant',
      })
      .returning()
      .get();
    const parentId = server.db.query.parentUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!.id;
    server.db.insert(parentChildRelationships).values({ parentId, childId: sibling.id }).run();
    await signIn(parent, email, password);
    // The dashboard is drawn by the server: the picker opens once the app has taken the page over.
    await pageReady(parent);
    await parent.getByRole('button', { name: /Select Child/ }).click();
    await expect(parent.getByRole('option', { name: `${child.childName} (Preschool Program)` })).toBeVisible();
    await expect(parent.getByRole('option', { name: `Theo ${t} (Infant Program)` })).toBeVisible();
    await expect(parent.getByRole('listbox')).not.toContainText(/\((preschool|infant)\)/);
  });

  test('Add Daily Activity keeps its buttons on screen; a weekly report ending before its start or with nothing to report, a new classroom, and a wrong current password, are refused at their fields', async ({
    directorPage: page,
    server,
  }) => {
    const { child } = await parentFamily(server, 'fielderr');
    await page.setViewportSize(DESKTOP_WINDOW);
    await page.goto('/admin?tab=activities');
    await page.getByRole('button', { name: 'Select Child' }).click();
    await page.getByRole('option', { name: child.childName }).click();
    await test.step('Add Daily Activity keeps its buttons on screen', async () => {
      await page.getByRole('button', { name: 'Add Daily Activity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Daily Activity' });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      await expect(dialog.locator('button[type="submit"]')).toBeInViewport({ ratio: 1 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Send Weekly Report' }).click();
    const report = page.getByRole('dialog', { name: 'Send Weekly Report' });
    await report.getByLabel('Week start').fill('2026-03-09');
    await report.getByLabel('Week end').fill('2026-03-02');
    await report.getByRole('button', { name: 'Send Report' }).click();
    const weekEnd = report.getByLabel('Week end');
    await expect(weekEnd).toHaveAttribute('aria-invalid', 'true');
    await expect(weekEnd).toHaveAccessibleDescription(/The end date must not be before the start date/);
    await expect(report.getByLabel('Week start')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // A week with nothing in it is refused by the server, at the week's start, and nothing is sent.
    await report.getByLabel('Week end').fill('2026-03-14');
    await report.getByRole('button', { name: 'Send Report' }).click();
    const weekStart = report.getByLabel('Week start');
    await expect(weekStart).toHaveAttribute('aria-invalid', 'true');
    await expect(weekStart).toHaveAccessibleDescription(/There are no activities or notes to report for this week\./);
    await expect(weekStart).toBeFocused();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await report.getByRole('button', { name: 'Cancel' }).click();
    await expect(report).toHaveCount(0);

    // New Classroom: the shared schema's message at its field, and so is the server's own refusal of a field (the
    // request is changed on its way, as a form the page failed to check would send it).
    await page.getByRole('tab', { name: 'Classrooms' }).click();
    await page.getByRole('button', { name: 'New Classroom' }).click();
    const room = page.getByRole('dialog', { name: 'New Classroom' });
    await room.getByLabel('Room name').fill(`Acorn Room ${Date.now()}`);
    const capacity = room.getByLabel('Capacity');
    await capacity.fill('lots');
    await room.getByRole('button', { name: 'Create Classroom' }).click();
    await expect(capacity).toHaveAttribute('aria-invalid', 'true');
    await expect(capacity).toHaveAccessibleDescription(/Capacity must be a whole number/);
    await expect(capacity).toBeFocused();
    await capacity.fill('12');
    await page.route('**/api/trpc/classrooms.create**', (route) =>
      route.continue({ postData: route.request().postData()!.replace('"capacity":12', '"capacity":500') }),
    );
    await room.getByRole('button', { name: 'Create Classroom' }).click();
    await expect(capacity).toHaveAttribute('aria-invalid', 'true');
    await expect(capacity).toHaveAccessibleDescription(/Capacity must be at most 200/);
    await expect(capacity).toBeFocused();
    await expect(room.getByLabel('Room name')).not.toHaveAttribute('aria-invalid', 'true');
    await room.getByRole('button', { name: 'Cancel' }).click();
    await expect(room).toHaveCount(0);

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill('not-my-password-1');
    await dialog.getByLabel('New password').fill('a-brand-new-passphrase-42');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    const current = dialog.getByLabel('Current password');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(/The current password is not correct/);
    await expect(dialog.getByLabel('New password')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test("a parent's uploaded document counts as new on the Communication tab until staff have it on screen", async ({
    directorPage: page,
    server,
  }) => {
    // Earlier tests on this server leave messages and uploads staff have not seen, and the Messages sub-tab marks
    // those on screen read as the page opens: start from none, so the count is this test's own.
    server.db.update(communicationMessages).set({ isRead: true }).where(eq(communicationMessages.recipientType, 'admin')).run();
    server.db.update(documentRequests).set({ responseSeenAt: new Date() }).where(isNull(documentRequests.responseSeenAt)).run();
    const fam = await parentFamily(server, 'upload');
    const title = `Immunization record ${fam.t}`;
    const created = await server.request('/api/admin/document-requests', {
      method: 'POST',
      headers: fam.admin,
      json: { childId: fam.child.id, documentType: 'immunization', title, description: 'From your pediatrician.' },
    });
    expect(created.status).toBe(201);
    const { token } = (await (
      await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } })
    ).json()) as { token: string };
    const parent = { authorization: `Bearer ${token}` };
    const list = (await (await server.request('/api/parent/document-requests', { headers: parent })).json()) as {
      id: string;
      title: string;
    }[];
    const request = list.find((r) => r.title === title)!;
    const { uploadURL } = (await (await server.request('/api/objects/upload', { method: 'POST', headers: parent })).json()) as {
      uploadURL: string;
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await server.request(uploadURL, { method: 'PUT', body: pdf, headers: parent })).status).toBe(201);
    const respond = await server.request(`/api/parent/document-requests/${request.id}/respond`, {
      method: 'POST',
      json: { documentUrl: uploadURL, documentName: 'immunizations.pdf', message: `Here you go ${fam.t}` },
      headers: parent,
    });
    expect(respond.status).toBe(200);

    const attention = (await (await server.request('/api/trpc/overview.attention', { headers: fam.admin })).json()) as {
      result: { data: { json: { unreadMessages: number; newUploads: number } } };
    };
    const { unreadMessages, newUploads } = attention.result.data.json;
    expect(newUploads).toBeGreaterThanOrEqual(1);
    await page.goto('/admin?tab=communication');
    const tab = page.getByRole('tab', { name: /^Communication/ });
    // On the Messages sub-tab the answer is not on screen yet, so it still counts.
    await expect(tab).toHaveAccessibleName(`Communication (${unreadMessages + newUploads} new)`);
    await page.getByRole('tab', { name: /Document Requests/ }).click();
    const item = page
      .getByRole('list', { name: 'Document requests' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await item.getByText(`Here you go ${fam.t}`).scrollIntoViewIfNeeded();
    const left = unreadMessages + newUploads - 1;
    await expect(tab).toHaveAccessibleName(left > 0 ? `Communication (${left} new)` : 'Communication');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  // One phone for the header and the toast: both are on the sign-in page a visitor opens.
  test("the header is one row, with the centre's name in full beside its buttons; a toast covers neither the header nor the button just used", async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await test.step('a toast covers neither the header nor the button just used', async () => {
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      const signInButton = page.getByRole('button', { name: 'Sign In' });
      await signInButton.tap();
      const toast = page.getByRole('alertdialog').filter({ hasText: 'Login Failed' });
      await expect(toast).toBeVisible();
      expect(overlaps(await box(toast), await box(page.getByRole('banner')))).toBe(false);
      expect(overlaps(await box(toast), await box(signInButton))).toBe(false);
    });
    const header = page.getByRole('banner');
    expect((await box(header)).height).toBeLessThanOrEqual(72);
    await expect(header.getByRole('link', { name: 'Little Buckeyes Learning Center' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Menu' })).toBeVisible();
    // The pages with Back to Home (and the language switch) leave the name the least room: still one row, and the
    // short name reads in full, neither cut ('L…') nor under the buttons.
    for (const path of ['/admin/login', '/events', '/es/events', '/es/enrollment']) {
      await page.goto(path);
      expect((await box(header)).height).toBeLessThanOrEqual(72);
      const name = await header.getByRole('link', { name: 'Little Buckeyes Learning Center' }).evaluate((link) => {
        const shown = [...link.querySelectorAll('span')].find((s) => getComputedStyle(s).position !== 'absolute')!;
        const words = document.createRange();
        words.selectNodeContents(shown);
        return {
          text: shown.textContent,
          cut: shown.scrollWidth > shown.clientWidth || getComputedStyle(shown).textOverflow === 'ellipsis',
          right: words.getBoundingClientRect().right,
          // On at most two lines, each word whole ('Buckeye' / 's' would be three).
          lines: new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size,
          // What follows the name in the row and is on screen (the desktop's links are hidden on a phone).
          buttonsLeft: Math.min(
            ...[...link.parentElement!.children]
              .slice(1)
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 0)
              .map((r) => r.left),
          ),
        };
      });
      expect(name.text).toBe('Little Buckeyes');
      expect(name.cut).toBe(false);
      expect(name.lines).toBeLessThanOrEqual(2);
      expect(name.right).toBeLessThanOrEqual(name.buttonsLeft);
    }
  });

  test("a parent's chosen tab shows its content on screen", async ({ page, server }) => {
    const fam = await parentFamily(server, 'reveal');
    await signIn(page, fam.email, fam.password);
    const panelTop = () =>
      page
        .getByRole('tabpanel')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
    for (const [name, address] of [
      ['Communication', /tab=communication/],
      ['Milestones', /tab=milestones/],
    ] as const) {
      // The tabs just come into view at the bottom of the screen, as a parent scrolls to them, then one is tapped.
      await page.getByRole('tablist', { name: "Your child's journey" }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.getByRole('tab', { name }).tap();
      await expect(page).toHaveURL(address);
      await expect.poll(panelTop).toBeLessThan(PHONE.height / 2);
    }
  });
});
