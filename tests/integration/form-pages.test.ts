import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollmentApplications, parentSessions, parentUsers } from '../../db/schema';
import { FORM_BODY_LIMIT } from '../../src/server/pages/forms';
import { requiredApplicationFields } from '../helpers/enrollment-fixtures';
import { standInManifest } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * /enrollment and /parent-login as documents (ADR 037): the forms a browser posts itself, before or without the
 * pages' scripts. A stand-in server render writes out the view the server drew each page with, so these check
 * what the server decided (messages at which fields, what was kept, what was stored, which cookie), without a
 * build; the browser tests check the drawn pages.
 */
let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'form-pages-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head>\n    <!--app-head-->\n    <script type="module" src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  const chunk = (file: string, imports: string[] = []) => ({ file: `assets/${file}`, imports });
  writeFileSync(
    join(dir, 'client', '.vite', 'manifest.json'),
    JSON.stringify(
      standInManifest({
        'index.html': chunk('index-A.js'),
        'pages/enrollment.ts': chunk('enrollment-E.js', ['_fields-F.js']),
        'pages/parent-login.ts': chunk('parent-login-P.js', ['_fields-F.js']),
        '_fields-F.js': chunk('fields-F.js'),
      }),
    ),
  );
  const view = `'<pre id="view">' + JSON.stringify(view).replace(/</g, '\\\\u003c') + '</pre>'`;
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = {}; export const isNotFound = () => true; export async function render() { return { html: '', state: '{}' }; }
     export async function renderEnrollmentPage(view) { return 'enrollment:' + ${view}; }
     export async function renderParentLoginPage(view) { return 'parent-login:' + ${view}; }`,
  );
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

interface View {
  submitted?: boolean;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string | null;
  ageWarning?: string | null;
  failure?: string | null;
  email?: string;
  forgotOpen?: boolean;
  resetDone?: string | null;
  resetError?: string | null;
  notice?: string | null;
  redirect?: string;
}
const viewOf = (html: string): View => JSON.parse(/<pre id="view">(.*)<\/pre>/s.exec(html)![1]!) as View;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  s.request(path, { method: 'POST', body: new URLSearchParams(fields), headers: { ...FORM, ...headers }, redirect: 'manual' });
const application = (overrides: Record<string, string> = {}) => ({ ...requiredApplicationFields, ...overrides });
const stored = (childFirstName: string) =>
  s.db.select().from(enrollmentApplications).where(eq(enrollmentApplications.childFirstName, childFirstName)).all();

describe('GET /enrollment', () => {
  it("is the server's drawing with the page's own script in place of the app's", async () => {
    const res = await s.request('/enrollment');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/enrollment-E.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/fields-F.js">');
    expect(html).not.toContain('index-A.js');
    expect(html).toContain('<title>Online Enrollment Application');
    expect(viewOf(html)).toMatchObject({ submitted: false, errors: {} });
  });
});

describe('POST /enrollment (the form sent by the browser itself)', () => {
  it("answers bad fields with the schema's messages at those fields, keeps what was typed, and stores nothing", async () => {
    const before = s.count(enrollmentApplications);
    const res = await post('/enrollment', application({ parentEmail: 'maria-at-example', parentZip: '43', childFirstName: 'Bad' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const view = viewOf(await res.text());
    expect(view.errors).toEqual({ parentEmail: 'Please enter a valid email address', parentZip: 'Please enter a valid ZIP code' });
    expect(view.values).toMatchObject({ parentFirstName: 'Maria', parentEmail: 'maria-at-example', childFirstName: 'Bad', allergies: '' });
    expect(view.submitted).toBe(false);
    expect(s.count(enrollmentApplications)).toBe(before);
  });

  it('an empty form: a message at every required field, nothing stored', async () => {
    const before = s.count(enrollmentApplications);
    const res = await post('/enrollment', {});
    expect(res.status).toBe(400);
    const { errors } = viewOf(await res.text());
    expect(errors).toMatchObject({
      parentFirstName: 'Parent first name is required',
      parentEmail: 'Please enter a valid email address',
      parentPhone: 'Please enter a valid phone number',
      childDateOfBirth: "Child's date of birth is required",
      programRequested: 'Please select a program',
      startDate: 'Desired start date is required',
      emergencyContactRelationship: 'Please select a relationship',
    });
    expect(errors).not.toHaveProperty('allergies');
    expect(s.count(enrollmentApplications)).toBe(before);
  });

  it('a valid application is stored once, as pending, and the browser is sent to the success screen (a reload sends nothing again)', async () => {
    const res = await post('/enrollment', application({ childFirstName: 'Once', allergies: 'Peanuts' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/enrollment?submitted');
    const rows = stored('Once');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      parentEmail: 'maria.lopez@example.com',
      programRequested: 'preschool',
      allergies: 'Peanuts',
      medications: null,
    });
    expect(viewOf(await (await s.request('/enrollment?submitted')).text()).submitted).toBe(true);
    expect(stored('Once')).toHaveLength(1);
  });

  it('is refused from another site (the same rule as the API), and nothing is stored', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: s.url },
    ] as Record<string, string>[]) {
      const res = await post('/enrollment', application({ childFirstName: 'Forged' }), headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    // Neither header: refused too (a missing header never means allowed).
    const bare = await fetch(`${s.url}/enrollment`, {
      method: 'POST',
      body: new URLSearchParams(application({ childFirstName: 'Forged' })),
      headers: FORM,
      redirect: 'manual',
    });
    expect(bare.status).toBe(403);
    expect(stored('Forged')).toHaveLength(0);
  });

  it('refuses a body over the limit, and one that is not a form, storing nothing', async () => {
    const big = await post('/enrollment', application({ childFirstName: 'Big', specialInstructions: 'x'.repeat(FORM_BODY_LIMIT) }));
    expect(big.status).toBe(413);
    const json = await s.request('/enrollment', { method: 'POST', json: application({ childFirstName: 'Json' }), redirect: 'manual' });
    expect(json.status).toBe(415);
    expect(stored('Big')).toHaveLength(0);
    expect(stored('Json')).toHaveLength(0);
  });

  it("the spam trap filled in: the procedure's refusal as a sentence for the whole form, nothing stored", async () => {
    const res = await post('/enrollment', application({ childFirstName: 'Bot', website: 'https://spam.example' }));
    expect(res.status).toBe(400);
    expect(viewOf(await res.text()).formError).toBe('Your application could not be accepted. Please call us.');
    expect(stored('Bot')).toHaveLength(0);
  });

  it('a program that does not fit the age is a warning the parent can accept, not a refusal', async () => {
    // Nine months old on the start date, in Kindergarten Prep.
    const young = application({
      childFirstName: 'Nine',
      childDateOfBirth: '2026-04-04',
      startDate: '2027-01-04',
      programRequested: 'kindergarten',
    });
    const warned = await post('/enrollment', young);
    expect(warned.status).toBe(200);
    const view = viewOf(await warned.text());
    expect(view.ageWarning).toMatch(
      /^Kindergarten Prep \(4-5 years\) is for children 4 to 5 years; your child will be 9 months old on the desired start date\./,
    );
    expect(view.errors).toEqual({});
    expect(view.values?.childFirstName).toBe('Nine');
    expect(stored('Nine')).toHaveLength(0);

    const accepted = await post('/enrollment', { ...young, applyAnyway: 'yes' });
    expect(accepted.status).toBe(303);
    expect(stored('Nine')).toHaveLength(1);
    expect(stored('Nine')[0]).toMatchObject({ programRequested: 'kindergarten', status: 'pending' });
  });

  it('shares its rate with the API: too many applications from one network get a 429 with the sentence and Retry-After', async () => {
    const fresh = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
    try {
      for (let i = 0; i < 10; i++)
        expect((await fresh.request('/api/enrollment', { method: 'POST', json: application({ childFirstName: `Api${i}` }) })).status).toBe(
          201,
        );
      for (let i = 0; i < 10; i++) {
        const res = await fresh.request('/enrollment', {
          method: 'POST',
          body: new URLSearchParams(application({ childFirstName: `Form${i}` })),
          headers: FORM,
          redirect: 'manual',
        });
        expect(res.status).toBe(303);
      }
      const res = await fresh.request('/enrollment', {
        method: 'POST',
        body: new URLSearchParams(application({ childFirstName: 'Late' })),
        headers: FORM,
        redirect: 'manual',
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(viewOf(await res.text())).toMatchObject({
        formError: 'Too many applications from this network. Please call us or try again later.',
        values: { childFirstName: 'Late' },
      });
      expect(fresh.count(enrollmentApplications)).toBe(20);
    } finally {
      await fresh.close();
    }
  });
});

describe('/parent-login', () => {
  const email = 'form.parent@example.com';
  beforeEach(async () => {
    await s.parentToken(email);
    s.db.delete(parentSessions).run();
  });
  const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('parent_session='));

  it('signs in with the session cookie the API sets, and sends the parent to the dashboard', async () => {
    const res = await post('/parent-login', { email, password: 'parent-pass-1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/parent-dashboard');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The same kind of cookie as the JSON sign-in's.
    const api = await s.request('/api/parent/login', { method: 'POST', json: { email, password: 'parent-pass-1' } });
    expect(sessionCookie(api)!.replace(/=[^;]*/, '')).toBe(cookie.replace(/=[^;]*/, ''));
    const parent = s.db.select().from(parentUsers).where(eq(parentUsers.email, email)).get()!;
    expect(s.db.select().from(parentSessions).where(eq(parentSessions.parentId, parent.id)).all()).toHaveLength(2);

    // Signed in, the sign-in page sends them on; the dashboard is drawn for them from the cookie.
    const again = await s.request('/parent-login', { headers: { cookie: cookie.split(';')[0]! }, redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/parent-dashboard');
  });

  it("bad fields get the schema's messages at the fields; a wrong password the product's sentence; no cookie either way", async () => {
    const bad = await post('/parent-login', { email: 'not-an-email', password: '' });
    expect(bad.status).toBe(400);
    expect(viewOf(await bad.text())).toMatchObject({
      email: 'not-an-email',
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
    expect(sessionCookie(bad)).toBeUndefined();

    const wrong = await post('/parent-login', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    // Said at the password too: the page marks it invalid with the sentence in its message slot, and focuses it.
    expect(viewOf(await wrong.text())).toMatchObject({
      email,
      failure: 'Invalid email or password',
      errors: { password: 'Invalid email or password' },
    });
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(s.db.select().from(parentSessions).all()).toHaveLength(0);
  });

  it('is refused from another site (login CSRF)', async () => {
    const res = await post('/parent-login', { email, password: 'parent-pass-1' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
    expect(s.db.select().from(parentSessions).all()).toHaveLength(0);
  });

  it('is throttled with the API: a 429 with Retry-After and the plain sentence', async () => {
    const other = 'throttled.parent@example.com';
    await s.parentToken(other);
    let last: Response | null = null;
    for (let i = 0; i < 12; i++) last = await post('/parent-login', { email: other, password: `wrong ${i}` });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    const throttled = viewOf(await last!.text());
    expect(throttled.failure).toMatch(/^Too many sign-in attempts/);
    // Not the password's fault: no field is marked.
    expect(throttled.errors).toBeUndefined();
    // The JSON sign-in is held by the same throttle.
    expect((await s.request('/api/parent/login', { method: 'POST', json: { email: other, password: 'parent-pass-1' } })).status).toBe(429);
  });

  it("'Forgot your password?' opens by address and answers a reset request with the same sentence for any e-mail", async () => {
    expect(viewOf(await (await s.request('/parent-login?forgot=1')).text()).forgotOpen).toBe(true);
    const known = viewOf(await (await post('/parent-login', { intent: 'reset', 'reset-email': email })).text());
    const unknown = viewOf(await (await post('/parent-login', { intent: 'reset', 'reset-email': 'nobody@example.com' })).text());
    expect(known.resetDone).toMatch(/If a Parent Portal account exists for that e-mail/);
    expect(unknown.resetDone).toBe(known.resetDone);
    const bad = await post('/parent-login', { intent: 'reset', 'reset-email': 'nope' });
    expect(bad.status).toBe(400);
    expect(viewOf(await bad.text())).toMatchObject({ forgotOpen: true, resetError: 'Please enter a valid email address' });
  });

  it('lands on the tab asked for before signing in (?redirect=), a known tab only, never another page or site', async () => {
    // The page keeps the tab in its forms; anything but a dashboard tab is dropped.
    expect(viewOf(await (await s.request('/parent-login?redirect=communication')).text()).redirect).toBe('communication');
    expect(viewOf(await (await s.request('/es/parent-login?redirect=payments')).text()).redirect).toBe('payments');
    for (const bad of ['https://evil.example', '//evil.example', '/admin', 'today', 'communication/../x'])
      expect(viewOf(await (await s.request(`/parent-login?redirect=${encodeURIComponent(bad)}`)).text()).redirect).toBeUndefined();
    // A refused sign-in keeps it; the accepted one lands there.
    const wrong = await post('/parent-login', { email, password: 'not the password', redirect: 'communication' });
    expect(viewOf(await wrong.text()).redirect).toBe('communication');
    const res = await post('/es/parent-login', { email, password: 'parent-pass-1', redirect: 'communication' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/parent-dashboard?tab=communication');
    for (const bad of ['https://evil.example', '//evil.example', '/admin?tab=audit', '']) {
      const other = await post('/parent-login', { email, password: 'parent-pass-1', redirect: bad });
      expect(other.headers.get('location')).toBe('/parent-dashboard');
    }
    // Already signed in: sent straight to that tab.
    const cookie = sessionCookie(res)!.split(';')[0]!;
    const again = await s.request('/parent-login?redirect=notes', { headers: { cookie }, redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/parent-dashboard?tab=notes');
    const evil = await s.request('/parent-login?redirect=%2F%2Fevil.example', { headers: { cookie }, redirect: 'manual' });
    expect(evil.headers.get('location')).toBe('/parent-dashboard');
  });

  it('with a staff session and no parent session, keeps the tab and the notice the portal sends it, as when signed out', async () => {
    // The portal answers a staff cookie 403 and sends here with ?notice=session-ended&redirect={tab}: the staff session
    // is no parent's, so the page is shown (no redirect to a dashboard), with the tab kept in its forms.
    const cookie = await s.adminCookie();
    const res = await s.request('/parent-login?notice=session-ended&redirect=communication', { headers: { cookie }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(viewOf(await res.text())).toMatchObject({ notice: 'session-ended', redirect: 'communication' });
    const es = await s.request('/es/parent-login?notice=session-ended&redirect=payments', { headers: { cookie }, redirect: 'manual' });
    expect(viewOf(await es.text())).toMatchObject({ notice: 'session-ended', redirect: 'payments' });
    // Only a known tab, as for everyone.
    const bad = await s.request('/parent-login?notice=session-ended&redirect=%2Fadmin', { headers: { cookie }, redirect: 'manual' });
    expect(viewOf(await bad.text()).redirect).toBeUndefined();
  });

  it('signed in as staff in this browser, a parent signing in ends the staff session and reaches the portal (ADR 062)', async () => {
    const parentEmail = 'form.after-staff@example.com';
    await s.parentToken(parentEmail);
    const staff = await s.adminCookie();
    // A refused sign-in changes nothing: the staff session stays, no cookie is touched.
    const wrong = await post('/parent-login', { email: parentEmail, password: 'not the password' }, { cookie: staff });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect((await s.request('/api/admin/me', { headers: { cookie: staff } })).status).toBe(200);

    const res = await post('/parent-login', { email: parentEmail, password: 'parent-pass-1' }, { cookie: staff });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/parent-dashboard');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('admin_session='))).toMatch(/^admin_session=;.*Max-Age=0/);
    expect((await s.request('/api/admin/me', { headers: { cookie: staff } })).status).toBe(401);
    const parent = sessionCookie(res)!.split(';')[0]!;
    expect((await s.request('/api/parent/me', { headers: { cookie: parent } })).status).toBe(200);
  });

  it('shows only its own notices, by code', async () => {
    expect(viewOf(await (await s.request('/parent-login?notice=session-ended')).text()).notice).toBe('session-ended');
    expect(viewOf(await (await s.request('/parent-login?notice=Call%20555')).text()).notice).toBeNull();
  });
});
