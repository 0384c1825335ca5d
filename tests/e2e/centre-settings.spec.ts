import sharp from 'sharp';
import { expect, test } from './fixtures';
import { smallTargets } from './touch-targets';

/**
 * The centre's profile is data (ADR 090): the director changes the main phone, Friday's hours and the infant
 * program's ages in the Settings tab, then uploads a logo, and a visitor's home page shows each on its next load,
 * with no restart. The profile's rules (validation, rights, every place that reads it, the logo's address and cache
 * headers) are in tests/integration/centre-profile.test.ts and centre-settings-fields.test.ts.
 */
test('the director changes the phone, hours and a program and uploads a logo in Settings; a visitor sees them on the next load', async ({
  directorPage: page,
  visitorPage: visitor,
  server,
}) => {
  // Two pages, a save and an upload in one walk: more than one step's budget on a loaded machine.
  test.slow();
  const before = (await (await server.request('/api/centre')).json()) as {
    name: string;
    phone: string;
    hours: Record<string, unknown>;
    programs: unknown[];
  };
  const phone = '(614) 555-0199';
  const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  try {
    await page.goto('/admin?tab=settings');
    await expect(page.getByRole('heading', { name: 'Centre settings' })).toBeVisible();
    // Every control is 24 px tall at least, the logo's file input too (the browser's own was 20).
    expect(await smallTargets(page, 24, '[role="tabpanel"]')).toEqual([]);
    const field = page.getByRole('textbox', { name: 'Main phone' });
    await expect(field).toHaveValue(before.phone);
    await field.fill(phone);
    await page.getByRole('textbox', { name: 'Friday closes' }).fill('12:00');
    await page.getByRole('textbox', { name: 'Program 1: to age (months)' }).fill('24');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await visitor.goto('/');
    await expect(visitor.getByRole('link', { name: new RegExp(phone.replace(/[()]/g, '\\$&')) }).first()).toBeVisible();
    await expect(visitor.getByText(before.phone)).toHaveCount(0);
    await expect(visitor.getByText('Monday - Thursday: 7:30 AM - 5:30 PM; Friday: 7:30 AM - 12:00 PM', { exact: true })).toBeVisible();
    await expect(visitor.getByText('6 weeks to 2 years', { exact: true })).toBeVisible();
    // No logo yet: the header's link holds no image.
    await expect(visitor.getByRole('banner').getByRole('img')).toHaveCount(0);

    await page
      .getByLabel('Logo image (PNG, JPEG, WebP, GIF or AVIF)')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByText('Logo saved')).toBeVisible();

    await visitor.reload();
    const shown = visitor.getByRole('banner').getByRole('img', { name: `${before.name} logo` });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveJSProperty('naturalWidth', 240);
  } finally {
    // The worker's server is shared by the specs that follow: the shipped profile goes back, without a logo.
    const cookie = await server.adminCookie();
    const res = await server.request('/api/admin/centre', {
      method: 'PATCH',
      headers: { cookie },
      json: { phone: before.phone, hours: before.hours, programs: before.programs },
    });
    expect(res.status, await res.text()).toBe(200);
    const removed = await server.request('/api/admin/centre/logo', { method: 'DELETE', headers: { cookie } });
    expect(removed.status, await removed.text()).toBe(200);
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
