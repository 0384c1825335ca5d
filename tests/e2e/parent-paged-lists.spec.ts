import { communicationMessages, paymentReceipts } from '../../db/schema';
import type { TestServer } from '../helpers/server';
import { axeScan } from './axe';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * A family with years of messages and receipts, on a phone: the Communication and Payments tabs show the
 * first page and a 'Load more' button for the next (ADR 014), while the unread badge and the statement's
 * figures count every row, also those not loaded yet.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 60_000 });

const family = (server: TestServer) => parentFamily(server, 'paged');

test('the Communication tab loads a second page of messages on a phone; the unread badge counts the unloaded ones', async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  // 25 messages from the centre, one a day; the five oldest (on the second page) are unread.
  const day = 24 * 60 * 60 * 1000;
  const start = Date.now() - 30 * day;
  server.db
    .insert(communicationMessages)
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        senderType: 'admin',
        senderId: 'staff',
        senderName: 'The Office',
        recipientType: 'parent',
        recipientId: fam.email,
        recipientName: fam.child.parentName,
        childId: fam.child.id,
        childName: fam.child.childName,
        subject: `Daily note ${fam.t} ${String(i + 1).padStart(2, '0')}`,
        content: 'A good day.',
        isRead: i >= 5,
        createdAt: new Date(start + i * day),
        updatedAt: new Date(start + i * day),
      })),
    )
    .run();

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Communication', exact: true }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('heading', { name: `Daily note ${fam.t} 25` })).toBeVisible();
  await expect(messages.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('tab', { name: /^Messages/ })).toContainText('5 unread');
  await expect(messages.getByRole('heading', { name: `Daily note ${fam.t} 01` })).toHaveCount(0);

  const more = page.getByRole('button', { name: 'Load more messages' });
  const box = await more.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  const axe = await axeScan(page);
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await more.click();
  await expect(messages.getByRole('listitem')).toHaveCount(25);
  const oldest = messages.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Daily note ${fam.t} 01` }) });
  await expect(oldest.getByText('New', { exact: true })).toBeVisible();
  await expect(more).toBeHidden();
  // The keyboard's place is not lost to the top of the page: the line that replaced the button has it.
  await expect(page.getByText('That is everything.')).toBeFocused();

  // Marking a message of the second page read keeps both pages and lowers the badge.
  await oldest.getByRole('button', { name: `Mark as Read: Daily note ${fam.t} 01` }).click();
  await expect(page.getByRole('tab', { name: /^Messages/ })).toContainText('4 unread');
  await expect(oldest.getByText('New', { exact: true })).toBeHidden();
  // The button went: focus is on Reply beside it, and the change was read out, not lost to <body>.
  await expect(oldest.getByRole('button', { name: `Reply to Daily note ${fam.t} 01` })).toBeFocused();
  await expect(oldest.getByRole('status')).toHaveText('Marked as read');
  await expect(messages.getByRole('listitem')).toHaveCount(25);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the Payments tab loads a second page of receipts on a phone; the statement counts every payment', async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  const year = new Date().getFullYear();
  server.db
    .insert(paymentReceipts)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        childId: fam.child.id,
        childName: fam.child.childName,
        parentName: fam.child.parentName,
        parentEmail: fam.email,
        paymentType: 'tuition',
        amount: '10.00',
        paymentMethod: 'cash',
        paymentDate: `${year}-01-${String(i + 1).padStart(2, '0')}`,
        receiptNumber: `P${fam.t}-${String(i + 1).padStart(3, '0')}`,
      })),
    )
    .run();

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: 'Payments', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Year-End Tax Statements' }).getByText('23 payments · $230.00')).toBeVisible();
  const receipts = page.getByRole('list', { name: 'Payment Receipts' });
  await expect(receipts.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more receipts' }).click();
  await expect(receipts.getByRole('listitem')).toHaveCount(23);
  await expect(receipts.getByText(`Receipt #P${fam.t}-001`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more receipts' })).toBeHidden();
  await expect(page.getByText('That is everything.')).toBeFocused();
});
