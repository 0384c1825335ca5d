import { portalEs } from '../../src/shared/i18n/portal-es';
import { staffTabsEn } from '../../src/shared/i18n/staff-tabs-en';
import { insertInvoice } from '../helpers/billing';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * The family's billing in the portal (ADR 101), on a 375 px phone in Spanish: the invoice, its PDF link and the
 * balance; then the director records a check, the parent's balance drops, and the director's Billing tab shows the
 * invoice still open with what is left to pay. Every rule (oldest first, credits, aging, refusals) is tested in
 * tests/integration/billing-payments.test.ts.
 */
// A walk of two people on two screens: the 90 s budget of the other multi-step walks (60 s ran out on a busy machine).
test.describe.configure({ timeout: 90_000 });

test('a parent on a phone sees the invoice and balance in Spanish; a check recorded by the director lowers it', async ({
  browser,
  server,
  directorPage: director,
}) => {
  const fam = await parentFamily(server, 'factura');
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const saved = await server.request('/api/parent/preferences', {
    method: 'PATCH',
    json: { language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status).toBe(200);
  const invoiceId = insertInvoice(server.db, {
    familyEmail: fam.email,
    familyName: fam.child.parentName,
    month: '2026-11',
    totalCents: 30000,
    childId: fam.child.id,
  });

  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, fam.email, fam.password, portalEs['portal.heading'].replace('{child}', fam.child.childName));
  await page.getByRole('tab', { name: portalEs['portal.tab.payments'] }).tap();

  const balance = page.getByTestId('family-balance');
  await expect(balance).toHaveText(/300[.,]00/);
  const invoices = page.getByRole('list', { name: portalEs['portal.billing.invoices'] });
  await expect(invoices.getByText(/^Factura INV-/)).toBeVisible();
  await expect(invoices.getByText(/Pendiente/)).toBeVisible();
  const pdf = invoices.getByRole('link', { name: /^Descargar la factura INV-.* \(PDF\)$/ });
  await expect(pdf).toHaveAttribute('href', `/api/parent/invoices/${invoiceId}/invoice.pdf`);
  // Readable at 375 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The director records a check of 250.00 for the family.
  const receipt = await server.request('/api/admin/payment-receipts', {
    method: 'POST',
    headers: fam.admin,
    json: {
      childId: fam.child.id,
      parentName: fam.child.parentName,
      parentEmail: fam.email,
      paymentType: 'tuition',
      amount: '250.00',
      paymentMethod: 'check',
      checkNumber: '2041',
      paymentDate: '2026-11-21',
    },
  });
  expect(receipt.status).toBe(201);

  await page.reload();
  await page.getByRole('tab', { name: portalEs['portal.tab.payments'] }).tap();
  await expect(balance).toHaveText(/50[.,]00/);
  await expect(page.getByRole('list', { name: portalEs['portal.billing.payments'] }).getByText(/250[.,]00/)).toBeVisible();
  await phone.close();

  // The director sees the check on the family's invoice in the Billing tab: still open, 50.00 left to pay.
  await director.goto('/admin?tab=billing');
  const section = director.getByRole('region', { name: staffTabsEn['staff.billing.invoices'] });
  await section.getByRole('textbox', { name: staffTabsEn['staff.billing.family'] }).fill(fam.email);
  const invoice = section
    .getByRole('list', { name: staffTabsEn['staff.billing.invoices'] })
    .getByRole('listitem')
    .filter({ hasText: fam.email });
  await expect(invoice).toHaveCount(1);
  await invoice.getByRole('button', { expanded: false }).click();
  await expect(invoice).toContainText(`$300.00 · ${staffTabsEn['staff.billing.status.open']}`);
  await expect(invoice).toContainText('Total $300.00 · Paid $250.00 · Balance $50.00');
});
