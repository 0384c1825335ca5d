import { AUDIT_TRIGGERS } from '../../src/server/audit/chain';
import { expect, test } from './fixtures';

/**
 * The Audit tab's check (ADR 064): an intact log says so; a log whose append-only triggers were removed
 * behind the app's back is shown as a warning, in words, until they are back.
 */
test('the Audit tab warns when the log’s safeguards were removed', async ({ directorPage: page, server }) => {
  await page.goto('/admin?tab=audit');
  const check = page.getByRole('button', { name: 'Check the log' });
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: /entries are intact/ })).toBeVisible();

  server.db.$client.exec('DROP TRIGGER audit_log_no_delete');
  try {
    await check.click();
    const warning = page.getByRole('alert').filter({ hasText: 'The audit log may have been tampered with.' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('The database no longer refuses changes to the log: its safeguards were removed.');
  } finally {
    server.db.$client.exec(AUDIT_TRIGGERS.audit_log_no_delete);
  }
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: /entries are intact/ })).toBeVisible();
});
