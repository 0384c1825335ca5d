import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, centreProfile } from '../../db/schema';
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

/**
 * The Settings form's hours, programs and logo (ADR 090): each refusal is a 400 (or 413) in the catalogue's words
 * that changes nothing; a good change is stored, audited and answered whole. The logo goes through the pictures'
 * pipeline (typed by bytes, re-encoded, size-limited) and is served from the public uploads with cache headers.
 * This file runs with its own modules (vitest.config.ts ISOLATED): it moves the centre's profile.
 */
const s = sharedAdminServer();
const patch = (body: unknown, cookie = s.admin) => s.request('/api/admin/centre', { method: 'PATCH', json: body, headers: { cookie } });
const putLogo = (bytes: Uint8Array, cookie = s.admin, type = 'image/png') => {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), 'logo.png');
  return s.request('/api/admin/centre/logo', { method: 'PUT', body: form, headers: { cookie } });
};
const profile = async () => json<{ logo: string | null; hours: unknown; programs: unknown }>(await s.request('/api/centre'));
const refused = async (res: Response, status: number, field: string, message: string) => {
  expect(res.status, field).toBe(status);
  const answer = await json<{ message: string; errors?: Record<string, string> }>(res);
  expect(answer.errors?.[field] ?? answer.message, field).toBe(message);
};

describe('opening hours and programs', () => {
  it('refuses bad hours and programs with the catalogue’s words and changes nothing', async () => {
    const audits = s.count(auditLog);
    const week = DEFAULT_CENTRE_PROFILE.hours;
    await refused(
      await patch({ hours: { ...week, tuesday: { opens: '7:30', closes: '17:30' } } }),
      400,
      'hours.tuesday.opens',
      'Please enter a time as HH:MM',
    );
    await refused(
      await patch({ hours: { ...week, friday: { opens: '09:00', closes: '08:00' } } }),
      400,
      'hours.friday.closes',
      'End time must be after the start time',
    );
    const { sunday: _sunday, ...noSunday } = week;
    expect((await patch({ hours: noSunday })).status).toBe(400);
    const programs = DEFAULT_CENTRE_PROFILE.programs;
    await refused(
      await patch({ programs: [...programs, { id: 'infant', fromMonths: 0, toMonths: 12 }] }),
      400,
      'programs.3.id',
      'Each program may be listed only once',
    );
    await refused(
      await patch({ programs: [{ id: 'toddler', fromMonths: 30, toMonths: 18 }] }),
      400,
      'programs.0.toMonths',
      "Please give the program's ages in whole months, the oldest after the youngest",
    );
    await refused(
      await patch({ programs: [{ id: 'Toddler Room', fromMonths: 12, toMonths: 30 }] }),
      400,
      'programs.0.id',
      'Please choose a program',
    );
    await refused(
      await patch({ programs: [{ id: 'toddler', fromMonths: null, toMonths: 30 }] }),
      400,
      'programs.0.fromMonths',
      "Please give the program's ages in whole months, the oldest after the youngest",
    );
    await refused(
      await patch({ programs: Array.from({ length: 13 }, (_, i) => ({ id: `p${'abcdefghijklm'[i]}`, fromMonths: 0, toMonths: 12 })) }),
      400,
      'programs',
      'At most 12 programs',
    );
    // The logo is set by its upload only.
    await refused(await patch({ logo: '/uploads/x.webp' }), 400, '_form', 'The profile has no such field');
    expect(s.count(centreProfile)).toBe(0);
    expect(s.count(auditLog)).toBe(audits);
  });

  it('a closed day, a renamed and an added program are stored, audited and shown to the public', async () => {
    const hours = { ...DEFAULT_CENTRE_PROFILE.hours, friday: null, saturday: { opens: '09:00', closes: '12:00' } };
    const programs = [
      { id: 'infant', fromMonths: 0, toMonths: 12 },
      { id: 'toddler', fromMonths: 12, toMonths: 36 },
      { id: 'preschool', fromMonths: 36, toMonths: 60 },
    ];
    const res = await patch({ hours, programs });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ hours, programs, name: DEFAULT_CENTRE_PROFILE.name });
    expect(await profile()).toMatchObject({ hours, programs });
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(audit).toMatchObject({ entity: 'centre', action: 'update' });
    expect(Object.keys(audit.fields as object).sort()).toEqual(['hours', 'programs']);
  });
});

describe('the logo', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 80, alpha: 0.5 } } })
      .png()
      .toBuffer();

  it('refuses a teacher, a non-image, a missing file and a file over the limit, changing nothing', async () => {
    const teacher = await s.adminCookie('logo.teacher@example.com', 'teacher');
    const audits = s.count(auditLog);
    expect((await putLogo(await png(8, 8), teacher)).status).toBe(403);
    await refused(
      await putLogo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), s.admin, 'image/svg+xml'),
      400,
      '_form',
      'Only image files can be uploaded',
    );
    await refused(
      await s.request('/api/admin/centre/logo', { method: 'PUT', body: new FormData(), headers: { cookie: s.admin } }),
      400,
      '_form',
      'Please choose the logo image to upload',
    );
    const big = new Uint8Array(512 * 1024 + 1);
    big.set(await png(8, 8));
    await refused(await putLogo(big), 413, '_form', 'The logo is too large. The limit is 512 KB.');
    expect((await profile()).logo).toBeNull();
    expect(s.count(auditLog)).toBe(audits);
  });

  it('is re-encoded, at most 512 px a side, served publicly with cache headers; a new one replaces the old file; removed', async () => {
    const first = await putLogo(await png(1200, 600));
    expect(first.status, await first.clone().text()).toBe(200);
    const logo = (await json<{ logo: string }>(first)).logo;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect((await profile()).logo).toBe(logo);
    const served = await s.request(logo);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256, hasAlpha: true });
    expect(meta.exif).toBeUndefined();
    const file = join(s.config.uploadsDir, logo.slice('/uploads/'.length));
    expect(existsSync(file)).toBe(true);
    expect(s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()).toMatchObject({
      entity: 'centre',
      fields: { logo: expect.anything() },
    });

    const second = await putLogo(await png(64, 64));
    const replaced = (await json<{ logo: string }>(second)).logo;
    expect(replaced).not.toBe(logo);
    expect(existsSync(file)).toBe(false);
    expect((await s.request(logo)).status).toBe(404);
    expect(readFileSync(join(s.config.uploadsDir, replaced.slice('/uploads/'.length))).byteLength).toBeGreaterThan(0);

    const removed = await s.request('/api/admin/centre/logo', { method: 'DELETE', headers: { cookie: s.admin } });
    expect(removed.status).toBe(200);
    expect((await json<{ logo: string | null }>(removed)).logo).toBeNull();
    expect((await profile()).logo).toBeNull();
    expect((await s.request(replaced)).status).toBe(404);
  });
});
