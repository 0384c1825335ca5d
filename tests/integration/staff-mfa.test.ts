/**
 * The staff second factor (ADR 102) over REST and tRPC: the authenticator app's setup and confirmation, the sign-in's
 * second step (a password alone opens no session), wrong, replayed and expired codes, recovery codes used once, the
 * director's rule, the director's reset, the throttles, and the audit trail. Codes are computed from the secret the
 * setup answers, with @oslojs/otp, at the server's (fake) clock.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, adminUsers, auditLog, staffMfa, staffPasskeys, staffRecoveryCodes } from '../../db/schema';
import { PROJECT_ROOT } from '../../src/server/app';
import { MFA_KEY_FILE } from '../../src/server/auth/second-factor';
import { sharedAdminServer } from '../helpers/admin-server';
import { freshAddress } from '../helpers/authz-fixtures';
import { fakeClock, testPasswordHash } from '../helpers/server';

const PASSWORD = 'correct horse battery staple';
// Each caller's address from X-Forwarded-For (the tests' freshAddress), as behind the centre's proxy.
// The throttles' slow-down waits a turn of the event loop before the fake clock moves on, as a real wait lets other
// requests run meanwhile.
const s = sharedAdminServer(() => {
  const clock = fakeClock();
  clock.sleep = async (ms) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.advance(ms);
  };
  return { env: { TRUST_PROXY: 'true' }, clock };
});

let n = 0;
async function newStaff(role: 'director' | 'teacher' = 'teacher') {
  const email = `mfa.person${++n}@centre.example`;
  const row = s.db
    .insert(adminUsers)
    .values({ email, name: `Mfa Person ${n}`, role, passwordHash: await testPasswordHash(PASSWORD) })
    .returning()
    .get();
  return row;
}

/** The Cookie header for every cookie a response set with a value (the session, a pending sign-in). */
function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function login(email: string, headers: Record<string, string> = freshAddress()) {
  return s.request('/api/admin/login', { method: 'POST', json: { email, password: PASSWORD }, headers });
}

function secondStep(cookie: string, body: unknown, headers: Record<string, string> = freshAddress()) {
  return s.request('/api/admin/login/mfa', { method: 'POST', json: body, headers: { cookie, ...headers } });
}

/** The code an app shows for `secret` at the server's clock, `steps` steps from now. */
function codeFor(secret: string, steps = 0): string {
  const step = Math.floor(s.clock.now().getTime() / 30_000) + steps;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** The password typed again on the session `cookie` (POST /api/admin/reauth). */
function reauth(cookie: string, password = PASSWORD, headers: Record<string, string> = freshAddress()) {
  return s.request('/api/admin/reauth', { method: 'POST', json: { password }, headers: { cookie, ...headers } });
}

async function signedIn(email: string): Promise<string> {
  const res = await login(email);
  expect(res.status).toBe(200);
  return cookiesFrom(res);
}

/** A staff member with the app set up: their session cookie, secret and recovery codes. */
async function withApp(role: 'director' | 'teacher' = 'teacher') {
  const person = await newStaff(role);
  const cookie = await signedIn(person.email);
  const setup = await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } });
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await s.request('/api/admin/mfa/totp/confirm', { method: 'POST', json: { code: codeFor(secret) }, headers: { cookie } });
  expect(confirm.status).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  // The code just used is spent: the tests' next code is the next step's.
  s.clock.advance(30_000);
  return { person, cookie, secret, recoveryCodes };
}

/** A passkey row as registration stores it (the ceremony itself: staff-passkeys.test.ts). */
function addPasskey(adminId: string) {
  s.db
    .insert(staffPasskeys)
    .values({ adminId, credentialId: `cred-${adminId}`, publicKey: 'pk-public-key', counter: 0, name: 'Phone', createdAt: s.clock.now() })
    .run();
}

/** The newest audit row of `action` (a sign-in, a failed one) about the account `adminId`. */
function lastAudit(action: 'sign-in' | 'sign-in-failed', adminId: string) {
  return s.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, adminId)))
    .orderBy(desc(auditLog.id))
    .get()!;
}

/** The newest audit row of a second-factor change. */
function lastSecondFactorAudit() {
  return s.db.select().from(auditLog).where(eq(auditLog.entity, 'second-factor')).orderBy(desc(auditLog.id)).get()!;
}

function sessions(adminId: string) {
  return s.db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId)).all();
}

