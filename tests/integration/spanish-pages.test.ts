import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { errorRef } from '../../src/shared/i18n/error-ids';
import { errorsEn } from '../../src/shared/i18n/errors-en';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, childAchievements, enrollmentApplications, events, milestones, outboxMessages, pictures } from '../../db/schema';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { pageOfPath } from '../../src/server/cache/registry';
import { en } from '../../src/shared/i18n/en';
import { loginEs } from '../../src/shared/i18n/login-es';
import { es } from '../../src/shared/i18n/es';
import { SPANISH_PATHS } from '../../src/shared/i18n/paths';
import { requiredApplicationFields } from '../helpers/enrollment-fixtures';
import { standInManifest } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';
import { resetPasswordWordsEn as resetPasswordEn } from '../../src/client/components/parent-reset/words-en';
import { RESET_LINK_INVALID } from '../../src/server/parents/passwords';
import { refusalIn } from '../../src/shared/i18n/reset-password';
import { resetPasswordWordsEs as resetPasswordEs } from '../../src/client/components/parent-reset/words-es';
import { newPasswordField, resetLinkSchema } from '../../src/shared/schemas/password-policy';

/**
 * The Spanish twins of the public pages, drawn by the real server render (src/client/entry-server.tsx,
 * loaded from source, as `npm run build:ssr` builds it) over a stand-in client build.
 */
let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spanish-pages-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>',
  );
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), `export * from ${JSON.stringify(resolve('src/client/entry-server.tsx'))};`);
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  s.request(path, { headers: { 'accept-encoding': 'identity', ...headers } });

/** The proper names a Spanish page keeps as they are (the centre's, places, programs and brands). */
const NAMES = [
  'Little Buckeyes Learning Center',
  'Little Buckeyes',
  'Step Up To Quality',
  'Summit Street',
  'Columbus',
  'Facebook',
  'Instagram',
  'Google',
  'Ohio',
];
/** Words that are English and never Spanish: one of them in a Spanish page's text is an English string left. */
const ENGLISH_WORDS = new Set(
  (
    'the and of to your you for with our is are be this that we will please all any from at on in by it its an or ' +
    'events event announcements milestones milestone enrollment apply application submit home back menu loading ' +
    'required phone email address city state child children parent name date program start contact hours call ' +
    'view more next previous month today week upcoming recent achievements achieved filters category age ages ' +
    'close notifications skip content main try again failed success submitted thank questions learn subscribe calendar'
  ).split(' '),
);

