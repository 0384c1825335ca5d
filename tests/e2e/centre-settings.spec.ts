import { expect, test } from './fixtures';

/**
 * The centre's profile is data (ADR 090): the director changes the main phone in the Settings tab and a visitor's
 * home page shows it on the next load, with no restart. The profile's rules (validation, rights, every place that
 * reads it) are in tests/integration/centre-profile.test.ts.
 */
test('the director changes the phone in Settings; a visitor sees it on the next load of the home page', async ({
  directorPage: page,
  visitorPage: visitor,
  server,
}) => {
  const before = (await (await server.request('/api/centre')).json()) as { phone: string };
  const phone = '(614) 555-0199';
  try {
    await page.goto('/admin?tab=settings');
    await expect(page.getByRole('heading', { name: 'Centre settings' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Main phone' });
    await expect(field).toHaveValue(before.phone);
    await field.fill(phone);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await visitor.goto('/');
    await expect(visitor.getByRole('link', { name: new RegExp(phone.replace(/[()]/g, '\\$&')) }).first()).toBeVisible();
    await expect(visitor.getByText(before.phone)).toHaveCount(0);
  } finally {
    // The worker's server is shared by the specs that follow: the shipped phone goes back.
    const res = await server.request('/api/admin/centre', {
      method: 'PATCH',
      headers: { cookie: await server.adminCookie() },
      json: { phone: before.phone },
    });
    expect(res.status, await res.text()).toBe(200);
  }
});

test('a centre licensed in a state without a ratio table reads so in Attendance, with no ratio banner', async ({
  directorPage: page,
  server,
}) => {
  try {
    await page.goto('/admin?tab=settings');
    const field = page.getByRole('textbox', { name: 'Licensing state' });
    await expect(field).toHaveValue('OH');
    await field.fill('MI');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto('/admin?tab=attendance');
    await expect(page.getByRole('note')).toHaveText(/No staff-to-child ratio table exists for MI/);
    await expect(page.getByRole('status', { name: /^Ratio in / })).toHaveCount(0);
  } finally {
    const res = await server.request('/api/admin/centre', {
      method: 'PATCH',
      headers: { cookie: await server.adminCookie() },
      json: { licensingState: 'OH' },
    });
    expect(res.status, await res.text()).toBe(200);
  }
});