describe('the authenticator app: setup and confirmation', () => {
  it('answers the secret, the otpauth URL and a QR code; stores the secret sealed; one code confirms it; ten recovery codes as hashes', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const setup = await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } });
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toContain('no-store');
    const body = (await setup.json()) as { secret: string; otpauthUrl: string; qrCode: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // Sealed at rest: neither the base32 nor the raw bytes are in the row; the key file is the owner's only.
    const row = s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!;
    expect(row.totpSecret).not.toContain(body.secret);
    expect(row.totpSecret).not.toContain(Buffer.from(decodeBase32IgnorePadding(body.secret)).toString('base64url'));
    expect(row.confirmedAt).toBeNull();
    expect(statSync(join(s.config.privateDir, MFA_KEY_FILE)).mode & 0o777).toBe(0o600);

    // Not a factor yet: the password alone still signs in.
    const before = await login(person.email);
    expect(await before.json()).toMatchObject({ success: true });

    const wrong = await s.request('/api/admin/mfa/totp/confirm', {
      method: 'POST',
      json: { code: codeFor(body.secret, 5) },
      headers: { cookie },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/not right/);

    const confirm = await s.request('/api/admin/mfa/totp/confirm', {
      method: 'POST',
      json: { code: codeFor(body.secret) },
      headers: { cookie },
    });
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, person.id)).all();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.some((r) => r.codeHash.includes(code.replace('-', '')))).toBe(false);

    // A second setup while the app is on is refused: it is removed first.
    const again = await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } });
    expect(again.status).toBe(409);

    const audit = lastSecondFactorAudit();
    expect(audit).toMatchObject({ action: 'create', entityId: person.id, actorId: person.id });
    expect(audit.fields).toMatchObject({ kind: 'totp' });
  });
});

describe("a staff member's own second-factor changes have a rate", () => {
  it('the 31st change in ten minutes answers 429 with Retry-After and writes nothing; a colleague is not slowed; ten minutes on it is allowed again', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const setup = () => s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } });
    for (let i = 0; i < 29; i++) expect((await setup()).status).toBe(200);
    // Removing a passkey that is not there still counts: a script's loop is refused whatever it asks.
    const removal = await s.request(`/api/admin/passkeys/${crypto.randomUUID()}`, { method: 'DELETE', headers: { cookie } });
    expect(removal.status).toBe(404);
    const sealed = s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.totpSecret;

    const refused = await setup();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ message: 'You are doing that too often. Please wait a few minutes and try again.' });
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.totpSecret).toBe(sealed);
    const codes = await s.request('/api/admin/mfa/recovery-codes', { method: 'POST', headers: { cookie } });
    expect(codes.status).toBe(429);

    const colleague = await newStaff();
    const theirs = await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie: await signedIn(colleague.email) } });
    expect(theirs.status).toBe(200);

    s.clock.advance(10 * 60_000);
    // The session is ten minutes old by now: the password again, then the change (auth/recent-proof.ts).
    expect((await reauth(cookie)).status).toBe(200);
    expect((await setup()).status).toBe(200);
  });
});