/** Every English message of the catalogue that differs from its Spanish: none may appear on a Spanish page. */
const ENGLISH_MESSAGES = (Object.keys(en) as (keyof typeof en)[])
  .filter((k) => en[k] !== es[k] && !/[{}]/.test(en[k]) && en[k].length > 3 && !k.startsWith('nav.otherLanguage'))
  .map((k) => new RegExp(`(^|[^\\p{L}])${en[k].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u'));

/**
 * What a reader of the page meets, as text: the text nodes (a `<template>`'s too: the success screen), and the
 * attributes a person hears or sees (aria-label, title, alt, placeholder, the title and description), leaving
 * out what is marked `lang="en"` (the switch to the English page, named in English) and data blocks.
 */
function readerText(html: string): string[] {
  const out: string[] = [];
  const body = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    .replace(/<(a|span|option)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  for (const m of body.matchAll(/\b(?:aria-label|title|alt|placeholder|content)="([^"]*)"/g)) out.push(m[1]!);
  for (const m of body.matchAll(/<title>([^<]*)<\/title>/g)) out.push(m[1]!);
  for (const m of body.replace(/<[^>]+>/g, '\n').split('\n')) if (m.trim()) out.push(m.trim());
  return out
    .map((t) =>
      t
        .replace(/&amp;/g, '&')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    )
    .filter((t) => !/^https?:|^webcal:|^\/|^[\w.-]+@[\w.-]+$|^#/.test(t));
}

/** The strings of `html` that are still English (catalogue messages, or text with an English word). */
function englishLeft(html: string): string[] {
  const left: string[] = [];
  for (const text of readerText(html)) {
    // Proper names first: 'Little Buckeyes Learning Center' is not the portal's English 'Learning'.
    let rest = text;
    for (const name of NAMES) rest = rest.split(name).join(' ');
    if (ENGLISH_MESSAGES.some((m) => m.test(rest))) {
      left.push(text);
      continue;
    }
    const words = rest.toLowerCase().match(/[a-záéíóúñü']+/g) ?? [];
    if (words.some((w) => ENGLISH_WORDS.has(w))) left.push(text);
  }
  return [...new Set(left)];
}

describe("the centre's milestones on the Spanish page", () => {
  it('/es/milestones shows the built-in milestones in Spanish, with no English left; /milestones keeps them in English', async () => {
    expect(s.count(milestones)).toBeGreaterThan(20);
    const html = await (await get('/es/milestones')).text();
    expect(html).toContain('Cuenta hasta diez');
    expect(html).not.toContain('Counts to Ten');
    expect(englishLeft(html)).toEqual([]);
    const english = await (await get('/milestones')).text();
    expect(english).toContain('Counts to Ten');
    expect(english).not.toContain('Cuenta hasta diez');
  });
});

describe('the Spanish public pages', () => {
  beforeAll(() => {
    // Only the site's own words: what staff typed (events, milestones, photos) is shown as they wrote it.
    for (const table of [childAchievements, milestones, events, announcements, pictures]) s.db.delete(table).run();
    expect(s.count(milestones)).toBe(0);
  });

  it.each(SPANISH_PATHS)('%s is drawn in Spanish: lang="es", Content-Language es, named with its English twin', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    const html = await res.text();
    expect(html).toMatch(/<html lang="es">/);
    const english = path === '/es' ? '/' : path.slice(3);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${s.config.publicUrl}${english}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="es" href="${s.config.publicUrl}${path}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${s.config.publicUrl}${english}" />`);
    // The switch: a link to the English page, in the header.
    expect(html).toMatch(new RegExp(`<a href="${english}" hreflang="en" lang="en"`, 'i'));

    const twin = await get(english);
    expect(twin.status).toBe(200);
    const twinHtml = await twin.text();
    expect(twinHtml).toMatch(/<html lang="en">/);
    expect(twinHtml).toContain(`<link rel="alternate" hreflang="es" href="${s.config.publicUrl}${path}" />`);
    expect(twinHtml).toMatch(new RegExp(`<a href="${path}" hreflang="es" lang="es"`, 'i'));
  });

  it.each(SPANISH_PATHS)('%s has no English string left (the same check finds plenty on its English twin)', async (path) => {
    const html = await (await get(path)).text();
    expect(englishLeft(html)).toEqual([]);
    // The check is real: on the English page it finds the English words.
    const english = await (await get(path === '/es' ? '/' : path.slice(3))).text();
    expect(englishLeft(english).length).toBeGreaterThan(5);
  });

  it('the events pages link the calendar feed: webcal:// and the https address to copy, from the public origin', async () => {
    const host = new URL(s.config.publicUrl).host;
    // The Spanish page links the Spanish feed (its calendar's name in Spanish).
    for (const [path, feed] of [
      ['/events', '/api/events.ics'],
      ['/es/events', '/api/events.ics?lang=es'],
    ] as const) {
      const html = await (await get(path)).text();
      expect(html).toContain(`href="webcal://${host}${feed}"`);
      expect(html).toContain(`value="${s.config.publicUrl}${feed}"`);
    }
    expect(await (await get('/es/events')).text()).toContain('Suscribirse al calendario');
    expect(await (await get('/events')).text()).toContain('Subscribe to calendar');
  });

  it('the sitemap lists each page and its Spanish twin', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const path of ['/', '/events', '/enrollment', '/milestones', ...SPANISH_PATHS]) {
      expect(xml).toContain(`<loc>${s.config.publicUrl}${path}</loc>`);
    }
  });
});

