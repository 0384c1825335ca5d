import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * One account per browser at a time (ADR 062). A browser holding a staff cookie used to be unable to use a
 * parent's sign-in: the staff cookie won in resolveAuth, every portal call was a staff call, and the portal sent
 * the parent back to its sign-in page for ever. Now a successful sign-in of one kind ends the other kind's
 * session the request carries (deleted on the server, its cookie cleared in the same answer); a refused sign-in
 * changes nothing. Over tRPC and over the REST shim alike (the no-JavaScript form: form-pages.test.ts).
 */
let s: TestServer;
let staff: string;
const DIRECTOR = 'director@example.com';
const STAFF_PASSWORD = 'director-pass-1';
const PARENT_PASSWORD = 'parent-pass-1';
let n = 0;
/** A fresh address per sign-in, so the sign-in throttle (ADR 006) never enters into these checks. */
const fresh = () => ({ 'x-forwarded-for': `10.62.${Math.floor(++n / 250)}.${n % 250}` });

beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  staff = await s.adminCookie(DIRECTOR);
});
afterAll(() => s.close());

type Via = 'trpc' | 'rest';
function signIn(via: Via, kind: 'parent' | 'admin', email: string, password: string, cookie: string) {
  const headers = { ...fresh(), ...(cookie ? { cookie } : {}) };
  const body = { email, password };
  if (via === 'rest') return s.request(`/api/${kind}/login`, { method: 'POST', json: body, headers });
  return s.request(`/api/trpc/${kind === 'parent' ? 'parentAuth' : 'adminAuth'}.login`, { method: 'POST', json: { json: body }, headers });
}
const staffMe = (cookie: string) => s.request('/api/admin/me', { headers: { cookie } });
const parentMe = (cookie: string) => s.request('/api/parent/me', { headers: { cookie } });
/** `name=value` of the cookie a Set-Cookie names, or undefined. */
const setCookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const pair = (set: string) => set.split(';')[0]!;

async function parentCookie(email: string): Promise<string> {
  const { token } = await s.parentToken(email);
  return `parent_session=${token}`;
}

describe.each(['trpc', 'rest'] as const)('over %s', (via) => {
  it('a parent signing in where a staff member is signed in: the staff session ends, the portal works', async () => {
    const email = `one-${via}-p1@example.com`;
    await s.parentToken(email);
    const staffCookie = await s.adminCookie(DIRECTOR);
    expect((await staffMe(staffCookie)).status).toBe(200);

    const res = await signIn(via, 'parent', email, PARENT_PASSWORD, staffCookie);
    expect(res.status).toBe(200);
    // The staff cookie is cleared in the same answer that sets the parent's.
    expect(setCookie(res, 'admin_session')).toMatch(/^admin_session=;.*Max-Age=0/);
    const parent = setCookie(res, 'parent_session')!;
    expect(parent).toBeTruthy();
    // The staff session is ended on the server, not only forgotten by the browser.
    expect((await staffMe(staffCookie)).status).toBe(401);
    // What the browser now sends: the parent's cookie alone, and the portal answers.
    const me = await parentMe(pair(parent));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    // Even were the old staff cookie still sent along, it no longer wins: the portal answers the parent.
    expect((await parentMe(`${staffCookie}; ${pair(parent)}`)).status).toBe(200);
    // The staff member's session ending is in the audit log, as a sign-out is.
    const last = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(last).toMatchObject({ action: 'sign-out', entity: 'session', actorName: 'Test Director' });
  });

  it('a staff member signing in where a parent is signed in: the parent session ends, the dashboard works', async () => {
    const parentCookieBefore = await parentCookie(`one-${via}-p2@example.com`);
    expect((await parentMe(parentCookieBefore)).status).toBe(200);

    const res = await signIn(via, 'admin', DIRECTOR, STAFF_PASSWORD, parentCookieBefore);
    expect(res.status).toBe(200);
    expect(setCookie(res, 'parent_session')).toMatch(/^parent_session=;.*Max-Age=0/);
    const admin = setCookie(res, 'admin_session')!;
    expect(admin).toBeTruthy();
    expect((await parentMe(parentCookieBefore)).status).toBe(401);
    // The parent's token is the session: as a bearer header it stops working too.
    const token = parentCookieBefore.split('=')[1]!;
    expect((await s.request('/api/parent/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await staffMe(pair(admin))).status).toBe(200);
  });

  it('a staff member signing in from a page that sends the parent bearer token: that parent session ends too', async () => {
    const { token } = await s.parentToken(`one-${via}-p3@example.com`);
    const res =
      via === 'rest'
        ? await s.request('/api/admin/login', {
            method: 'POST',
            json: { email: DIRECTOR, password: STAFF_PASSWORD },
            headers: { ...fresh(), authorization: `Bearer ${token}` },
          })
        : await s.request('/api/trpc/adminAuth.login', {
            method: 'POST',
            json: { json: { email: DIRECTOR, password: STAFF_PASSWORD } },
            headers: { ...fresh(), authorization: `Bearer ${token}` },
          });
    expect(res.status).toBe(200);
    // No parent cookie was sent, so none is cleared; the session itself is over.
    expect(setCookie(res, 'parent_session')).toBeUndefined();
    expect((await s.request('/api/parent/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('a refused parent sign-in leaves the staff session working and its cookie alone', async () => {
    const email = `one-${via}-p4@example.com`;
    await s.parentToken(email);
    const res = await signIn(via, 'parent', email, 'not the password', staff);
    expect(res.status).toBe(401);
    expect(setCookie(res, 'admin_session')).toBeUndefined();
    expect(setCookie(res, 'parent_session')).toBeUndefined();
    expect((await staffMe(staff)).status).toBe(200);
  });

  it('a refused staff sign-in leaves the parent session working and its cookie alone', async () => {
    const cookie = await parentCookie(`one-${via}-p5@example.com`);
    const res = await signIn(via, 'admin', DIRECTOR, 'not the password', cookie);
    expect(res.status).toBe(401);
    expect(setCookie(res, 'parent_session')).toBeUndefined();
    expect(setCookie(res, 'admin_session')).toBeUndefined();
    expect((await parentMe(cookie)).status).toBe(200);
  });

  it('a sign-in of the same kind leaves the other kind alone when the request carries none', async () => {
    const email = `one-${via}-p6@example.com`;
    await s.parentToken(email);
    const res = await signIn(via, 'parent', email, PARENT_PASSWORD, '');
    expect(res.status).toBe(200);
    expect(setCookie(res, 'admin_session')).toBeUndefined();
    expect((await staffMe(staff)).status).toBe(200);
  });
});