describe('signing in with the app', () => {
  it('the password alone opens no session: a pending state for this browser, then a code opens it', async () => {
    const { person, secret } = await withApp();
    const countBefore = sessions(person.id).length;
    const step1 = await login(person.email);
    expect(step1.status).toBe(200);
    expect(await step1.json()).toEqual({ mfaRequired: true, methods: ['totp', 'recovery-code'] });
    expect(setCookie(step1, 'admin_session')).toBeUndefined();
    expect(sessions(person.id)).toHaveLength(countBefore);
    const pending = setCookie(step1, 'admin_mfa_pending')!;
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/SameSite=Strict/);
    expect(pending).toMatch(/Max-Age=300/);
    const cookie = cookiesFrom(step1);
    // The pending cookie is no session.
    expect((await s.request('/api/admin/me', { headers: { cookie } })).status).toBe(401);

    const step2 = await secondStep(cookie, { code: codeFor(secret) });
    expect(step2.status).toBe(200);
    expect(await step2.json()).toMatchObject({ success: true, admin: { id: person.id } });
    const session = cookiesFrom(step2);
    expect(session).toMatch(/admin_session=/);
    expect(setCookie(step2, 'admin_mfa_pending')).toMatch(/Max-Age=0/);
    expect((await s.request('/api/admin/me', { headers: { cookie: session } })).status).toBe(200);

    const row = lastAudit('sign-in', person.id);
    expect(row.fields).toMatchObject({ kind: 'totp' });

    // The pending state is used: sending it again is refused.
    const reused = await secondStep(cookie, { code: codeFor(secret, 1) });
    expect(reused.status).toBe(400);
  });

  it('through tRPC too: adminAuth.login answers mfaRequired, adminAuth.loginMfa needs the pending cookie', async () => {
    const { person } = await withApp();
    const res = await s.request('/api/trpc/adminAuth.login', {
      method: 'POST',
      json: { json: { email: person.email, password: PASSWORD } },
      headers: freshAddress(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: { json: unknown } } }).result.data.json).toMatchObject({ mfaRequired: true });
    expect(setCookie(res, 'admin_session')).toBeUndefined();
    const noState = await s.request('/api/trpc/adminAuth.loginMfa', {
      method: 'POST',
      json: { json: { code: '123456' } },
      headers: freshAddress(),
    });
    expect(noState.status).toBe(400);
  });

  it('refuses a wrong code, a replayed code and an expired pending state, with catalogue messages', async () => {
    const { person, secret } = await withApp();
    let cookie = cookiesFrom(await login(person.email));
    const wrong = await secondStep(cookie, { code: codeFor(secret, 7) });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'That code is not right, or it was already used. Please try the next code from your app.',
    );
    expect(wrong.headers.get('x-message-ids')).toContain('mfaCodeWrong');

    const code = codeFor(secret);
    expect((await secondStep(cookie, { code })).status).toBe(200);
    // The same code, within its window, in a new sign-in: refused.
    cookie = cookiesFrom(await login(person.email));
    const replay = await secondStep(cookie, { code });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('x-message-ids')).toContain('mfaCodeWrong');
    // The previous step's code is older than the one used: refused too. The next step's works.
    expect((await secondStep(cookie, { code: codeFor(secret, -1) })).status).toBe(401);
    s.clock.advance(30_000);
    expect((await secondStep(cookie, { code: codeFor(secret) })).status).toBe(200);

    // Five minutes pass between the password and the code: refused, nothing opened.
    s.clock.advance(30_000);
    cookie = cookiesFrom(await login(person.email));
    s.clock.advance(5 * 60 * 1000 + 1000);
    const late = await secondStep(cookie, { code: codeFor(secret) });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toBe(
      'Your sign-in took too long. Please enter your e-mail and password again.',
    );
    expect(setCookie(late, 'admin_session')).toBeUndefined();
  });

  it("the pending state is this browser's: no cookie, a made-up one or another sign-in's is refused; five minutes to the second", async () => {
    const { person, secret } = await withApp();
    const other = await withApp();
    const mine = cookiesFrom(await login(person.email));
    const theirs = cookiesFrom(await login(other.person.email));
    const refusedWith = async (res: Response, id: string) => {
      expect(res.status).toBe(400);
      expect(res.headers.get('x-message-ids')).toContain(id);
      expect(setCookie(res, 'admin_session')).toBeUndefined();
    };
    const lastStep = () => s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.lastStep;
    const stepBefore = lastStep();
    // The right code of this account, from a browser that holds no pending state, a made-up one, or another
    // account's: none of them is this sign-in.
    await refusedWith(await secondStep('', { code: codeFor(secret) }), 'mfaPendingExpired');
    await refusedWith(await secondStep(`admin_mfa_pending=${'a'.repeat(39)}`, { code: codeFor(secret) }), 'mfaPendingExpired');
    const crossed = await secondStep(theirs, { code: codeFor(secret) });
    expect(crossed.status).toBe(401);
    expect(setCookie(crossed, 'admin_session')).toBeUndefined();
    expect(lastStep()).toBe(stepBefore);

    // Four minutes and 59 seconds after the password: still open. The next sign-in's state at five minutes and
    // one second: gone.
    s.clock.advance(5 * 60 * 1000 - 1000);
    expect((await secondStep(mine, { code: codeFor(secret) })).status).toBe(200);
    s.clock.advance(30_000);
    const late = cookiesFrom(await login(person.email));
    s.clock.advance(5 * 60 * 1000 + 1000);
    await refusedWith(await secondStep(late, { code: codeFor(secret) }), 'mfaPendingExpired');
  });

  it('a bad body is a 400 naming the field; nothing is used up', async () => {
    const { person } = await withApp();
    const cookie = cookiesFrom(await login(person.email));
    for (const body of [
      {},
      { code: '12345' },
      { code: 'abcdef' },
      { recoveryCode: '!!' },
      { code: '123456', recoveryCode: 'abcde-fghij' },
      [],
    ]) {
      const res = await secondStep(cookie, body);
      expect(res.status).toBe(400);
    }
  });
});

describe('recovery codes', () => {
  it('each works once; a new set voids the old one', async () => {
    const { person, recoveryCodes, cookie: session } = await withApp();
    let cookie = cookiesFrom(await login(person.email));
    // Typed in capitals with spaces: the same code.
    const first = await secondStep(cookie, { recoveryCode: ` ${recoveryCodes[0]!.toUpperCase().replace('-', ' ')} ` });
    expect(first.status).toBe(200);
    const row = lastAudit('sign-in', person.id);
    expect(row.fields).toMatchObject({ kind: 'recovery-code' });

    cookie = cookiesFrom(await login(person.email));
    const again = await secondStep(cookie, { recoveryCode: recoveryCodes[0] });
    expect(again.status).toBe(401);
    expect(again.headers.get('x-message-ids')).toContain('mfaRecoveryCodeWrong');

    const fresh = await s.request('/api/admin/mfa/recovery-codes', { method: 'POST', headers: { cookie: session } });
    expect(fresh.status).toBe(200);
    const { recoveryCodes: newSet } = (await fresh.json()) as { recoveryCodes: string[] };
    expect(newSet).toHaveLength(10);
    expect((await secondStep(cookie, { recoveryCode: recoveryCodes[1] })).status).toBe(401);
    expect((await secondStep(cookie, { recoveryCode: newSet[0] })).status).toBe(200);
  });

  it('an account with no factor gets no recovery codes', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const res = await s.request('/api/admin/mfa/recovery-codes', { method: 'POST', headers: { cookie } });
    expect(res.status).toBe(409);
    expect(s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, person.id)).all()).toHaveLength(0);
  });

  it('removing the app (DELETE /api/admin/mfa/totp) makes the password enough again and voids the codes', async () => {
    const { person, cookie } = await withApp();
    const res = await s.request('/api/admin/mfa/totp', { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    expect(s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, person.id)).all()).toHaveLength(0);
    const audit = lastSecondFactorAudit();
    expect(audit).toMatchObject({ action: 'delete', entityId: person.id, actorId: person.id });
    expect(await (await login(person.email)).json()).toMatchObject({ success: true });
    expect((await s.request('/api/admin/mfa/totp', { method: 'DELETE', headers: { cookie } })).status).toBe(404);
  });
});

