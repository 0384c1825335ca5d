import { sampleChild } from '../helpers/enrollment-fixtures';
import { expect, test } from './fixtures';

let run = 0;

/**
 * Tuition billing in the dashboard (ADR 100): the director adds a plan, gives a child a 10% "Sibling" discount,
 * generates a month and opens the family's invoice to see its lines. The rules (proration, idempotence, void,
 * roles and families) are in tests/integration/billing-invoices.test.ts.
 */
test('the director sets a plan and a sibling discount, generates the month and opens the invoice', async ({
  directorPage: page,
  server,
}) => {
  const tag = `${process.pid}-${++run}-${Date.now() % 100000}`;
  const childName = `Nora Billing ${tag}`;
  const family = `billing.${tag}@example.com`;
  const planName = `Full day ${tag}`;
  const child = await server.request('/api/admin/enrolled-children', {
    method: 'POST',
    headers: { cookie: await server.adminCookie() },
    json: { ...sampleChild, childName, program: 'preschool', parentName: 'Nell Billing', parentEmail: family },
  });
  expect(child.status, await child.text()).toBe(201);

  await page.goto('/admin?tab=billing');
  const plans = page.getByRole('region', { name: 'Tuition plans' });
  // Sent with nothing filled in: the server's messages show at their fields, and focus goes to the first.
  await plans.getByRole('button', { name: 'Add plan' }).click();
  await expect(plans.getByText('Give the plan a name')).toBeVisible();
  await expect(plans.getByRole('textbox', { name: 'Plan name' })).toBeFocused();
  await plans.getByRole('textbox', { name: 'Plan name' }).fill(planName);
  await plans.getByRole('button', { name: /Program/ }).click();
  await page.getByRole('option', { name: 'preschool' }).click();
  await plans.getByRole('textbox', { name: 'Amount per period' }).fill('1080.00');
  await plans.getByRole('button', { name: 'Add plan' }).click();
  await expect(plans.getByText(planName)).toBeVisible();

  await plans.getByRole('button', { name: /Child/ }).click();
  await page.getByRole('option', { name: childName }).click();
  const terms = page.getByRole('form', { name: "A child's billing terms" });
  await terms.getByRole('button', { name: /Plan/ }).click();
  await page.getByRole('option', { name: planName }).click();
  await terms.getByLabel('First day billed').fill('2026-01-05');
  await terms.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
  await terms.getByRole('textbox', { name: 'Discount reason' }).fill('Sibling');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText('Billing terms saved')).toBeVisible();

  const generate = page.getByRole('region', { name: 'Generate invoices' });
  // Without a month: the server's refusal shows, and focus stays on the button (disabled while it sent).
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate.getByRole('alert')).toBeVisible();
  await expect(generate.getByRole('button', { name: 'Generate' })).toBeFocused();
  await generate.getByLabel('Month').fill('2030-03');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(generate.getByRole('status')).toHaveText('1 invoice created');

  const invoices = page.getByRole('region', { name: 'Invoices' });
  await invoices.getByRole('textbox', { name: 'Family e-mail' }).fill(family);
  await invoices.getByRole('button', { name: new RegExp(family.replace(/\./g, '\\.')) }).click();
  const lines = invoices.getByRole('table', { name: /Lines of invoice INV-/ });
  await expect(lines.getByRole('row', { name: `${childName} - ${planName} $1,080.00` })).toBeVisible();
  await expect(lines.getByRole('row', { name: `${childName} - Sibling 10% -$108.00` })).toBeVisible();
  await expect(invoices.getByText('Total $972.00 · Paid $0.00 · Balance $972.00 · Agencies $0.00')).toBeVisible();
});