describe('the page cache and the language', () => {
  it("declares each page's language from its address", () => {
    expect(pageOfPath('/es')?.lang).toBe('es');
    expect(pageOfPath('/es/events')?.lang).toBe('es');
    expect(pageOfPath('/')?.lang).toBe('en');
  });

  it('keeps / and /es apart, each byte-identical on repeat, and Accept-Language never changes an answer', async () => {
    const body = async (path: string, headers: Record<string, string> = {}) => {
      const res = await get(path, headers);
      expect(res.status).toBe(200);
      return { text: await res.text(), etag: res.headers.get('etag'), language: res.headers.get('content-language') };
    };
    const es1 = await body('/es');
    const es2 = await body('/es');
    const en1 = await body('/');
    const en2 = await body('/');
    expect(es2).toEqual(es1);
    expect(en2).toEqual(en1);
    expect(es1.text).not.toBe(en1.text);
    expect([es1.language, en1.language]).toEqual(['es', 'en']);
    // A Spanish browser asking for / gets the English page, and an English one asking for /es the Spanish page.
    expect(await body('/', { 'accept-language': 'es-MX,es;q=0.9' })).toEqual(en1);
    expect(await body('/es', { 'accept-language': 'en-US,en;q=0.9' })).toEqual(es1);
    expect(await body('/es/events', { 'accept-language': 'en' })).toEqual(await body('/es/events', { 'accept-language': 'es' }));
  });

  it('the not-found page is in the language of its address, whichever language was asked for first', async () => {
    const missing = async (path: string) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      return res.text();
    };
    const english = await missing('/no-such-page');
    const spanish = await missing('/es/no-existe');
    expect(english).toMatch(/<html lang="en">/);
    expect(english).toContain('404 Page Not Found');
    expect(english).toContain('Did you forget to add the page to the router?');
    expect(spanish).toMatch(/<html lang="es">/);
    expect(spanish).toContain(`<title>${es['notFound.title']} | Little Buckeyes Learning Center</title>`);
    expect(spanish).toContain(es['notFound.heading']);
    expect(englishLeft(spanish)).toEqual([]);
    // And the other way round: each language's page is kept apart.
    expect(await missing('/no-such-page')).toBe(english);
    expect(await missing('/es/otra-que-no-existe')).toBe(spanish.replace('/es/no-existe', '/es/otra-que-no-existe'));
  });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'identity' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

describe('/es/enrollment', () => {
  it('answers a form with mistakes in Spanish, at each field, and keeps nothing', async () => {
    const before = s.count(enrollmentApplications);
    const res = await s.request(
      '/es/enrollment',
      form({ ...requiredApplicationFields, parentFirstName: '', parentEmail: 'no-es-correo', childAge: '' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain(errorsEs['error.parentFirstName']);
    expect(html).toContain(errorsEs['error.email']);
    expect(html).toContain(errorsEs['error.childAge']);
    expect(html).toContain(es['enrollment.failed']);
    // No English anywhere, the page's data block included: its script gets the Spanish refusals by id.
    expect(html).not.toContain(errorsEn['error.parentFirstName']);
    expect(html).not.toContain(errorsEn['error.email']);
    expect(englishLeft(html)).toEqual([]);
    expect(s.count(enrollmentApplications)).toBe(before);
    // The same mistakes on the English page stay word for word.
    const english = await (await s.request('/enrollment', form({ ...requiredApplicationFields, parentFirstName: '' }))).text();
    expect(english).toContain('Parent first name is required');
  });

  it('records a Spanish application as language es, and its confirmation and status e-mails are in Spanish', async () => {
    const res = await s.request('/es/enrollment', form({ ...requiredApplicationFields, parentEmail: 'lucia@example.com', language: 'en' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/es/enrollment?submitted');
    const row = s.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, 'lucia@example.com')).get()!;
    expect(row.language).toBe('es');

    const success = await (await get('/es/enrollment?submitted')).text();
    expect(success).toContain(es['enrollment.success.heading']);
    expect(englishLeft(success)).toEqual([]);

    await drainMailQueue(s.db);
    const received = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'lucia@example.com')).all();
    expect(received.map((m) => m.subject)).toContain('Recibimos la solicitud de inscripción de Emma Lopez');
    expect(received.at(-1)!.textBody).toContain('Estimado/a Maria:');
    expect(received.at(-1)!.textBody).toContain('Fecha de inicio deseada: 4 de enero de 2027');

    // Staff see the language in the application's details, and the status letter they send is Spanish.
    const list = await s.caller('admin').applications.list({});
    expect(list.items.find((a) => a.id === row.id)?.language).toBe('es');
    const cookie = await s.adminCookie();
    const patched = await s.request(`/api/enrollment-applications/${row.id}/status`, {
      method: 'PATCH',
      json: { status: 'waitlist', sendEmail: true },
      headers: { cookie },
    });
    expect(patched.status).toBe(200);
    await drainMailQueue(s.db);
    const letters = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'lucia@example.com')).all();
    const last = letters.at(-1)!;
    expect(last.subject).toBe('Solicitud de inscripción de Emma Lopez: En lista de espera');
    expect(last.textBody).toContain('quedó en nuestra lista de espera');
    expect(last.textBody).not.toMatch(/\bDear\b|Warm regards|waitlist\b/);
  });

  it('a family who applied in Spanish gets its Parent Portal account, credentials e-mail and portal in Spanish', async () => {
    const apply = await s.request('/es/enrollment', form({ ...requiredApplicationFields, parentEmail: 'rosa@example.com' }));
    expect(apply.status).toBe(303);
    const application = s.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, 'rosa@example.com')).get()!;
    const cookie = await s.adminCookie();
    const staff = { headers: { cookie } };
    expect(
      (
        await s.request(`/api/enrollment-applications/${application.id}/status`, {
          method: 'PATCH',
          json: { status: 'approved' },
          ...staff,
        })
      ).status,
    ).toBe(200);
    const enrolled = await s.request(`/api/enrollment-applications/${application.id}/enroll`, { method: 'POST', ...staff });
    expect(enrolled.status).toBe(201);
    const { child } = (await enrolled.json()) as { child: { id: string } };

    const login = await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...staff });
    expect(login.status).toBe(200);
    const { credentials } = (await login.json()) as { credentials: { email: string; password: string } };
    await drainMailQueue(s.db);
    const letter = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'rosa@example.com')).all().at(-1)!;
    expect(letter.subject).toBe('Su acceso al Portal para padres de Little Buckeyes Learning Center');
    expect(letter.textBody).toContain(`Inicie sesión en: ${s.config.publicUrl}/es/parent-login`);
    expect(letter.textBody).toContain(`Contraseña: ${credentials.password}`);
    expect(letter.textBody).not.toMatch(/Sign in at|Password:|Welcome to/);

    // The account starts in Spanish: the portal, and what staff send the family from now on.
    const signIn = await s.request('/api/parent/login', { method: 'POST', json: credentials });
    const { token } = (await signIn.json()) as { token: string };
    const preferences = await s.request('/api/parent/preferences', { headers: { authorization: `Bearer ${token}` } });
    expect(((await preferences.json()) as { language: string }).language).toBe('es');

    // A new password from staff is sent in the account's language too.
    expect((await s.request(`/api/admin/reset-parent-password/${child.id}`, { method: 'POST', ...staff })).status).toBe(200);
    await drainMailQueue(s.db);
    const reset = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'rosa@example.com')).all().at(-1)!;
    expect(reset.textBody).toContain('Se restableció su contraseña del Portal para padres');
  });

  it('an English application stays English, and the JSON API records the language it is sent', async () => {
    const res = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...requiredApplicationFields, parentEmail: 'ana@example.com', language: 'es' },
    });
    expect(res.status).toBe(201);
    expect(
      s.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, 'ana@example.com')).get()!.language,
    ).toBe('es');
    await s.request('/enrollment', form({ ...requiredApplicationFields, parentEmail: 'kim@example.com' }));
    expect(
      s.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.parentEmail, 'kim@example.com')).get()!.language,
    ).toBe('en');
    await drainMailQueue(s.db);
    const mail = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'kim@example.com')).all().at(-1)!;
    expect(mail.subject).toBe('We received the enrollment application for Emma Lopez');
    // A language the site does not speak is refused with the field's message.
    const bad = await s.request('/api/enrollment', { method: 'POST', json: { ...requiredApplicationFields, language: 'fr' } });
    expect(bad.status).toBe(400);
  });
});