describe('throttling the second step', () => {
  it('wrong codes count per address and account: that address is refused 429, the owner from another address signs in', async () => {
    const { person, secret, cookie: ownerCookies } = await withApp();
    // The owner's browser signed in before: it holds the known-device cookie (auth/password-checks.ts).
    const device = ownerCookies.split('; ').find((c) => c.startsWith('signin_device='))!;
    expect(device).toBeTruthy();
    const stranger = freshAddress();
    let refused: Response | null = null;
    for (let i = 0; i < 8 && !refused; i++) {
      const step1 = await login(person.email, stranger);
      if (step1.status === 429) {
        refused = step1;
        break;
      }
      const cookie = cookiesFrom(step1);
      const res = await secondStep(cookie, { code: codeFor(secret, 9) }, stranger);
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(401);
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toBeTruthy();

    const owner = freshAddress();
    const ownerStep = await login(person.email, { ...owner, cookie: device });
    expect(ownerStep.status).toBe(200);
    const cookie = `${cookiesFrom(ownerStep)}; ${device}`;
    const ok = await secondStep(cookie, { code: codeFor(secret) }, owner);
    expect(await ok.text()).toContain('"success":true');
  });

  it('five wrong codes end the pending state', async () => {
    const { person, secret } = await withApp();
    const address = freshAddress();
    const cookie = cookiesFrom(await login(person.email, address));
    for (let i = 0; i < 5; i++) expect((await secondStep(cookie, { code: codeFor(secret, 9) })).status).toBe(401);
    const res = await secondStep(cookie, { code: codeFor(secret) });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-message-ids')).toContain('mfaPendingExpired');
  });

  it('five wrong codes end the pending state even when sent all at once, from many addresses, while checks wait', async () => {
    const { person, secret } = await withApp();
    // Wrong passwords from elsewhere: the account's next checks now wait (login-throttle.ts), so the codes below
    // are all in flight together, each past the pending state's check before any is counted against it.
    for (let i = 0; i < 5; i++) {
      const res = await s.request('/api/admin/login', {
        method: 'POST',
        json: { email: person.email, password: 'a wrong passphrase' },
        headers: freshAddress(),
      });
      expect(res.status).toBe(401);
    }
    const cookie = cookiesFrom(await login(person.email));
    const answers = await Promise.all(Array.from({ length: 12 }, () => secondStep(cookie, { code: codeFor(secret, 9) })));
    const statuses = answers.map((r) => r.status);
    // Each address is new, so no throttle refuses them: only the pending state's own count of tries does.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(7);
    const res = await secondStep(cookie, { code: codeFor(secret) });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-message-ids')).toContain('mfaPendingExpired');
    expect(setCookie(res, 'admin_session')).toBeUndefined();
  });

  it("wrong codes from many addresses slow the account's next checks down, never its owner's known browser", async () => {
    const { person, secret, cookie: ownerCookies } = await withApp();
    const device = ownerCookies.split('; ').find((c) => c.startsWith('signin_device='))!;
    // Six strangers, each with the password and one wrong code from an address of its own: no address is over
    // its limit, the account has failed six times.
    for (let i = 0; i < 6; i++) {
      const address = freshAddress();
      const cookie = cookiesFrom(await login(person.email, address));
      expect((await secondStep(cookie, { code: codeFor(secret, 9) }, address)).status).toBe(401);
    }
    // The next stranger's check waits (the fake clock moves on by the delay instead of sleeping).
    const address = freshAddress();
    const cookie = cookiesFrom(await login(person.email, address));
    const before = s.clock.now().getTime();
    expect((await secondStep(cookie, { code: codeFor(secret, 9) }, address)).status).toBe(401);
    expect(s.clock.now().getTime() - before).toBeGreaterThanOrEqual(250);
    // The owner's browser, which signed in before, is not slowed and signs in.
    const owner = freshAddress();
    const ownerStep = await login(person.email, { ...owner, cookie: device });
    const start = s.clock.now().getTime();
    const ok = await secondStep(`${cookiesFrom(ownerStep)}; ${device}`, { code: codeFor(secret) }, owner);
    expect(ok.status).toBe(200);
    expect(s.clock.now().getTime()).toBe(start);
  });

  it('failed codes are audit rows on the account', async () => {
    const { person, secret } = await withApp();
    const cookie = cookiesFrom(await login(person.email));
    await secondStep(cookie, { code: codeFor(secret, 9) });
    const row = lastAudit('sign-in-failed', person.id);
    expect(row.fields).toMatchObject({ kind: 'totp' });
    expect(row.actorId).toBeNull();
  });
});

describe("the director's rule and reset", () => {
  let director: Awaited<ReturnType<typeof withApp>>;
  beforeAll(async () => {
    director = await withApp('director');
  });

  it('a teacher cannot set the rule or reset anyone; a director without a factor cannot turn it on', async () => {
    const teacher = await newStaff();
    const cookie = await signedIn(teacher.email);
    expect((await s.request('/api/admin/mfa/policy', { method: 'PATCH', json: { required: true }, headers: { cookie } })).status).toBe(403);
    expect((await s.request(`/api/admin/staff/${director.person.id}/mfa-reset`, { method: 'POST', headers: { cookie } })).status).toBe(403);
    const plain = await newStaff('director');
    const plainCookie = await signedIn(plain.email);
    const res = await s.request('/api/admin/mfa/policy', { method: 'PATCH', json: { required: true }, headers: { cookie: plainCookie } });
    expect(res.status).toBe(409);
    expect(
      (await s.request('/api/admin/mfa/policy', { method: 'PATCH', json: { required: 'yes' }, headers: { cookie: plainCookie } })).status,
    ).toBe(400);
  });

  it('when on, a person without a factor gets a session that reaches only the setup paths, until they set one up', async () => {
    const teacher = await newStaff();
    const on = await s.request('/api/admin/mfa/policy', {
      method: 'PATCH',
      json: { required: true },
      headers: { cookie: director.cookie },
    });
    expect(on.status).toBe(200);
    const audit = lastSecondFactorAudit();
    expect(audit).toMatchObject({ action: 'update', actorId: director.person.id });
    expect(audit.fields).toMatchObject({ required: true });
    try {
      const res = await login(teacher.email);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ success: true, mfaSetupRequired: true });
      const cookie = cookiesFrom(res);

      // Every other staff path: 403, over REST and tRPC, reads and writes.
      const blocked = [
        s.request('/api/admin/enrolled-children', { headers: { cookie } }),
        s.request('/api/admin/change-password', { method: 'POST', json: {}, headers: { cookie } }),
        s.request('/api/admin/staff-attendance', { method: 'POST', json: { kind: 'in' }, headers: { cookie } }),
        s.request('/api/trpc/children.list', { headers: { cookie } }),
        s.request('/api/trpc/overview.attention', { headers: { cookie } }),
        s.request('/api/trpc/classrooms.list', { headers: { cookie } }),
        s.request('/api/trpc/staff.list', { headers: { cookie } }),
      ];
      expect((await Promise.all(blocked)).map((r) => r.status)).toEqual(blocked.map(() => 403));
      const refusal = await s.request('/api/admin/enrolled-children', { headers: { cookie } });
      expect(((await refusal.json()) as { message: string }).message).toMatch(/second factor/);

      // The setup paths answer.
      expect((await s.request('/api/admin/me', { headers: { cookie } })).status).toBe(200);
      expect((await s.request('/api/admin/passkeys', { headers: { cookie } })).status).toBe(200);
      const status = await s.request('/api/trpc/staffMfa.status', { headers: { cookie } });
      expect(((await status.json()) as { result: { data: { json: unknown } } }).result.data.json).toMatchObject({ setupRequired: true });
      const setup = await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } });
      const { secret } = (await setup.json()) as { secret: string };
      expect(
        (await s.request('/api/admin/mfa/totp/confirm', { method: 'POST', json: { code: codeFor(secret) }, headers: { cookie } })).status,
      ).toBe(200);
      // Set up: the same session now reaches the dashboard.
      expect((await s.request('/api/admin/enrolled-children', { headers: { cookie } })).status).toBe(200);
      expect((await s.request('/api/trpc/children.list', { headers: { cookie } })).status).toBe(200);
    } finally {
      await s.request('/api/admin/mfa/policy', { method: 'PATCH', json: { required: false }, headers: { cookie: director.cookie } });
    }
  });

  it("a director's reset takes the factor off, ends the person's sessions, and is audited", async () => {
    const teacher = await withApp();
    const other = cookiesFrom(await secondStep(cookiesFrom(await login(teacher.person.email)), { code: codeFor(teacher.secret) }));
    expect(other).toMatch(/admin_session=/);
    expect(sessions(teacher.person.id).length).toBeGreaterThanOrEqual(2);
    addPasskey(teacher.person.id);

    const res = await s.request(`/api/admin/staff/${teacher.person.id}/mfa-reset`, {
      method: 'POST',
      headers: { cookie: director.cookie },
    });
    expect(res.status).toBe(200);
    expect(sessions(teacher.person.id)).toHaveLength(0);
    expect((await s.request('/api/admin/me', { headers: { cookie: teacher.cookie } })).status).toBe(401);
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, teacher.person.id)).all()).toHaveLength(0);
    expect(s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, teacher.person.id)).all()).toHaveLength(0);
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, teacher.person.id)).all()).toHaveLength(0);
    const audit = lastSecondFactorAudit();
    expect(audit).toMatchObject({ action: 'delete', entityId: teacher.person.id, actorId: director.person.id });
    // The row says what happened, never a secret: no key, no recovery code, no passkey.
    expect(audit.fields).toEqual({ kind: 'reset' });
    expect(audit.before).toBeNull();
    const written = JSON.stringify(audit);
    for (const secret of [teacher.secret, ...teacher.recoveryCodes, 'pk-public-key']) expect(written).not.toContain(secret);
    // The password alone signs in again.
    expect(await (await login(teacher.person.email)).json()).toMatchObject({ success: true });

    expect(
      (await s.request(`/api/admin/staff/${director.person.id}/mfa-reset`, { method: 'POST', headers: { cookie: director.cookie } }))
        .status,
    ).toBe(409);
    expect(
      (await s.request('/api/admin/staff/no-such-person/mfa-reset', { method: 'POST', headers: { cookie: director.cookie } })).status,
    ).toBe(404);
  });
});

