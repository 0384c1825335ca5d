import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, adminUsers } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { ACCOUNT_DELAY_CAP_MS } from '../../src/server/auth/login-throttle';
import { ADMIN_SESSION_MAX_MS, ADMIN_SESSION_MS } from '../../src/server/auth/session';
import { startTestServer, type TestServer } from '../helpers/server';

const HOUR = 60 * 60 * 1000;
const PASSWORD = 'correct horse battery staple';

async function createAdmin(s: TestServer, email: string, name = 'Dana Director') {
  return s.db
    .insert(adminUsers)
    .values({ email, name, passwordHash: await hashPassword(PASSWORD) })
    .returning()
    .get();
}

function login(s: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return s.request('/api/admin/login', { method: 'POST', json: { email, password }, headers });
}

/** `admin_session=…` from a Set-Cookie header, ready to send back as a Cookie header. */
function cookieFrom(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('admin_session='));
  if (!set) throw new Error('no admin_session cookie was set');
  return set.split(';')[0]!;
}

function sessionRows(s: TestServer, adminId: string) {
  return s.db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId)).all();
}

describe('POST /api/admin/login', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    await createAdmin(s, 'dana@centre.example');
  });
  afterAll(() => s.close());

  it('signs in: HttpOnly SameSite=Lax cookie (not Secure over http) and the admin object without any hash', async () => {
    const res = await login(s, 'Dana@Centre.example', PASSWORD);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!;
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Path=\//);
    expect(setCookie).not.toMatch(/;\s*Secure/i);

    const text = await res.text();
    expect(text).not.toMatch(/argon2|passwordHash|secretHash/i);
    const body = JSON.parse(text) as { success: boolean; admin: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(Object.keys(body.admin).sort()).toEqual(['email', 'id', 'lastLoginAt', 'name', 'previousLoginAt', 'role']);
    expect(body.admin).toMatchObject({ email: 'dana@centre.example', name: 'Dana Director' });

    // The cookie is a working session: the server, not local storage, recognises the admin.
    const me = await s.request('/api/admin/me', { headers: { cookie: cookieFrom(res) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'dana@centre.example', name: 'Dana Director' });
  });

  it('stores only the hash of the session secret', async () => {
    const res = await login(s, 'dana@centre.example', PASSWORD);
    const token = cookieFrom(res).split('=')[1]!;
    const [id, secret] = token.split('.') as [string, string];
    const row = s.db.select().from(adminSessions).where(eq(adminSessions.id, id)).get()!;
    expect(row).toBeTruthy();
    expect(row.secretHash).not.toContain(secret);
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records the login time and keeps the previous one for the dashboard header', async () => {
    const local = await startTestServer();
    try {
      const admin = await createAdmin(local, 'lee@centre.example', 'Lee');
      const first = local.clock.now();
      const r1 = (await (await login(local, 'lee@centre.example', PASSWORD)).json()) as {
        admin: { lastLoginAt: string; previousLoginAt: string | null };
      };
      expect(r1.admin.lastLoginAt).toBe(first.toISOString());
      expect(r1.admin.previousLoginAt).toBeNull();

      local.clock.advance(26 * HOUR);
      const second = local.clock.now();
      const r2 = (await (await login(local, 'lee@centre.example', PASSWORD)).json()) as {
        admin: { lastLoginAt: string; previousLoginAt: string | null };
      };
      expect(r2.admin.lastLoginAt).toBe(second.toISOString());
      expect(r2.admin.previousLoginAt).toBe(first.toISOString());

      const row = local.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id)).get()!;
      expect(row.lastLoginAt?.toISOString()).toBe(second.toISOString());
      expect(row.previousLoginAt?.toISOString()).toBe(first.toISOString());
    } finally {
      await local.close();
    }
  });

  it('answers an unknown e-mail exactly as a wrong password, and sets no cookie', async () => {
    const unknown = await login(s, 'nobody@centre.example', PASSWORD);
    const wrong = await login(s, 'dana@centre.example', 'not the password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual({ message: 'Invalid email or password' });
    expect(unknown.headers.getSetCookie()).toEqual([]);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('answers the same through tRPC for both failures', async () => {
    await expect(s.caller().adminAuth.login({ email: 'ghost@centre.example', password: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    await expect(s.caller().adminAuth.login({ email: 'dana@centre.example', password: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
  });

  it('validates the form as docs/product.md §5 says', async () => {
    const badEmail = await login(s, 'not-an-email', 'x');
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { message: string }).message).toBe('Please enter a valid email address');
    const noPassword = await login(s, 'dana@centre.example', '');
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { message: string }).message).toBe('Password is required');
  });
});

describe('Secure cookie when the site is served over https', () => {
  it('adds Secure and the __Host- prefix to the session cookie, and sends HSTS, when PUBLIC_URL is https', async () => {
    const s = await startTestServer({ env: { PUBLIC_URL: 'https://centre.example' } });
    try {
      await createAdmin(s, 'dana@centre.example');
      const res = await login(s, 'dana@centre.example', PASSWORD, { origin: 'https://centre.example' });
      expect(res.status).toBe(200);
      // The __Host- prefix: only this host, over https, may set it.
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_session='))!;
      expect(setCookie).toMatch(/;\s*Secure/i);
      expect(setCookie).not.toMatch(/Domain=/i);
      // And it is the session cookie the server reads back.
      const me = await s.request('/api/admin/me', { headers: { cookie: setCookie.split(';')[0]!, origin: 'https://centre.example' } });
      expect(me.status).toBe(200);
      expect(me.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    } finally {
      await s.close();
    }
  });
});

describe('login throttling', () => {
  it('locks an account after 5 failures: the 6th answers 429 with Retry-After, even with the right password', async () => {
    const s = await startTestServer();
    try {
      await createAdmin(s, 'dana@centre.example');
      for (let i = 0; i < 5; i++) expect((await login(s, 'dana@centre.example', `wrong-${i}`)).status).toBe(401);
      const blocked = await login(s, 'dana@centre.example', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many sign-in attempts/);
      expect(blocked.headers.getSetCookie()).toEqual([]);
      // Another account from the same address is not locked by it.
      await createAdmin(s, 'sam@centre.example', 'Sam');
      expect((await login(s, 'sam@centre.example', PASSWORD)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('locks an address after 30 failures spread over many accounts', async () => {
    const s = await startTestServer();
    try {
      await createAdmin(s, 'dana@centre.example');
      // Never 5 failures on one account, so only the per-address limit can trip.
      for (let i = 0; i < 30; i++) expect((await login(s, `guess-${i % 10}-${i}@centre.example`, 'nope')).status).toBe(401);
      const blocked = await login(s, 'dana@centre.example', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });

  it('counts attempts sent at the same moment: of 25 parallel guesses at most 5 are checked', async () => {
    const s = await startTestServer();
    try {
      await createAdmin(s, 'dana@centre.example');
      const statuses = await Promise.all(
        Array.from({ length: 25 }, (_, i) => login(s, 'dana@centre.example', `wrong-${i}`).then((r) => r.status)),
      );
      expect(statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((st) => st === 429).length).toBeGreaterThanOrEqual(20);
      expect((await login(s, 'dana@centre.example', PASSWORD)).status).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('a batch of guesses in one tRPC request is throttled like separate requests, and large batches are refused', async () => {
    const s = await startTestServer();
    try {
      await createAdmin(s, 'dana@centre.example');
      const batch = (passwords: string[]) => {
        const body = Object.fromEntries(passwords.map((password, i) => [i, { json: { email: 'dana@centre.example', password } }]));
        return s.request(`/api/trpc/${passwords.map(() => 'adminAuth.login').join(',')}?batch=1`, { method: 'POST', json: body });
      };
      // The right password is the last of ten: by then the account is locked.
      const res = await batch([...Array.from({ length: 9 }, (_, i) => `wrong-${i}`), PASSWORD]);
      // Errors travel through superjson, hence the `json` envelope.
      const results = (await res.json()) as { error?: { json: { data: { httpStatus: number } } }; result?: unknown }[];
      expect(results).toHaveLength(10);
      expect(results.filter((r) => r.result).length).toBe(0);
      expect(results.filter((r) => r.error?.json.data.httpStatus === 401).length).toBeLessThanOrEqual(5);
      expect(results.filter((r) => r.error?.json.data.httpStatus === 429).length).toBeGreaterThanOrEqual(5);
      expect(res.headers.getSetCookie()).toEqual([]);
      // One request may not carry more than TRPC_MAX_BATCH calls at all.
      expect((await batch(Array.from({ length: 11 }, (_, i) => `x-${i}`))).status).toBe(400);
    } finally {
      await s.close();
    }
  });

  it('throttles the tRPC login as well (TOO_MANY_REQUESTS over HTTP is 429 with Retry-After)', async () => {
    const s = await startTestServer();
    try {
      await createAdmin(s, 'dana@centre.example');
      const call = (password: string) =>
        s.request('/api/trpc/adminAuth.login', { method: 'POST', json: { json: { email: 'dana@centre.example', password } } });
      for (let i = 0; i < 5; i++) expect((await call(`wrong-${i}`)).status).toBe(401);
      const blocked = await call(PASSWORD);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});

describe('login throttling under an attack from many addresses (TRUST_PROXY + X-Forwarded-For)', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('a stranger cannot lock the director out: 5 wrong passwords lock only the guessing address, the director still signs in', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await createAdmin(s, 'dana@centre.example');
      for (let i = 0; i < 5; i++) expect((await login(s, 'dana@centre.example', `wrong-${i}`, from('198.51.100.66'))).status).toBe(401);
      const blocked = await login(s, 'dana@centre.example', PASSWORD, from('198.51.100.66'));
      expect(blocked.status).toBe(429);
      // The window is 15 minutes from the first failure, and the clock has not moved beyond the slow-down.
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      // The director, from the office's address, signs in at once.
      const director = await login(s, 'dana@centre.example', PASSWORD, from('203.0.113.10'));
      expect(director.status).toBe(200);
      expect(director.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(true);
      // The lock on the guessing address ends with its window.
      s.clock.advance(15 * 60 * 1000);
      expect((await login(s, 'dana@centre.example', PASSWORD, from('198.51.100.66'))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('an attack from many addresses slows the account down (growing, capped) but never refuses the right password from a clean address', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await createAdmin(s, 'dana@centre.example');
      const waited: number[] = [];
      for (let i = 0; i < 16; i++) {
        const before = s.clock.now().getTime();
        // Four guesses per address: under the per-address limits, so only the account's slow-down applies.
        const res = await login(s, 'dana@centre.example', `guess-${i}`, from(`198.51.100.${Math.floor(i / 4)}`));
        expect(res.status).toBe(401);
        waited.push(s.clock.now().getTime() - before);
      }
      // The first five failures cost nothing; then the delay doubles from 250 ms up to its 4 s cap.
      expect(waited.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
      expect(waited.slice(5, 11)).toEqual([250, 500, 1000, 2000, 4000, 4000]);
      expect(Math.max(...waited)).toBe(ACCOUNT_DELAY_CAP_MS);

      const before = s.clock.now().getTime();
      const director = await login(s, 'dana@centre.example', PASSWORD, from('203.0.113.10'));
      expect(director.status).toBe(200);
      expect(s.clock.now().getTime() - before).toBeLessThanOrEqual(ACCOUNT_DELAY_CAP_MS);
      // The director's sign-in does not reset the slow-down for the attackers.
      const t = s.clock.now().getTime();
      expect((await login(s, 'dana@centre.example', 'guess-again', from('198.51.100.200'))).status).toBe(401);
      expect(s.clock.now().getTime() - t).toBe(ACCOUNT_DELAY_CAP_MS);
    } finally {
      await s.close();
    }
  });

  it('one address guessing over many accounts gets 429 with Retry-After after 30 failures, other addresses do not', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await createAdmin(s, 'dana@centre.example');
      for (let i = 0; i < 30; i++) expect((await login(s, `guess-${i}@centre.example`, 'nope', from('198.51.100.9'))).status).toBe(401);
      const blocked = await login(s, 'dana@centre.example', PASSWORD, from('198.51.100.9'));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
      expect(((await blocked.json()) as { message: string }).message).toBe(
        'Too many sign-in attempts. Please wait a few minutes and try again.',
      );
      expect((await login(s, 'dana@centre.example', PASSWORD, from('198.51.100.10'))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('a success forgives that address its typos on the account', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await createAdmin(s, 'dana@centre.example');
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) expect((await login(s, 'dana@centre.example', `typo-${i}`, from('203.0.113.10'))).status).toBe(401);
        expect((await login(s, 'dana@centre.example', PASSWORD, from('203.0.113.10'))).status).toBe(200);
      }
    } finally {
      await s.close();
    }
  });
});

describe('session lifetime and logout', () => {
  let s: TestServer;
  let adminId: string;
  beforeAll(async () => {
    s = await startTestServer();
    adminId = (await createAdmin(s, 'dana@centre.example')).id;
  });
  afterAll(() => s.close());

  const me = (cookie: string) => s.request('/api/admin/me', { headers: { cookie } });

  it('expires after 12 hours without use, and the expired row is removed', async () => {
    expect(ADMIN_SESSION_MS).toBe(12 * HOUR);
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const id = cookie.split('=')[1]!.split('.')[0]!;
    s.clock.advance(ADMIN_SESSION_MS + 1000);
    const res = await me(cookie);
    expect(res.status).toBe(401);
    expect(s.db.select().from(adminSessions).where(eq(adminSessions.id, id)).get()).toBeUndefined();
  });

  it('slides: used at 7 h, it is still valid at 13 h (and the cookie is renewed)', async () => {
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    s.clock.advance(7 * HOUR);
    const at7 = await me(cookie);
    expect(at7.status).toBe(200);
    // Past half its life, so the expiry moved on and the browser gets a fresh cookie.
    expect(at7.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(true);
    s.clock.advance(6 * HOUR);
    expect((await me(cookie)).status).toBe(200);
    // And idles out 12 h after that last use.
    s.clock.advance(ADMIN_SESSION_MS + 1000);
    expect((await me(cookie)).status).toBe(401);
  });

  it('ends 7 days after the sign-in however busy it is (absolute lifetime), and the last cookie expires then', async () => {
    expect(ADMIN_SESSION_MAX_MS).toBe(7 * 24 * HOUR);
    const signedInAt = s.clock.now().getTime();
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const id = cookie.split('=')[1]!.split('.')[0]!;
    let lastExpiry = 0;
    // Used every 8 hours for a week: never idle long enough to expire.
    while (s.clock.now().getTime() + 8 * HOUR < signedInAt + ADMIN_SESSION_MAX_MS) {
      s.clock.advance(8 * HOUR);
      const res = await me(cookie);
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith('admin_session='));
      if (set) lastExpiry = new Date(set.match(/Expires=([^;]+)/)![1]!).getTime();
    }
    // Renewals never promise more than the absolute end.
    expect(lastExpiry).toBe(signedInAt + ADMIN_SESSION_MAX_MS);
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MAX_MS - 1000));
    expect((await me(cookie)).status).toBe(200);
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MAX_MS));
    expect((await me(cookie)).status).toBe(401);
    expect(s.db.select().from(adminSessions).where(eq(adminSessions.id, id)).get()).toBeUndefined();
  });

  it('is refused at exactly its idle expiry and accepted 1 ms before, to the millisecond', async () => {
    const signedInAt = s.clock.now().getTime();
    const used = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const idle = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MS - 1));
    expect((await me(used)).status).toBe(200);
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MS));
    expect((await me(idle)).status).toBe(401);
  });

  it('is refused at exactly its absolute end and accepted 1 ms before, even when its idle expiry is later', async () => {
    const signedInAt = s.clock.now().getTime();
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const id = cookie.split('=')[1]!.split('.')[0]!;
    // An idle expiry past the absolute end (as a row written before a shorter limit would hold): only the
    // absolute end can refuse it.
    s.db
      .update(adminSessions)
      .set({ expiresAt: new Date(signedInAt + 2 * ADMIN_SESSION_MAX_MS) })
      .where(eq(adminSessions.id, id))
      .run();
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MAX_MS - 1));
    expect((await me(cookie)).status).toBe(200);
    s.clock.set(new Date(signedInAt + ADMIN_SESSION_MAX_MS));
    expect((await me(cookie)).status).toBe(401);
  });

  it('logout deletes the session row, clears the cookie, and the old cookie then gets 401', async () => {
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const id = cookie.split('=')[1]!.split('.')[0]!;
    expect(sessionRows(s, adminId).some((r) => r.id === id)).toBe(true);

    const res = await s.request('/api/admin/logout', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('admin_session='))).toMatch(/Max-Age=0/);
    expect(sessionRows(s, adminId).some((r) => r.id === id)).toBe(false);

    expect((await me(cookie)).status).toBe(401);
    const write = await s.request('/api/events', {
      method: 'POST',
      headers: { cookie },
      json: { title: 'T', description: 'D', eventDate: '2026-12-01' },
    });
    expect(write.status).toBe(401);
  });

  it('refuses a forged or tampered token', async () => {
    const cookie = cookieFrom(await login(s, 'dana@centre.example', PASSWORD));
    const [id] = cookie.split('=')[1]!.split('.');
    expect((await me(`admin_session=${id}.forgedsecret`)).status).toBe(401);
    expect((await me('admin_session=garbage')).status).toBe(401);
  });
});