describe('/es/parent-login (a parent who reads Spanish, signed out or whose session ended)', () => {
  const email = 'padre.es@example.com';
  const post = (path: string, fields: Record<string, string>) =>
    s.request(path, { ...form(fields), headers: { ...form(fields).headers, origin: s.config.publicUrl } });

  it('is the sign-in in Spanish: lang, Content-Language, its script given its words, the cache declaring es', async () => {
    const res = await get('/es/parent-login');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain(`<title>${loginEs['login.meta.title']} | Little Buckeyes Learning Center</title>`);
    expect(html).not.toContain('noindex');
    expect(html).toContain(`<link rel="canonical" href="${s.config.publicUrl}/es/parent-login" />`);
    // No call-or-apply bar over the form on a phone, as on the English sign-in.
    expect(html).not.toContain(`aria-label="${es['nav.actionBar']}"`);
    // Its forms post to itself, so a refusal is answered in Spanish too.
    expect(html).toContain('action="/es/parent-login"');
    expect(html).not.toContain('action="/parent-login"');
    // The header speaks Spanish, and its 'Portal para padres' is this page.
    expect(html).toContain('>Portal para padres</a>');
    expect(html).toContain('href="/es/parent-login"');
    // The script's words by key, and its refusals by id (ADR 069), in Spanish: no English sentence to match.
    const block = JSON.parse(/<script type="application\/json" id="page-messages">([^<]*)<\/script>/.exec(html)![1]!) as {
      messages: Record<string, string>;
      errors: Record<string, string>;
    };
    expect(block.errors['error.invalidLogin']).toBe(errorsEs['error.invalidLogin']);
    expect(block.messages['login.signingIn']).toBe(loginEs['login.signingIn']);
    expect(block.errors['error.other']).toBe(errorsEs['error.other']);
    expect(JSON.stringify(block)).not.toContain('Invalid email or password');
    // The English page: English words, its block in English, the English header.
    const english = await (await get('/parent-login')).text();
    expect(english).toMatch(/<html lang="en">/);
    expect(english).toContain('Invalid email or password');
    expect(english).toContain('Forgot your password?');
    expect(english).toContain('action="/parent-login"');

    expect(pageOfPath('/es/parent-login')?.lang).toBe('es');
    expect(pageOfPath('/parent-login')?.lang).toBe('en');
    // One copy per language in the response cache, byte for byte the same on repeat.
    const again = await get('/es/parent-login');
    expect(await again.text()).toBe(html);
  });

  it('says why the parent is here in Spanish (session ended, password changed), and never words from the address', async () => {
    const ended = await (await get('/es/parent-login?notice=session-ended')).text();
    expect(ended).toContain(loginEs['login.notice.sessionEnded']);
    expect(englishLeft(ended)).toEqual([]);
    const changed = await (await get('/es/parent-login?notice=password-changed')).text();
    expect(changed).toContain(loginEs['login.notice.passwordChanged']);
    expect(await (await get('/es/parent-login?notice=Llame%20al%20555')).text()).not.toContain('Llame al 555');
  });

  it('answers a sign-in posted without its script in Spanish: the fields, a wrong password, a reset; and signs in', async () => {
    await s.parentToken(email);
    const bad = await post('/es/parent-login', { email: 'no-es-correo', password: '' });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/<html lang="es">/);
    expect(badHtml).toContain(errorsEs['error.email']);
    expect(badHtml).toContain(errorsEs['error.passwordRequired']);
    expect(englishLeft(badHtml)).toEqual([]);

    const wrong = await post('/es/parent-login', { email, password: 'no es la mía' });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(loginEs['login.failed']);
    expect(wrongHtml).toContain(errorsEs['error.invalidLogin']);
    expect(wrongHtml).not.toContain('Invalid email or password');
    expect(englishLeft(wrongHtml)).toEqual([]);

    const reset = await (await post('/es/parent-login', { intent: 'reset', 'reset-email': email })).text();
    expect(reset).toContain(loginEs['login.resetRequested']);
    expect(englishLeft(reset)).toEqual([]);

    const ok = await post('/es/parent-login', { email, password: 'parent-pass-1' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/parent-dashboard');
    const cookie = ok.headers
      .getSetCookie()
      .find((c) => c.startsWith('parent_session='))!
      .split(';')[0]!;
    // Signed in, the Spanish sign-in sends the parent on as the English one does.
    const signedIn = await s.request('/es/parent-login', { headers: { cookie }, redirect: 'manual' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/parent-dashboard');
  });

  it("the portal drawn for a parent who chose Spanish has a Spanish header, whose 'Portal para padres' is /es/parent-login", async () => {
    const { token } = await s.parentToken('cabecera.es@example.com');
    const cookie = (
      await s.request('/api/parent/login', { method: 'POST', json: { email: 'cabecera.es@example.com', password: 'parent-pass-1' } })
    ).headers
      .getSetCookie()
      .find((c) => c.startsWith('parent_session='))!
      .split(';')[0]!;
    const english = await (await get('/parent-dashboard', { cookie })).text();
    const header = (html: string) => html.slice(html.indexOf('<a href="#main"'), html.indexOf('</header>'));
    expect(header(english)).toContain('>Skip to content</a>');
    expect(header(english)).toContain('aria-label="Main"');
    expect(header(english)).toContain('href="/parent-login"');
    const patched = await s.request('/api/parent/preferences', {
      method: 'PATCH',
      json: { language: 'es' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(patched.status).toBe(200);
    const spanish = await (await get('/parent-dashboard', { cookie })).text();
    expect(spanish).toMatch(/<html lang="es">/);
    const drawn = header(spanish);
    for (const key of ['nav.skip', 'nav.events', 'nav.milestones', 'nav.parentPortal', 'nav.enrollment', 'nav.menu'] as const)
      expect(drawn).toContain(`>${es[key]}`);
    expect(drawn).toContain(`aria-label="${es['nav.main']}"`);
    expect(drawn).toContain('href="/es/parent-login"');
    expect(drawn).toContain('href="/es/events"');
    expect(englishLeft(drawn)).toEqual([]);
  });
});

describe('/es/parent-reset-password (where a Spanish reset e-mail sends a parent)', () => {
  const lastMailTo = (email: string) => s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().at(-1)!;
  const asParent = async (email: string, language: 'en' | 'es') => {
    const { token } = await s.parentToken(email);
    const saved = await s.request('/api/parent/preferences', {
      method: 'PATCH',
      json: { language },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.status).toBe(200);
  };

  it("links a Spanish parent's reset e-mail to the Spanish page, an English parent's to the English page; the link works once", async () => {
    await asParent('restablecer.es@example.com', 'es');
    await asParent('reset.en.page@example.com', 'en');
    for (const email of ['restablecer.es@example.com', 'reset.en.page@example.com'])
      expect((await s.request('/api/parent/forgot-password', { method: 'POST', json: { email } })).status).toBe(200);
    await drainMailQueue(s.db);
    const spanish = lastMailTo('restablecer.es@example.com');
    expect(spanish.textBody).toContain('Elija una nueva contraseña aquí:');
    expect(spanish.textBody).toMatch(new RegExp(`${s.config.publicUrl}/es/parent-reset-password#token=[a-z2-7]+`));
    const english = lastMailTo('reset.en.page@example.com');
    expect(english.textBody).toMatch(new RegExp(`Choose a new password here: ${s.config.publicUrl}/parent-reset-password#token=[a-z2-7]+`));
    expect(english.textBody).not.toContain('/es/');

    // The Spanish link is the same single-use link: used once, its stored copy loses the token as the English one does.
    const token = /\/es\/parent-reset-password#token=([a-z2-7]+)/.exec(spanish.textBody)![1]!;
    expect((await s.caller().parentAuth.checkResetLink({ token })).valid).toBe(true);
    const used = await s.request('/api/parent/reset-password', { method: 'POST', json: { token, password: 'una frase nueva y larga' } });
    expect(used.status).toBe(200);
    expect(lastMailTo('restablecer.es@example.com').textBody).not.toContain(token);
    expect((await s.caller().parentAuth.checkResetLink({ token })).valid).toBe(false);
  });

  it("'¿Olvidó su contraseña?' posted from /es/parent-login sends the e-mail in the saved language, whichever page asked", async () => {
    await asParent('desde.es@example.com', 'es');
    await asParent('from.es.page@example.com', 'en');
    for (const email of ['desde.es@example.com', 'from.es.page@example.com']) {
      const res = await s.request('/es/parent-login', {
        ...form({ intent: 'reset', 'reset-email': email }),
        headers: { ...form({}).headers, origin: s.config.publicUrl },
      });
      expect(res.status).toBe(200);
    }
    await drainMailQueue(s.db);
    expect(lastMailTo('desde.es@example.com').textBody).toMatch(/Elija una nueva contraseña aquí: \S+\/es\/parent-reset-password#token=/);
    expect(lastMailTo('from.es.page@example.com').textBody).toMatch(/Choose a new password here: \S+\/parent-reset-password#token=/);
    expect(lastMailTo('from.es.page@example.com').textBody).not.toContain('/es/parent-reset-password');
  });

  it('is served in Spanish before its script runs (lang, Content-Language, its Loading... in Spanish), never indexed', async () => {
    const res = await get('/es/parent-reset-password');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('es');
    const html = await res.text();
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain('Cargando...');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(englishLeft(html)).toEqual([]);
    expect(pageOfPath('/es/parent-reset-password')).toBeUndefined();
    expect(await (await get('/robots.txt')).text()).toContain('Disallow: /es/parent-reset-password');
    expect(await (await get('/sitemap.xml')).text()).not.toContain('parent-reset-password');
    // The English page is served as before: English, its 'Loading...'.
    const english = await (await get('/parent-reset-password')).text();
    expect(english).toMatch(/<html lang="en">/);
    expect(english).toContain('Loading...');
    expect(englishLeft(english).length).toBeGreaterThan(0);
  });

  it("every word of the page's Spanish, its refusals included, is Spanish, and each refusal the page can meet is translated", () => {
    const { refusals, otherRefusal, language, ...words } = resetPasswordEs;
    expect(language).toBe('es');
    const texts = [...Object.values(words), ...Object.values(refusals), otherRefusal!];
    expect(texts.flatMap((text) => englishLeft(`<p>${text}</p>`))).toEqual([]);
    // The same check finds the English page's words English.
    const english = Object.values(resetPasswordEn).filter((v): v is string => typeof v === 'string' && v.length > 3);
    expect(english.flatMap((text) => englishLeft(`<p>${text}</p>`)).length).toBeGreaterThan(5);
    // What the schema says of a new password, and what the server says of a link, all have their Spanish.
    const said = [
      ...['', 'corta', 'x'.repeat(201), 'password123'].flatMap(
        (p) => newPasswordField.safeParse(p).error?.issues.map((i) => i.message) ?? [],
      ),
      ...(resetLinkSchema.safeParse({ token: '' }).error?.issues.map((i) => i.message) ?? []),
      RESET_LINK_INVALID,
    ];
    expect(said.length).toBeGreaterThan(4);
    for (const message of said) expect(refusals, message).toHaveProperty([errorRef(message)!.id]);
    expect(refusalIn(resetPasswordEs, 'Something the page has never seen')).toBe(otherRefusal);
    expect(refusalIn(resetPasswordEs, RESET_LINK_INVALID)).toBe(errorsEs['error.resetLinkUsed']);
    // The English page says the same ids in English.
    expect(refusalIn(resetPasswordEn, RESET_LINK_INVALID)).toBe(
      'This reset link is invalid, was already used or has expired. Please ask for a new one.',
    );
  });
});
