import { centreDateOf } from '../../src/shared/centre-time';
import { portalEn } from '../../src/shared/i18n/portal-en';
import { expect, test } from './fixtures';
import { smallTargets } from './touch-targets';
import { parentFamily, signIn } from './parent-family';

/**
 * The Compliance tab (ADR 094), the browser's walk: on a 1024 px tablet the director sees a new child's medical
 * statement missing, files the signed paper form's scan from the child's health record, records the exam, and the
 * row turns OK; a family opens the yearly review in the portal, sees the part the last review changed marked, and
 * confirms the record. The rules, the files' pipeline and every refusal are in tests/integration/health-records.test.ts.
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
  // Its text links (the emergency sheet) are 24 px tall at least, as WCAG 2.5.8 asks.
  expect(await smallTargets(page, 24, '[role="tabpanel"]')).toEqual([]);

  await row.getByRole('button', { name: `Edit the health record of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Health record: ${name}` });
  const files = dialog.getByRole('list', { name: 'Files on file' });
  await expect(files.getByRole('listitem').filter({ hasText: 'Medical statement' })).toContainText('No file yet');
  // The scan's file input too (it was the browser's own, 20 px tall).
  expect(await smallTargets(page, 24, '[role="dialog"]')).toEqual([]);

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

test('a family opens the yearly review, sees the part the last review changed marked, and confirms the record', async ({
  page,
  server,
}) => {
  const fam = await parentFamily(server, 'review');
  // Last year's review, through the API: the family changed the allergies, the director countersigned it.
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const signed = await server.request(`/api/parent/children/${fam.child.id}/annual-review`, {
    method: 'POST',
    json: { signature: fam.child.parentName, changes: [{ section: 'allergies', note: 'Peanuts since March' }] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(signed.status).toBe(201);
  const { id } = (await signed.json()) as { id: string };
  expect((await server.request(`/api/admin/annual-reviews/${id}/countersign`, { method: 'POST', headers: fam.admin })).status).toBe(200);

  await signIn(page, fam.email, fam.password);
  await page.getByRole('tab', { name: portalEn['portal.tab.health'] }).click();
  await expect(page.getByRole('heading', { name: portalEn['portal.records.review'] })).toBeVisible();
  const marked = page.getByRole('definition').filter({ hasText: portalEn['portal.records.changedMark'] });
  await expect(marked).toHaveCount(1);
  await expect(page.locator('dt:has(+ dd[data-changed])')).toHaveText(portalEn['portal.records.allergies']);
  await expect(page.getByRole('group', { name: /^What changed at the review signed/ })).toContainText('Allergies: Peanuts since March');
  // The signed form's upload, a parent's control: 44 px tall, as every one a parent taps (it was 24).
  expect(await smallTargets(page, 44, 'form:has(input[type="file"])')).toEqual([]);

  await page.getByRole('textbox', { name: portalEn['portal.records.signature'] }).fill(fam.child.parentName);
  await page.getByRole('button', { name: portalEn['portal.records.confirm'] }).click();
  await expect(page.getByText(portalEn['portal.records.reviewSigned'])).toBeVisible();
  await expect(page.getByText(portalEn['portal.records.awaiting'])).toBeVisible();
});
