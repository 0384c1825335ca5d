/**
 * Staff passkeys (ADR 102) end to end with a software authenticator (tests/helpers/software-authenticator.ts): a
 * real ES256 key, a 'none' attestation and signed assertions, sent over the REST paths and over tRPC as the
 * dashboard sends them. Registration is stored; a passkey signs in alone and its counter moves; a replayed
 * assertion, a wrong origin or RP ID, a challenge of another pending sign-in, an old counter and an unknown
 * credential are refused with the catalogue's words and open nothing; a passkey is removed by its owner only.
 * The browser walk with Chromium's virtual authenticator is tests/e2e/staff-mfa.spec.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSessions, adminUsers, auditLog, staffPasskeys } from '../../db/schema';
import { sharedAdminServer } from '../helpers/admin-server';
import { freshAddress } from '../helpers/authz-fixtures';
import { english } from '../helpers/english';
import { testPasswordHash } from '../helpers/server';
import { type CeremonyOptions, SoftwareAuthenticator } from '../helpers/software-authenticator';

const PASSWORD = 'correct horse battery staple';
// WebAuthn's relying party is a domain: this file's server is http://localhost:port. Callers' addresses come from
// X-Forwarded-For (freshAddress), as behind the centre's proxy.
const s = sharedAdminServer(() => ({ publicHost: 'localhost', env: { TRUST_PROXY: 'true' } }));

let n = 0;
async function newStaff(role: 'director' | 'teacher' = 'teacher') {
  const email = `passkey.person${++n}@centre.example`;
  return s.db
    .insert(adminUsers)
    .values({ email, name: `Passkey Person ${n}`, role, passwordHash: await testPasswordHash(PASSWORD) })
    .returning()
    .get();
}

/** The Cookie header for every cookie a response set with a value. */
function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

const setCookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

