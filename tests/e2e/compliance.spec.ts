import { centreDateOf } from '../../src/shared/centre-time';
import { expect, test } from './fixtures';

/**
 * The Compliance tab (ADR 094), the browser's walk: on a 1024 px tablet the director sees a new child's medical
 * statement missing, files the signed paper form's scan from the child's health record, records the exam, and the
 * row turns OK. The rules, the files' pipeline and every refusal are in tests/integration/health-records.test.ts.
 */
test.use({ viewport: { width: 1024, height: 768 } });
test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('the director sees a missing medical statement, files its scan and the exam, and the row turns OK', async ({
  directorPage: page,
  server,
}) => {
  const today = centreDateOf(new Date());
  const name = `Mila Marsh ${Math.random().toString(36).slice(2, 8)}`;
  const created = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    json: {
      childName: name,
      dateOfBirth: '2022-08-30',
      program: 'kindergarten',
      startDate: today,
      parentName: 'Mara Marsh',
      parentEmail: `marsh.${name.slice(-6)}@example.com`,
      parentPhone: '614-555-0123',
      notes: '',
    },
    headers: { cookie: await server.adminCookie() },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/admin?tab=compliance');
  const row = page.locator(`tr[data-row="${id}:medical-statement"]`);
  await expect(row).toContainText('Medical statement');
  await expect(row).toContainText('Missing');

  await row.getByRole('button', { name: `Edit the health record of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Health record: ${name}` });
  const files = dialog.getByRole('list', { name: 'Files on file' });
  await expect(files.getByRole('listitem').filter({ hasText: 'Medical statement' })).toContainText('No file yet');

  // The signed paper form's scan, through the private-document pipeline.
  await dialog.getByLabel('Scan or photo of the signed form (PDF, JPEG, PNG or HEIC)').setInputFiles({
    name: 'medical-statement.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Upload the scan' }).click();
  await expect(
    files.getByRole('listitem').filter({ hasText: 'Medical statement' }).getByRole('link', { name: 'Open the file' }),
  ).toBeVisible();

  // Someone read it: the exam is recorded, and the statement counts.
  await dialog.getByLabel('Medical exam date').fill(today);
  await dialog.getByRole('textbox', { name: 'Examiner' }).fill('Dr. Rosa Diaz');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('OK');
  await expect(row).not.toContainText('Missing');
});
