import { enrolledChildren, paymentReceipts } from '../../db/schema';
import { readFileSync } from 'node:fs';
import type { TestServer } from '../helpers/server';
import { pdfText } from '../helpers/pdf';
import { expect, test } from './fixtures';

/** Unique per run, so tests sharing a worker's database never see each other's rows. */
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

function addChild(server: TestServer, childName: string, parentName: string, parentEmail: string) {
  return server.db
    .insert(enrolledChildren)
    .values({ childName, parentName, parentEmail, dateOfBirth: '2022-05-01', program: 'preschool', startDate: '2025-09-01' })
    .returning()
    .get();
}

// Every test here is the director's: each takes the worker's signed-in page (`directorPage`, tests/e2e/fixtures.ts).

test('create a receipt paid by check, e-mail it, and see Email Sent', async ({ directorPage: page, server }) => {
  // The longest flow of the file (form, a refused amount, create, send): on a busy 2-core machine it has
  // come within a few seconds of the default budget, so it gets the slow-test budget.
  test.slow();
  const childName = unique('Ivy Check');
  addChild(server, childName, 'Rosa Check', `${childName.replace(/\W+/g, '.').toLowerCase()}@example.com`);
  await page.goto('/admin?tab=payments');
  await page.getByRole('button', { name: 'New Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Payment Receipt' });

  await dialog.getByRole('button', { name: /Child/ }).click();
  await page.getByRole('option', { name: childName }).click();
  await expect(dialog.getByLabel('Parent Name')).toHaveValue('Rosa Check');
  // The check number appears only for checks, the transaction ID only for cards and transfers.
  await expect(dialog.getByLabel('Check Number')).toHaveCount(0);
  await dialog.getByRole('button', { name: /Payment Method/ }).click();
  await page.getByRole('option', { name: 'Check' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByLabel('Check Number').fill('4417');
  await expect(dialog.getByLabel('Transaction ID')).toHaveCount(0);

  await dialog.getByLabel(/^Amount/).fill('12.345');
  await dialog.getByRole('button', { name: 'Create Receipt' }).click();
  await expect(dialog.getByText('Please enter an amount in dollars and cents, e.g. 125.50')).toBeVisible();
  await dialog.getByLabel(/^Amount/).fill('125.50');
  await dialog.getByLabel('Period Covered').fill('December 2026');
  await dialog.getByRole('button', { name: 'Create Receipt' }).click();
  await expect(page.getByText('Receipt Created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('list', { name: 'Recent payments' }).getByRole('listitem').filter({ hasText: childName });
  await expect(card.getByText('$125.50')).toBeVisible();
  await expect(card.getByText('4417')).toBeVisible();
  await expect(card.getByText('Not Sent')).toBeVisible();
  await card.getByRole('button', { name: /^Send Email for receipt/ }).click();
  await expect(card.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect(card.getByText('Not Sent')).toHaveCount(0);
});

test('generate a year-end tax statement and see the success toast with the total', async ({ directorPage: page, server }) => {
  const parentName = unique('Tess Tax');
  const parentEmail = `${parentName.replace(/\W+/g, '.').toLowerCase()}@example.com`;
  const year = String(new Date().getFullYear());
  const child = addChild(server, unique('Theo Tax'), parentName, parentEmail);
  for (const [amount, day] of [
    ['0.10', '01-02'],
    ['0.20', '01-03'],
    ['1000.05', '01-04'],
  ] as const) {
    server.db
      .insert(paymentReceipts)
      .values({
        childId: child.id,
        childName: child.childName,
        parentName,
        parentEmail,
        paymentType: 'tuition',
        amount,
        paymentMethod: 'cash',
        paymentDate: `${year}-${day}`,
        receiptNumber: unique('E2E').replace(' ', '-'),
      })
      .run();
  }

  await page.goto('/admin?tab=payments');
  await page.getByRole('tab', { name: 'Tax Statements' }).click();
  const generate = page.getByRole('button', { name: 'Generate & Send Year-End Tax Statement' });
  await expect(generate).toBeDisabled();
  await expect(page.getByRole('button', { name: /Tax Year/ })).toContainText(year);
  await page.getByRole('button', { name: /Parent/ }).click();
  await page.getByRole('option', { name: `${parentName} (${parentEmail})` }).click();
  await expect(page.getByText(`includes all payments made in ${year}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^tax-statement-${year}-.+\\.pdf$`));
  expect(await pdfText(readFileSync((await file.path())!))).toContain(`Total paid in ${year} $1,000.35`);

  await generate.click();

  await expect(page.getByText('Tax Statement Sent Successfully!')).toBeVisible();
  await expect(page.getByText(`Year-end tax statement for ${year} sent to the parent. Total: $1000.35`)).toBeVisible();
  // The parent is cleared for the next one; the year stays.
  await expect(page.getByRole('button', { name: /Parent/ })).toContainText('Select a parent');
  await expect(page.getByRole('button', { name: /Tax Year/ })).toContainText(year);
  await expect(generate).toBeDisabled();
});

test('download a receipt as a PDF from its card', async ({ directorPage: page, server }) => {
  const childName = unique('Pia Print');
  const child = addChild(server, childName, 'Paul Print', 'paul.print@example.com');
  const receiptNumber = `PRINT-${Math.random().toString(36).slice(2, 8)}`;
  server.db
    .insert(paymentReceipts)
    .values({
      childId: child.id,
      childName,
      parentName: 'Paul Print',
      parentEmail: 'paul.print@example.com',
      paymentType: 'tuition',
      amount: '125.50',
      paymentMethod: 'check',
      checkNumber: '4417',
      paymentDate: '2026-01-05',
      receiptNumber,
    })
    .run();
  await page.goto('/admin?tab=payments');
  await page.getByRole('tab', { name: 'All Payments' }).click();
  const card = page.getByRole('list', { name: 'All payments' }).getByRole('listitem').filter({ hasText: childName });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: `Download PDF of receipt #${receiptNumber}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const text = await pdfText(readFileSync((await file.path())!));
  expect(text).toContain(childName);
  expect(text).toContain('Check Number 4417');
  expect(text).toContain('$125.50');
});