async function signedIn(email: string): Promise<string> {
  const res = await s.request('/api/admin/login', { method: 'POST', json: { email, password: PASSWORD }, headers: freshAddress() });
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

/** A tRPC mutation over HTTP as the dashboard's client sends it (superjson's `{ json }`); answers the status and data. */
async function mutation(path: string, input: unknown, cookie?: string) {
  const res = await s.request(`/api/trpc/${path}`, {
    method: 'POST',
    json: { json: input ?? null },
    headers: { ...freshAddress(), ...(cookie ? { cookie } : {}) },
  });
  const body = (await res.json()) as { result?: { data: { json: unknown } }; error?: { json: { message: string } } };
  return { res, data: body.result?.data.json, message: body.error?.json.message };
}

const origin = () => new URL(s.url).origin;
const rpId = () => new URL(s.config.publicUrl).hostname;
const ceremony = (challenge: string, over: Partial<CeremonyOptions> = {}): CeremonyOptions => ({
  challenge,
  origin: origin(),
  rpId: rpId(),
  ...over,
});

/** Registers `key` for the signed-in `cookie` over REST (options, then the answer); answers the stored row's id. */
async function registerOverRest(cookie: string, key: SoftwareAuthenticator, name = 'Office laptop'): Promise<string> {
  const options = await s.request('/api/admin/passkeys/registration-options', { method: 'POST', headers: { cookie } });
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  const res = await s.request('/api/admin/passkeys', {
    method: 'POST',
    json: { name, response: key.registration(ceremony(challenge)) },
    headers: { cookie: `${cookie}; ${cookiesFrom(options)}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A passkey sign-in's first half over REST: a browser's challenge and its cookie. */
async function loginChallenge(address = freshAddress()) {
  const res = await s.request('/api/admin/login/passkey-options', { method: 'POST', headers: address });
  expect(res.status).toBe(200);
  const { challenge } = (await res.json()) as { challenge: string };
  return { challenge, cookie: cookiesFrom(res), address };
}

function loginWith(cookie: string, response: unknown, address = freshAddress()) {
  return s.request('/api/admin/login/passkey', { method: 'POST', json: { response }, headers: { cookie, ...address } });
}

const passkeyRow = (credentialId: string) => s.db.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, credentialId)).get();
const sessionCount = (adminId: string) => s.db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId)).all().length;
const signIns = (adminId: string) =>
  s.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sign-in'), eq(auditLog.entityId, adminId)))
    .all().length;

describe('registering a passkey', () => {
  it('over tRPC as Account does: stored under its name with its public key, listed without it, audited', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const key = new SoftwareAuthenticator();
    const options = await mutation('staffMfa.passkeyRegistrationOptions', undefined, cookie);
    expect(options.res.status).toBe(200);
    expect(options.res.headers.get('cache-control')).toContain('no-store');
    const opts = options.data as { challenge: string; rp: { id: string }; user: { name: string }; excludeCredentials: unknown[] };
    expect(opts.rp.id).toBe('localhost');
    expect(opts.user.name).toBe(person.email);
    expect(opts.excludeCredentials).toEqual([]);
    const challengeCookie = cookiesFrom(options.res);
    expect(challengeCookie).toMatch(/^admin_passkey_challenge=/);

    const registered = await mutation(
      'staffMfa.passkeyRegister',
      { name: 'Office laptop', response: key.registration(ceremony(opts.challenge, { rpId: opts.rp.id })) },
      `${cookie}; ${challengeCookie}`,
    );
    expect(registered.res.status).toBe(200);
    expect(registered.data).toMatchObject({ name: 'Office laptop' });
    expect(JSON.stringify(registered.data)).not.toContain(key.id);

    const row = passkeyRow(key.id)!;
    expect(row).toMatchObject({ adminId: person.id, name: 'Office laptop', counter: 0, transports: ['internal'] });
    expect(row.publicKey.length).toBeGreaterThan(40);

    const list = await s.request('/api/admin/passkeys', { headers: { cookie } });
    expect(list.headers.get('cache-control')).toContain('no-store');
    const listed = (await list.json()) as Record<string, unknown>[];
    expect(listed).toEqual([{ id: row.id, name: 'Office laptop', createdAt: expect.any(String), lastUsedAt: null }]);

    const audit = s.db.select().from(auditLog).where(eq(auditLog.entity, 'second-factor')).orderBy(desc(auditLog.id)).get()!;
    expect(audit).toMatchObject({ action: 'create', entityId: person.id, actorId: person.id });
    expect(audit.fields).toEqual({ kind: 'passkey', passkeyId: row.id });
    expect(JSON.stringify(audit)).not.toContain(row.publicKey);

    // The challenge is used once: the same answer again is refused and stores nothing more.
    const again = await mutation(
      'staffMfa.passkeyRegister',
      { name: 'Twice', response: key.registration(ceremony(opts.challenge)) },
      `${cookie}; ${challengeCookie}`,
    );
    expect(again.res.status).toBe(400);
    expect(again.message).toBe(english('error.passkeyExpired'));
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, person.id)).all()).toHaveLength(1);

    // The next options name it among the credentials the browser must not create again.
    const next = await mutation('staffMfa.passkeyRegistrationOptions', undefined, cookie);
    expect((next.data as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id)).toEqual([key.id]);
  });

  it('refuses an answer for another origin or RP ID, another account\u2019s challenge, or a credential already kept; stores nothing', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const attempt = async (over: Partial<CeremonyOptions>, key = new SoftwareAuthenticator(), withCookie = cookie) => {
      const options = await s.request('/api/admin/passkeys/registration-options', { method: 'POST', headers: { cookie: withCookie } });
      const { challenge } = (await options.json()) as { challenge: string };
      return s.request('/api/admin/passkeys', {
        method: 'POST',
        json: { name: 'Phone', response: key.registration(ceremony(challenge, over)) },
        headers: { cookie: `${cookie}; ${cookiesFrom(options)}` },
      });
    };
    for (const over of [{ origin: 'https://childcare-login.example' }, { rpId: 'childcare-login.example' }]) {
      const res = await attempt(over);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(english('error.passkeyFailed'));
    }
    // A challenge another staff member's session asked for: not this account's.
    const colleague = await signedIn((await newStaff()).email);
    const foreign = await attempt({}, new SoftwareAuthenticator(), colleague);
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('x-message-ids')).toContain('passkeyExpired');
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, person.id)).all()).toHaveLength(0);

    const key = new SoftwareAuthenticator();
    await registerOverRest(cookie, key);
    const twice = await attempt({}, key);
    expect(twice.status).toBe(409);
    expect(twice.headers.get('x-message-ids')).toContain('passkeyFailed');
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, person.id)).all()).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('over REST and over tRPC: the passkey alone opens a session; the counter moves; audited as a passkey sign-in', async () => {
    const person = await newStaff();
    const key = new SoftwareAuthenticator();
    await registerOverRest(await signedIn(person.email), key);
    const sessionsBefore = sessionCount(person.id);

    // The password step now asks for the second step.
    const password = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: person.email, password: PASSWORD },
      headers: freshAddress(),
    });
    expect(await password.json()).toEqual({ mfaRequired: true, methods: ['passkey'] });

    const { challenge, cookie } = await loginChallenge();
    const res = await loginWith(cookie, key.assertion(ceremony(challenge)));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toMatchObject({ success: true, admin: { id: person.id, email: person.email } });
    expect(setCookie(res, 'admin_passkey_challenge')).toMatch(/Max-Age=0/);
    const session = cookiesFrom(res);
    expect(session).toMatch(/admin_session=/);
    expect((await s.request('/api/admin/me', { headers: { cookie: session } })).status).toBe(200);
    expect(sessionCount(person.id)).toBe(sessionsBefore + 1);
    expect(passkeyRow(key.id)).toMatchObject({ counter: 1, lastUsedAt: s.clock.now() });
    const audit = s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign-in'), eq(auditLog.entityId, person.id)))
      .orderBy(desc(auditLog.id))
      .get()!;
    expect(audit.fields).toEqual({ kind: 'passkey' });

    // tRPC, as the sign-in page does.
    const options = await mutation('adminAuth.passkeyOptions', undefined);
    const opts = options.data as { challenge: string; rpId: string; userVerification: string };
    expect(opts).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const signed = await mutation(
      'adminAuth.loginPasskey',
      { response: key.assertion(ceremony(opts.challenge)) },
      cookiesFrom(options.res),
    );
    expect(signed.res.status).toBe(200);
    expect(signed.data).toMatchObject({ success: true, admin: { id: person.id } });
    expect(cookiesFrom(signed.res)).toMatch(/admin_session=/);
    expect(passkeyRow(key.id)!.counter).toBe(2);
    expect(sessionCount(person.id)).toBe(sessionsBefore + 2);
  });

  it('refuses a replayed assertion, a wrong origin or RP ID, another sign-in\u2019s challenge, an old counter and an unknown passkey; nothing opens', async () => {
    const person = await newStaff();
    const key = new SoftwareAuthenticator();
    await registerOverRest(await signedIn(person.email), key);
    const first = await loginChallenge();
    const used = key.assertion(ceremony(first.challenge));
    expect((await loginWith(first.cookie, used)).status).toBe(200);

    const before = { row: passkeyRow(key.id)!, sessions: sessionCount(person.id), signIns: signIns(person.id) };
    const refused = async (res: Response, status = 401, id = 'error.passkeyFailed') => {
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(english(id));
      expect(setCookie(res, 'admin_session')).toBeUndefined();
      expect(passkeyRow(key.id)).toEqual(before.row);
      expect(sessionCount(person.id)).toBe(before.sessions);
      expect(signIns(person.id)).toBe(before.signIns);
    };

    // The same assertion again: its challenge is spent (the cookie's state is gone), and under a new challenge it
    // signs the old one.
    await refused(await loginWith(first.cookie, used), 400, 'error.passkeyExpired');
    await refused(await loginWith((await loginChallenge()).cookie, used));

    // Signed for a phishing page's origin, or for another relying party.
    let c = await loginChallenge();
    await refused(await loginWith(c.cookie, key.assertion(ceremony(c.challenge, { origin: 'https://childcare-login.example' }))));
    c = await loginChallenge();
    await refused(await loginWith(c.cookie, key.assertion(ceremony(c.challenge, { rpId: 'childcare-login.example' }))));

    // Another browser's pending sign-in: its challenge, signed, sent with this browser's cookie.
    const theirs = await loginChallenge();
    const mine = await loginChallenge();
    await refused(await loginWith(mine.cookie, key.assertion(ceremony(theirs.challenge))));
    // The other browser's own challenge was not spent by that.
    expect((await loginWith(theirs.cookie, key.assertion(ceremony(theirs.challenge)))).status).toBe(200);
    before.row = passkeyRow(key.id)!;
    before.sessions = sessionCount(person.id);
    before.signIns = signIns(person.id);

    // A copy of the passkey whose counter is behind the server's (a cloned authenticator).
    c = await loginChallenge();
    key.counter = before.row.counter - 1;
    await refused(await loginWith(c.cookie, key.assertion(ceremony(c.challenge))));
    key.counter = before.row.counter + 5;

    // A passkey no account holds, and a made-up signature.
    c = await loginChallenge();
    await refused(await loginWith(c.cookie, new SoftwareAuthenticator().assertion(ceremony(c.challenge))));
    c = await loginChallenge();
    const forged = key.assertion(ceremony(c.challenge));
    forged.response.signature = new SoftwareAuthenticator().assertion(ceremony(c.challenge)).response.signature;
    await refused(await loginWith(c.cookie, forged));

    // A registration's challenge is no sign-in's.
    const reg = await s.request('/api/admin/passkeys/registration-options', { method: 'POST', headers: { cookie: s.admin } });
    const regChallenge = ((await reg.json()) as { challenge: string }).challenge;
    await refused(await loginWith(cookiesFrom(reg), key.assertion(ceremony(regChallenge))), 400, 'error.passkeyExpired');

    // And the real one still signs in.
    c = await loginChallenge();
    expect((await loginWith(c.cookie, key.assertion(ceremony(c.challenge)))).status).toBe(200);
  });

  it('a closed account\u2019s passkey signs in no more', async () => {
    const person = await newStaff();
    const key = new SoftwareAuthenticator();
    await registerOverRest(await signedIn(person.email), key);
    s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, person.id)).run();
    const c = await loginChallenge();
    const res = await loginWith(c.cookie, key.assertion(ceremony(c.challenge)));
    expect(res.status).toBe(401);
    expect(setCookie(res, 'admin_session')).toBeUndefined();
    expect(passkeyRow(key.id)!.counter).toBe(0);
  });
});

describe('removing a passkey', () => {
  it('by its owner only: another staff member gets 404 and it stays; removed, it signs in no more and the password is enough again', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const key = new SoftwareAuthenticator();
    const id = await registerOverRest(cookie, key);

    const colleague = await signedIn((await newStaff()).email);
    const foreign = await s.request(`/api/admin/passkeys/${id}`, { method: 'DELETE', headers: { cookie: colleague } });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { message: string }).message).toBe(english('error.passkeyNotFound'));
    const director = await mutation('staffMfa.passkeyRemove', { id }, s.admin);
    expect(director.res.status).toBe(404);
    expect(passkeyRow(key.id)).toBeDefined();

    const removed = await mutation('staffMfa.passkeyRemove', { id }, cookie);
    expect(removed.res.status).toBe(200);
    expect(passkeyRow(key.id)).toBeUndefined();
    const audit = s.db.select().from(auditLog).where(eq(auditLog.entity, 'second-factor')).orderBy(desc(auditLog.id)).get()!;
    expect(audit).toMatchObject({ action: 'delete', entityId: person.id, actorId: person.id });
    expect(audit.fields).toEqual({ kind: 'passkey', passkeyId: id });
    expect(await (await s.request('/api/admin/passkeys', { headers: { cookie } })).json()).toEqual([]);
    expect((await s.request(`/api/admin/passkeys/${id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(404);

    const c = await loginChallenge();
    expect((await loginWith(c.cookie, key.assertion(ceremony(c.challenge)))).status).toBe(401);
    const password = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: person.email, password: PASSWORD },
      headers: freshAddress(),
    });
    expect(await password.json()).toMatchObject({ success: true });
  });
});
