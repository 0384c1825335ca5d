import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { enrolledChildren, parentChildRelationships, parentUsers, paymentReceipts } from '../../db/schema';
import { expect, test } from './fixtures';

/** Unique per run, so tests sharing a worker's database never see each other's rows. */
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

// Every test here is the director's: each takes the worker's signed-in page (`directorPage`, tests/e2e/fixtures.ts).
test.beforeEach(() => {
  // The dashboard's first load on a busy 2-core machine takes most of the default budget.
  test.slow();
});

test('the director exports the payments of chosen dates as a CSV from the Payments tab', async ({ directorPage: page, server }) => {
  const childName = unique('Cara Csv');
  server.db
    .insert(paymentReceipts)
    .values({
      childName,
      parentName: 'Núñez, "Pat"',
      parentEmail: 'csv.payer@example.com',
      paymentType: 'tuition',
      amount: '99.00',
      paymentMethod: 'cash',
      paymentDate: '2025-02-14',
      receiptNumber: unique('2025-E2E').replace(' ', '-'),
    })
    .run();
  await page.goto('/admin?tab=payments');
  await page.getByLabel('Export from').fill('2025-02-01');
  await page.getByLabel('Export to').fill('2025-02-28');
  const link = page.getByRole('link', { name: 'Export payments from 2025-02-01 to 2025-02-28 as CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('payments-2025-02-01-to-2025-02-28.csv');
  const rows = parse(readFileSync((await download.path())!).subarray(3)) as string[][];
  const row = rows.find((r) => r.includes(childName))!;
  expect(row).toContain('Núñez, "Pat"');

  // A backwards range offers no link, and says why.
  await page.getByLabel('Export from').fill('2025-03-01');
  await expect(page.getByText('Choose an Export from date on or before the Export to date.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Export payments from/ })).toHaveCount(0);
});

test("on the Enrolled tab the director downloads a child's archive and e-mails the family a link", async ({
  directorPage: page,
  server,
}) => {
  const childName = unique('Arlo Archive');
  const email = `${childName.replace(/\W+/g, '.').toLowerCase()}@example.com`;
  const child = server.db
    .insert(enrolledChildren)
    .values({
      childName,
      parentName: 'Ada Archive',
      parentEmail: email,
      dateOfBirth: '2022-05-01',
      program: 'preschool',
      startDate: '2025-09-01',
    })
    .returning()
    .get();
  const parent = server.db
    .insert(parentUsers)
    .values({ email, firstName: 'Ada', lastName: 'Archive', passwordHash: 'not-used' })
    .returning()
    .get();
  server.db.insert(parentChildRelationships).values({ parentId: parent.id, childId: child.id }).run();

  await page.goto('/admin?tab=children');
  await expect(page.getByRole('link', { name: 'Export all enrolled children as CSV' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${childName}'s archive` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-archive-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('button', { name: `E-mail ${childName}'s archive link to the family` }).click();
  await expect(page.getByText('Archive Link Sent')).toBeVisible();
  await expect(page.getByText(`A link to ${childName}'s archive was e-mailed to ${email}.`, { exact: false })).toBeVisible();
});

test('the Applications tab offers every application as a CSV', async ({ directorPage: page }) => {
  await page.goto('/admin?tab=applications');
  const link = page.getByRole('link', { name: 'Export all applications as CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync((await download.path())!).subarray(3)) as string[][];
  expect(rows[0]![0]).toBe('Application ID');
});