describe('npm run admin:upsert -- --reset-second-factor', () => {
  it("takes the last director's app, recovery codes and passkeys off and ends her sessions; nobody else's", async () => {
    const director = await withApp('director');
    const colleague = await withApp();
    addPasskey(director.person.id);
    const run = promisify(execFile);
    const { stdout } = await run(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/upsert-admin.ts', '--reset-second-factor'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        DATABASE_PATH: join(s.dir, 'app.sqlite'),
        ADMIN_EMAIL: director.person.email,
        ADMIN_PASSWORD: 'a brand new passphrase',
      },
    });
    expect(stdout).toContain(`Admin ${director.person.email} updated, second factor reset.`);
    const id = director.person.id;
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, id)).all()).toEqual([]);
    expect(s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, id)).all()).toEqual([]);
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, id)).all()).toEqual([]);
    expect(sessions(id)).toEqual([]);
    // The new password alone opens a session; the colleague's factor is untouched.
    const res = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: director.person.email, password: 'a brand new passphrase' },
      headers: freshAddress(),
    });
    expect(await res.json()).toMatchObject({ success: true });
    expect(await (await login(colleague.person.email)).json()).toMatchObject({ mfaRequired: true });
    // A child process (tsx, then an argon2id hash): more than the default time on a busy machine.
  }, 60_000);
});

