import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centreProfile, outboxMessages } from '../../db/schema';
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { centreDateOf, centreTimeZone } from '../../src/shared/centre-time';
import { json, sampleApplication, sampleChild } from '../helpers/enrollment-fixtures';
import { pdfText } from '../helpers/pdf';
import { writeStandInBuildWithRealRender } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The centre's profile is data (ADR 090): the director changes it (`PATCH /api/admin/centre`) and the next request
 * shows it everywhere the centre is named — the pages in both languages, their structured data, an e-mail, a tax
 * statement, the calendar feed — with no restart. Bad input is refused with the catalogue's words and changes
 * nothing; a teacher is refused. This file runs with its own modules (vitest.config.ts ISOLATED): it moves the
 * centre's time zone.
 */
let dir: string;
let s: TestServer;
let director: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'centre-profile-'));
  writeStandInBuildWithRealRender(dir);
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
  director = await s.adminCookie();
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const patch = (body: unknown, cookie = director) => s.request('/api/admin/centre', { method: 'PATCH', json: body, headers: { cookie } });
const page = async (path: string) => (await s.request(path, { headers: { 'accept-encoding': 'identity' } })).text();
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

describe('the centre profile', () => {
  it('is the shipped centre until the director changes it; GET /api/centre has no tax ID', async () => {
    const res = await s.request('/api/centre');
    expect(res.status).toBe(200);
    const body = await json<Record<string, unknown>>(res);
    const { taxId: _taxId, billing: _billing, ...publicFields } = DEFAULT_CENTRE_PROFILE;
    expect(body).toEqual(publicFields);
    expect(JSON.stringify(body)).not.toContain(DEFAULT_CENTRE_PROFILE.taxId);
    expect(s.count(centreProfile)).toBe(0);
  });

  it('refuses bad input with the catalogue’s words and changes nothing', async () => {
    const auditRows = s.count(auditLog);
    const cases: [unknown, string, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Please choose a time zone such as America/New_York'],
      [{ phone: '12' }, 'phone', 'Please enter a valid phone number'],
      [{ name: '' }, 'name', "Please enter the centre's name"],
      [{ taxId: '311234567' }, 'taxId', 'Please enter the tax ID as 12-3456789'],
      [{ licensingState: 'ZZ' }, 'licensingState', 'Please choose a state'],
      [{ address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: 'abc' } }, 'address.zip', 'Please enter a valid ZIP code'],
      [
        { hours: { ...DEFAULT_CENTRE_PROFILE.hours, monday: { opens: '18:00', closes: '07:00' } } },
        'hours.monday.closes',
        'End time must be after the start time',
      ],
      [{ colour: 'red' }, '_form', 'The profile has no such field'],
      [{}, '_form', 'Please change at least one field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await json<{ message: string; errors?: Record<string, string> }>(res);
      expect(answer.errors?.[field] ?? answer.message, JSON.stringify(body)).toBe(message);
    }
    expect(s.count(centreProfile)).toBe(0);
    expect(s.count(auditLog)).toBe(auditRows);
    expect(await json(await s.request('/api/centre'))).toMatchObject({ phone: DEFAULT_CENTRE_PROFILE.phone });
  });

  it('refuses a teacher (403) and a visitor (401)', async () => {
    const teacher = await s.adminCookie('teacher@example.com', 'teacher');
    expect((await patch({ phone: '(614) 555-0199' }, teacher)).status).toBe(403);
    expect((await s.request('/api/admin/centre', { method: 'PATCH', json: { phone: '(614) 555-0199' } })).status).toBe(401);
    expect(s.count(centreProfile)).toBe(0);
  });

  it('a changed name, phone and time zone show on /, /es, in the JSON-LD, an e-mail, a tax statement and the calendar, without a restart', async () => {
    // Rendered and cached before the change: the change must empty what was kept.
    expect(await page('/')).toContain(DEFAULT_CENTRE_PROFILE.name);
    await s.request('/api/events', {
      method: 'POST',
      json: { title: 'Pumpkin Day', description: 'Carve', eventDate: '2026-12-04', startTime: '09:30' },
      headers: { cookie: director },
    });

    const res = await patch({
      name: 'Maple Grove Early Learning',
      shortName: 'Maple Grove',
      phone: '(503) 555-0110',
      timeZone: 'America/Los_Angeles',
    });
    expect(res.status).toBe(200);
    const profile = await json<Record<string, unknown>>(res);
    expect(profile).toMatchObject({
      name: 'Maple Grove Early Learning',
      phone: '(503) 555-0110',
      timeZone: 'America/Los_Angeles',
      taxId: DEFAULT_CENTRE_PROFILE.taxId,
    });

    for (const path of ['/', '/es']) {
      const html = await page(path);
      expect(html, path).toContain('Maple Grove Early Learning');
      expect(html, path).toContain('(503) 555-0110');
      expect(html, path).toContain('tel:+15035550110');
      expect(html, path).not.toContain(DEFAULT_CENTRE_PROFILE.name);
      expect(html, path).not.toContain(DEFAULT_CENTRE_PROFILE.phone);
      expect(jsonLd(html), path).toMatchObject({ name: 'Maple Grove Early Learning', telephone: ['+1-503-555-0110', '+1-614-555-0187'] });
    }

    // The calendar feed: the centre's name and its new zone.
    const ics = await (await s.request('/api/events.ics')).text();
    expect(ics).toContain('Maple Grove Early Learning');
    expect(ics).toMatch(/DTSTART;TZID=America\/Los_Angeles:20261204T093000/);
    expect(centreTimeZone()).toBe('America/Los_Angeles');
    // 23:30 in Los Angeles on 3 December is already 4 December in New York.
    expect(centreDateOf(new Date('2026-12-04T07:30:00Z'))).toBe('2026-12-03');

    // An e-mail and a tax statement.
    const child = await s.request('/api/admin/enrolled-children', {
      method: 'POST',
      json: {
        ...sampleChild,
        childName: 'Ana Rivera',
        parentName: 'Carmen Rivera',
        parentEmail: 'carmen@example.com',
        startDate: '2025-01-06',
      },
      headers: { cookie: director },
    });
    expect(child.status, await child.clone().text()).toBe(201);
    const childId = (await json<{ id: string }>(child)).id;
    const receipt = await s.request('/api/admin/payment-receipts', {
      method: 'POST',
      json: {
        childId,
        parentName: 'Carmen Rivera',
        parentEmail: 'carmen@example.com',
        paymentType: 'tuition',
        amount: '250.00',
        paymentMethod: 'cash',
        paymentDate: '2025-11-02',
      },
      headers: { cookie: director },
    });
    expect(receipt.status, await receipt.clone().text()).toBe(201);
    const sent = await s.request('/api/admin/year-end-tax-receipt', {
      method: 'POST',
      json: { parentEmail: 'carmen@example.com', taxYear: '2025' },
      headers: { cookie: director },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const mail = s.db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).all()[0]!;
    expect(mail.subject).toBe('Your 2025 year-end tax statement from Maple Grove Early Learning');
    const pdf = await s.request('/api/admin/year-end-tax-receipt/pdf?parentEmail=carmen%40example.com&taxYear=2025', {
      headers: { cookie: director },
    });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Maple Grove Early Learning');
    expect(text).toContain('(503) 555-0110');

    // Audited: the fields changed, by the director.
    const row = s.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .all()
      .find((r) => r.entity === 'centre')!;
    expect(row).toMatchObject({ action: 'update', entity: 'centre' });
    expect(Object.keys(row.fields ?? {}).sort()).toEqual(['name', 'phone', 'shortName', 'timeZone']);
  });

  it('another centre shows its own city and state on /, /es, the enrollment form, an e-mail and the attendance PDF, and nothing of Columbus', async () => {
    const res = await patch({ address: { street: '200 Kirkwood Avenue', city: 'Bloomington', state: 'IN', zip: '47401' } });
    expect(res.status, await res.clone().text()).toBe(200);

    const home = await page('/');
    expect(home).toContain('Bloomington, Indiana · Ages 6 weeks to 5 years');
    expect(home).toContain('<title>Maple Grove Early Learning | Childcare in Bloomington, Indiana</title>');
    expect(home).toContain('Licensed childcare in Bloomington, Indiana for children 6 weeks to 5 years');
    expect(home).toContain('Licensed childcare and early education in Bloomington, Indiana, for children 6 weeks to 5 years.');
    expect(home).not.toContain('Columbus');
    const es = await page('/es');
    expect(es).toContain('Bloomington, Indiana · De 6 semanas a 5 años');
    expect(es).toContain('Maple Grove Early Learning | Cuidado infantil en Bloomington, Indiana');
    expect(es).not.toContain('Columbus');
    // The example number in the phone field carries the centre's own area code.
    expect(await page('/enrollment')).toContain('placeholder="(503) 555-0100"');

    // An e-mail: the application's acknowledgement names the centre and its address, nothing of the shipped one.
    const applied = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...sampleApplication, parentEmail: 'dana@example.com' },
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const mail = s.db
      .select()
      .from(outboxMessages)
      .all()
      .find((m) => m.toAddress === 'dana@example.com')!;
    expect(mail.textBody).toContain('200 Kirkwood Avenue, Bloomington, IN 47401');
    expect(mail.textBody).toContain('Maple Grove Early Learning');
    expect(mail.textBody).not.toContain('Columbus');
    expect(mail.textBody).not.toContain(DEFAULT_CENTRE_PROFILE.name);

    // The attendance report says whose clock its times are.
    const pdf = await s.request('/api/admin/attendance/report.pdf?month=2026-11', { headers: { cookie: director } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Times are the centre's clock (Bloomington, Indiana).");
  });

  it("signs every e-mail with the profile's opening hours, in the reader's language", async () => {
    const hours = {
      monday: { opens: '07:00', closes: '18:00' },
      tuesday: { opens: '07:00', closes: '18:00' },
      wednesday: { opens: '07:00', closes: '18:00' },
      thursday: { opens: '07:00', closes: '18:00' },
      friday: { opens: '07:00', closes: '12:30' },
      saturday: { opens: '09:00', closes: '12:00' },
      sunday: null,
    };
    expect((await patch({ hours })).status).toBe(200);
    const signature = async (parentEmail: string, language: 'en' | 'es') => {
      const applied = await s.request('/api/enrollment', { method: 'POST', json: { ...sampleApplication, parentEmail, language } });
      expect(applied.status, await applied.clone().text()).toBe(201);
      const mail = s.db
        .select()
        .from(outboxMessages)
        .all()
        .find((m) => m.toAddress === parentEmail)!;
      return mail.textBody.split('\n').slice(-3);
    };
    const en = await signature('hours.en@example.com', 'en');
    expect(en).toEqual(['Monday - Thursday: 7:00 AM - 6:00 PM', 'Friday: 7:00 AM - 12:30 PM', 'Saturday: 9:00 AM - 12:00 PM']);
    const es = await signature('hours.es@example.com', 'es');
    expect(es).toEqual([
      'De lunes a jueves, de 7:00 a. m. a 6:00 p. m.',
      'Los viernes, de 7:00 a. m. a 12:30 p. m.',
      'Los sábados, de 9:00 a. m. a 12:00 p. m.',
    ]);
  });
});

/**
 * The logo the director uploads (server/centre/logo.ts) is drawn in the public header of the server-rendered pages,
 * in both languages, with its width and height and an alt text naming the centre; without one the header keeps its
 * drawn mark. Its address is new with every upload, so it is cached for a year and a replaced logo is a new request.
 */
describe('the logo in the public header', () => {
  const putLogo = async (width: number, height: number) => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 80, alpha: 1 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const res = await s.request('/api/admin/centre/logo', { method: 'PUT', body: form, headers: { cookie: director } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await json<{ logo: string; logoSize: { width: number; height: number } }>(res)).logo;
  };
  const header = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)![0];
  const logoImgs = (html: string) => [...html.matchAll(/<img[^>]*data-centre-logo[^>]*>/g)].map((m) => m[0]);
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

  it('is absent without a logo, drawn with its size and the centre’s name once uploaded, and a new one is a new address', async () => {
    const { name } = await json<{ name: string }>(await s.request('/api/centre'));
    const before = await page('/');
    expect(logoImgs(before)).toEqual([]);
    // The drawn mark, as before logos.
    expect(header(before)).toContain('viewBox="0 0 64 64"');

    const first = await putLogo(1200, 600);
    const home = await page('/');
    const [img] = logoImgs(home);
    expect(img, 'the home page draws the logo').toBeDefined();
    expect(attr(img!, 'src')).toBe(first);
    expect(attr(img!, 'alt')).toBe(`${name} logo`);
    // 512 x 256 as encoded, drawn 32 px high.
    expect([attr(img!, 'width'), attr(img!, 'height')]).toEqual(['64', '32']);
    expect(header(home)).not.toContain('viewBox="0 0 64 64"');
    const es = logoImgs(await page('/es'))[0]!;
    expect([attr(es, 'src'), attr(es, 'alt')]).toEqual([first, `Logotipo de ${name}`]);

    const served = await s.request(first);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const second = await putLogo(100, 100);
    expect(second).not.toBe(first);
    const [replaced] = logoImgs(await page('/'));
    expect(attr(replaced!, 'src')).toBe(second);
    expect([attr(replaced!, 'width'), attr(replaced!, 'height')]).toEqual(['32', '32']);
    expect((await s.request(first)).status).toBe(404);

    const removed = await s.request('/api/admin/centre/logo', { method: 'DELETE', headers: { cookie: director } });
    expect(removed.status).toBe(200);
    const after = await page('/');
    expect(logoImgs(after)).toEqual([]);
    expect(header(after)).toContain('viewBox="0 0 64 64"');
  });
});

/**
 * The home page's opening hours and program ages are the profile's (ADR 090), in the page's language; the shipped
 * centre reads as the catalogue always wrote it.
 */
describe('the opening hours and the programs on the home page', () => {
  const text = (html: string) => html.replace(/<!-- -->/g, '');
  it('follow the director’s change in both languages, and read as shipped for the shipped profile', async () => {
    const { hours, programs } = await json<{ hours: Record<string, unknown>; programs: unknown[] }>(await s.request('/api/centre'));
    try {
      const shipped = await patch({ hours: DEFAULT_CENTRE_PROFILE.hours, programs: DEFAULT_CENTRE_PROFILE.programs });
      expect(shipped.status, await shipped.clone().text()).toBe(200);
      const en = text(await page('/'));
      expect(en).toContain('>Monday - Friday: 7:30 AM - 5:30 PM<');
      for (const ages of ['6 weeks to 18 months', '18 months to 4 years', '4 to 5 years']) expect(en).toContain(`>${ages}<`);
      const es = text(await page('/es'));
      expect(es).toContain('>Lunes a viernes: 7:30 a. m. - 5:30 p. m.<');
      for (const ages of ['De 6 semanas a 18 meses', 'De 18 meses a 4 años', 'De 4 a 5 años']) expect(es).toContain(`>${ages}<`);

      const changed = await patch({
        hours: {
          ...DEFAULT_CENTRE_PROFILE.hours,
          friday: { opens: '07:30', closes: '12:00' },
          saturday: { opens: '09:00', closes: '12:30' },
        },
        programs: [
          { id: 'infant', fromMonths: 0, toMonths: 24 },
          { id: 'preschool', fromMonths: 24, toMonths: 60 },
        ],
      });
      expect(changed.status, await changed.clone().text()).toBe(200);
      const after = text(await page('/'));
      expect(after).toContain('>Monday - Thursday: 7:30 AM - 5:30 PM; Friday: 7:30 AM - 12:00 PM; Saturday: 9:00 AM - 12:30 PM<');
      expect(after).toContain('>6 weeks to 2 years<');
      expect(after).toContain('>2 to 5 years<');
      expect(after).not.toContain('Kindergarten Prep</h3>');
      const afterEs = text(await page('/es'));
      expect(afterEs).toContain(
        '>Lunes a jueves: 7:30 a. m. - 5:30 p. m.; viernes: 7:30 a. m. - 12:00 p. m.; sábado: 9:00 a. m. - 12:30 p. m.<',
      );
      expect(afterEs).toContain('>De 6 semanas a 2 años<');
    } finally {
      expect((await patch({ hours, programs })).status).toBe(200);
    }
  });
});
