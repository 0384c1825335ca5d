import { parentFamily } from './parent-family';
import { expect, test } from './fixtures';

/**
 * The staff screens say their words from the staff catalogue (ADR 086). The weekly report's Missing Dates toast
 * showed the refusal's id ('error.missingDates') as its description; it says the catalogue's sentence.
 */
test('a weekly report without a start date: the Missing Dates toast says which dates, not an id', async ({
  directorPage: page,
  server,
}) => {
  const { child } = await parentFamily(server, 'words');
  await page.goto('/admin?tab=activities');
  await page.getByRole('button', { name: 'Select Child' }).click();
  await page.getByRole('option', { name: child.childName }).click();
  await page.getByRole('button', { name: 'Send Weekly Report' }).click();
  const report = page.getByRole('dialog', { name: 'Send Weekly Report' });
  await report.getByLabel('Week start').fill('');
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByText('Missing Dates', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select both start and end dates for the weekly report', { exact: true })).toBeVisible();
  await expect(page.getByText('error.missingDates')).toHaveCount(0);
});