describe('passkey sign-in, refused without its challenge or with a made-up answer', () => {
  it('options set a challenge cookie; a wrong answer is 401 with a message, never 500; the challenge is used once', async () => {
    const noChallenge = await s.request('/api/admin/login/passkey', {
      method: 'POST',
      json: { response: { id: 'x' } },
      headers: freshAddress(),
    });
    expect(noChallenge.status).toBe(400);
    const options = await s.request('/api/admin/login/passkey-options', { method: 'POST', headers: freshAddress() });
    expect(options.status).toBe(200);
    const body = (await options.json()) as { challenge: string; rpId: string; userVerification: string };
    expect(body.rpId).toBe(new URL(s.config.publicUrl).hostname);
    expect(body.userVerification).toBe('required');
    const challenge = setCookie(options, 'admin_passkey_challenge')!;
    expect(challenge).toMatch(/SameSite=Strict/);
    const cookie = cookiesFrom(options);
    const made = await s.request('/api/admin/login/passkey', {
      method: 'POST',
      json: { response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } },
      headers: { cookie, ...freshAddress() },
    });
    expect(made.status).toBe(401);
    expect(made.headers.get('x-message-ids')).toContain('passkeyFailed');
    const again = await s.request('/api/admin/login/passkey', { method: 'POST', json: { response: { id: 'AAAA' } }, headers: { cookie } });
    expect(again.status).toBe(400);
    expect(again.headers.get('x-message-ids')).toContain('passkeyExpired');
    expect((await s.request('/api/admin/login/passkey', { method: 'POST', json: { response: 'x' }, headers: { cookie } })).status).toBe(
      400,
    );
  });

  it('registration needs its own challenge; a made-up answer is 400; names are required', async () => {
    // A session of its own, just opened: the shared one is older than a factor change allows (auth/recent-proof.ts).
    const cookie = await signedIn((await newStaff('director')).email);
    const noChallenge = await s.request('/api/admin/passkeys', {
      method: 'POST',
      json: { name: 'Phone', response: {} },
      headers: { cookie },
    });
    expect(noChallenge.status).toBe(400);
    const options = await s.request('/api/admin/passkeys/registration-options', { method: 'POST', headers: { cookie } });
    expect(options.status).toBe(200);
    const both = `${cookie}; ${cookiesFrom(options)}`;
    const made = await s.request('/api/admin/passkeys', {
      method: 'POST',
      json: { name: 'Phone', response: { id: 'x' } },
      headers: { cookie: both },
    });
    expect(made.status).toBe(400);
    expect(made.headers.get('x-message-ids')).toContain('passkeyFailed');
    expect(
      (await s.request('/api/admin/passkeys', { method: 'POST', json: { name: '', response: {} }, headers: { cookie: both } })).status,
    ).toBe(400);
    expect((await s.request('/api/admin/passkeys/nope', { method: 'DELETE', headers: { cookie } })).status).toBe(404);
    expect(await (await s.request('/api/admin/passkeys', { headers: { cookie } })).json()).toEqual([]);
  });
});

describe('a second-factor change needs the person proved within ten minutes (auth/recent-proof.ts)', () => {
  const refusedForProof = async (res: Response) => {
    expect(res.status).toBe(403);
    expect(res.headers.get('x-message-ids')).toContain('reauthRequired');
    expect(((await res.json()) as { message: string }).message).toBe(
      'For your safety, please enter your password again before you change how you sign in.',
    );
  };

  it('ten minutes after the sign-in every change is refused 403 and changes nothing; the password again lets each through, for ten minutes', async () => {
    const colleague = await withApp();
    const { person, cookie, secret } = await withApp('director');
    addPasskey(person.id);
    const passkeyId = s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, person.id)).get()!.id;
    const codesBefore = s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, person.id)).all();
    const sealed = s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.totpSecret;
    const auditBefore = s.db.select().from(auditLog).where(eq(auditLog.entity, 'second-factor')).all().length;

    // Nine minutes and 59 seconds after the sign-in: still recent. Ten minutes: no longer.
    const openedAt = sessions(person.id)
      .find((row) => cookie.includes(row.id))!
      .createdAt.getTime();
    s.clock.advance(openedAt + 10 * 60_000 - 1000 - s.clock.now().getTime());
    expect((await s.request('/api/admin/passkeys/registration-options', { method: 'POST', headers: { cookie } })).status).toBe(200);
    s.clock.advance(1000);

    const calls: [string, string, unknown?][] = [
      ['POST', '/api/admin/mfa/totp/setup'],
      ['POST', '/api/admin/mfa/totp/confirm', { code: codeFor(secret) }],
      ['DELETE', '/api/admin/mfa/totp'],
      ['POST', '/api/admin/mfa/recovery-codes'],
      ['POST', '/api/admin/passkeys/registration-options'],
      ['POST', '/api/admin/passkeys', { name: 'Laptop', response: { id: 'made-up' } }],
      ['DELETE', `/api/admin/passkeys/${passkeyId}`],
      ['POST', `/api/admin/staff/${colleague.person.id}/mfa-reset`],
    ];
    for (const [method, path, json] of calls) {
      const res = await s.request(path, { method, headers: { cookie }, ...(json === undefined ? {} : { json }) });
      await refusedForProof(res);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // The tRPC twins say the same.
    for (const procedure of ['staffMfa.totpRemove', 'staffMfa.recoveryCodes', 'staffMfa.passkeyRegistrationOptions']) {
      const res = await s.request(`/api/trpc/${procedure}`, { method: 'POST', json: {}, headers: { cookie } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('error.reauthRequired');
    }
    // Nothing changed: the app, the codes, the passkey, the colleague's factor, the audit trail.
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.totpSecret).toBe(sealed);
    expect(s.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, person.id)).all()).toEqual(codesBefore);
    expect(s.db.select().from(staffPasskeys).where(eq(staffPasskeys.adminId, person.id)).all()).toHaveLength(1);
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, colleague.person.id)).all()).toHaveLength(1);
    expect(s.db.select().from(auditLog).where(eq(auditLog.entity, 'second-factor')).all()).toHaveLength(auditBefore);
    // Reading is not a change: the list and the status still answer.
    expect((await s.request('/api/admin/passkeys', { headers: { cookie } })).status).toBe(200);

    // The password again: this session may change its factors for ten minutes more.
    const again = await reauth(cookie);
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toContain('no-store');
    expect(await again.json()).toEqual({ success: true });
    const stamped = sessions(person.id).find((row) => cookie.includes(row.id))!;
    expect(stamped.reauthenticatedAt?.getTime()).toBe(s.clock.now().getTime());
    s.clock.advance(9 * 60_000);
    expect((await s.request(`/api/admin/passkeys/${passkeyId}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    const codes = await s.request('/api/admin/mfa/recovery-codes', { method: 'POST', headers: { cookie } });
    expect(codes.status).toBe(200);
    const reset = await s.request(`/api/admin/staff/${colleague.person.id}/mfa-reset`, { method: 'POST', headers: { cookie } });
    expect(reset.status).toBe(200);
    expect((await s.request('/api/admin/mfa/totp', { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    // And then no longer.
    s.clock.advance(60_000);
    await refusedForProof(await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } }));
  });

  it("the proof is this session's: another session of the same person is still asked", async () => {
    const person = await newStaff();
    const first = await signedIn(person.email);
    const second = await signedIn(person.email);
    s.clock.advance(10 * 60_000);
    expect((await reauth(first)).status).toBe(200);
    expect((await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie: first } })).status).toBe(200);
    await refusedForProof(await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie: second } }));
  });

  it('through tRPC too: adminAuth.reauth stamps the session', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    s.clock.advance(10 * 60_000);
    const res = await s.request('/api/trpc/adminAuth.reauth', {
      method: 'POST',
      json: { json: { password: PASSWORD } },
      headers: { cookie, ...freshAddress() },
    });
    expect(res.status).toBe(200);
    expect((await s.request('/api/trpc/staffMfa.totpSetup', { method: 'POST', json: {}, headers: { cookie } })).status).toBe(200);
  });
});

describe('POST /api/admin/reauth', () => {
  it('a wrong password is refused with a message, stamps nothing, is an audit row, and counts in the sign-in throttles', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    s.clock.advance(10 * 60_000);
    const address = freshAddress();
    const wrong = await reauth(cookie, 'not the password at all', address);
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('x-message-ids')).toContain('reauthWrong');
    expect(((await wrong.json()) as { message: string }).message).toBe('That password is not right. Please try again.');
    expect(wrong.headers.get('cache-control')).toContain('no-store');
    expect(sessions(person.id).every((row) => row.reauthenticatedAt === null)).toBe(true);
    await refusedAfter(await s.request('/api/admin/mfa/totp/setup', { method: 'POST', headers: { cookie } }));
    const row = lastAudit('sign-in-failed', person.id);
    expect(row.fields).toMatchObject({ kind: 'reauth' });

    // Four more wrong from this address: the fifth failure of this account here. The right password is then refused
    // 429 from this address, as a sign-in would be, and the sign-in page is refused here too: the same count.
    for (let i = 0; i < 4; i++) expect((await reauth(cookie, 'not the password at all', address)).status).toBe(400);
    const throttled = await reauth(cookie, PASSWORD, address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.headers.get('x-message-ids')).toContain('throttled');
    expect((await login(person.email, address)).status).toBe(429);
    // From elsewhere it goes through.
    expect((await reauth(cookie)).status).toBe(200);
  });

  it('has a rate per account: the eleventh in ten minutes answers 429 with Retry-After, right password or not', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    for (let i = 0; i < 10; i++) expect((await reauth(cookie)).status).toBe(200);
    const refused = await reauth(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-message-ids')).toContain('slowDown');
    s.clock.advance(10 * 60_000);
    expect((await reauth(cookie)).status).toBe(200);
  });

  it('checks the origin, needs a staff session, and refuses a bad body with 400', async () => {
    const person = await newStaff();
    const cookie = await signedIn(person.email);
    const crossSite = await s.request('/api/admin/reauth', {
      method: 'POST',
      json: { password: PASSWORD },
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('x-message-ids')).toContain('crossSite');
    expect((await s.request('/api/admin/reauth', { method: 'POST', json: { password: PASSWORD } })).status).toBe(401);
    for (const body of [{}, { password: 12 }, { password: 'x'.repeat(10_000) }, [], 'text'])
      expect((await s.request('/api/admin/reauth', { method: 'POST', json: body, headers: { cookie } })).status).toBe(400);
    expect(sessions(person.id).every((row) => row.reauthenticatedAt === null)).toBe(true);
  });
});

async function refusedAfter(res: Response) {
  expect(res.status).toBe(403);
  expect(res.headers.get('x-message-ids')).toContain('reauthRequired');
}

describe("the account's cap on wrong app codes", () => {
  it('ten wrong codes from ten addresses at once pause codes for the account: the eleventh, a right one, is 429; a recovery code still signs in', async () => {
    const { person, secret, recoveryCodes } = await withApp();
    // Ten holders of the password, each with a pending sign-in of its own from an address of its own.
    const strangers: { address: Record<string, string>; cookie: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const address = freshAddress();
      strangers.push({ address, cookie: cookiesFrom(await login(person.email, address)) });
    }
    const answers = await Promise.all(strangers.map(({ address, cookie }) => secondStep(cookie, { code: codeFor(secret, 9) }, address)));
    expect(answers.map((r) => r.status)).toEqual(strangers.map(() => 401));
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.codeFailures).toBe(10);

    // The eleventh, from a new address with a new pending sign-in, is the right code: refused all the same.
    const address = freshAddress();
    const cookie = cookiesFrom(await login(person.email, address));
    const stepBefore = s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.lastStep;
    const paused = await secondStep(cookie, { code: codeFor(secret) }, address);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(paused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(paused.headers.get('x-message-ids')).toContain('mfaCodesPaused');
    expect(setCookie(paused, 'admin_session')).toBeUndefined();
    expect(s.db.select().from(staffMfa).where(eq(staffMfa.adminId, person.id)).get()!.lastStep).toBe(stepBefore);

    // The owner is not locked out: a recovery code, in the same pending sign-in, opens the session.
    const recovered = await secondStep(cookie, { recoveryCode: recoveryCodes[0] }, address);
    expect(recovered.status).toBe(200);
    expect(cookiesFrom(recovered)).toMatch(/admin_session=/);

    // Fifteen minutes after the first wrong code, codes are checked again.
    s.clock.advance(15 * 60_000);
    const later = freshAddress();
    const next = await secondStep(cookiesFrom(await login(person.email, later)), { code: codeFor(secret) }, later);
    expect(next.status).toBe(200);
  });
});
