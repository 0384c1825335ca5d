/**
 * The log never holds a secret. The main flows run with the logger at debug level writing into memory:
 * staff sign-in, an enrollment with medical details, a parent's login made and used, a password change and a
 * reset, a document uploaded through a signed URL (and the URL reused), messages both ways. Then the whole
 * log is searched for every secret those flows used: none may appear.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { adminUsers, outboxMessages } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { json, sampleApplication } from '../helpers/enrollment-fixtures';
import { PDF } from '../helpers/authz-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { capturedLines } from '../helpers/log-capture';

vi.mock('../../src/server/logger', async (original) => (await import('../helpers/log-capture')).capturingLogger(original, 'debug'));

const ADMIN_PASSWORD = 'Seeded-admin-passphrase-7781';
const NEW_PARENT_PASSWORD = 'Seeded-new-parent-passphrase-4410';
const RESET_PASSWORD = 'Seeded-reset-parent-passphrase-9902';
const MEDICAL = {
  allergies: 'Seeded-allergy-cashews',
  medications: 'Seeded-medication-albuterol',
  medicalConditions: 'Seeded-condition-asthma',
};

let s: TestServer;
const secrets: Record<string, string> = { ADMIN_PASSWORD, NEW_PARENT_PASSWORD, RESET_PASSWORD, ...MEDICAL };
const cookieValue = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))!
    .split(';')[0]!
    .split('=')[1]!;

beforeAll(async () => {
  s = await startTestServer();
  s.db
    .insert(adminUsers)
    .values({ email: 'logs.director@example.com', name: 'Dana', passwordHash: await hashPassword(ADMIN_PASSWORD) })
    .run();
});
afterAll(() => s.close());

describe('the log holds no secret', () => {
  it('runs the main flows at debug level', async () => {
    // Staff sign in (and one wrong password).
    await s.request('/api/admin/login', { method: 'POST', json: { email: 'logs.director@example.com', password: `${ADMIN_PASSWORD}x` } });
    const login = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: 'logs.director@example.com', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    secrets.adminSession = cookieValue(login, 'admin_session');
    const admin = { cookie: `admin_session=${secrets.adminSession}` };

    // A family applies with medical details; staff approve and enroll, and make the parent's login.
    const applied = await s.request('/api/enrollment', {
      method: 'POST',
      json: { ...sampleApplication, ...MEDICAL, parentEmail: 'logs.parent@example.com' },
    });
    expect(applied.status).toBe(201);
    const appId = (await json<{ application: { id: string } }>(applied)).application.id;
    expect(
      (await s.request(`/api/enrollment-applications/${appId}/status`, { method: 'PATCH', json: { status: 'approved' }, headers: admin }))
        .status,
    ).toBe(200);
    const { child } = await json<{ child: { id: string } }>(
      await s.request(`/api/enrollment-applications/${appId}/enroll`, { method: 'POST', headers: admin }),
    );
    const made = await json<{ credentials: { password: string } }>(
      await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: admin }),
    );
    secrets.generatedPassword = made.credentials.password;

    // The parent signs in (bearer token and cookie), changes the password, and signs in again.
    const parentLogin = await s.request('/api/parent/login', {
      method: 'POST',
      json: { email: 'logs.parent@example.com', password: secrets.generatedPassword },
    });
    expect(parentLogin.status).toBe(200);
    secrets.parentToken = (await json<{ token: string }>(parentLogin)).token;
    secrets.parentCookie = cookieValue(parentLogin, 'parent_session');
    const parent = { authorization: `Bearer ${secrets.parentToken}` };
    expect(
      (
        await s.request('/api/parent/change-password', {
          method: 'POST',
          json: { currentPassword: secrets.generatedPassword, newPassword: NEW_PARENT_PASSWORD },
          headers: parent,
        })
      ).status,
    ).toBe(200);
    const again = await s.request('/api/parent/login', {
      method: 'POST',
      json: { email: 'logs.parent@example.com', password: NEW_PARENT_PASSWORD },
    });
    secrets.parentToken2 = (await json<{ token: string }>(again)).token;
    const parent2 = { authorization: `Bearer ${secrets.parentToken2}` };

    // Messages both ways.
    expect(
      (
        await s.request('/api/parent/communications', {
          method: 'POST',
          json: { childId: child.id, subject: 'Pick-up', content: 'Grandma picks up today' },
          headers: parent2,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await s.request('/api/admin/communications', {
          method: 'POST',
          json: { childId: child.id, subject: 'Thanks', content: 'Noted' },
          headers: admin,
        })
      ).status,
    ).toBe(201);
    await s.request('/api/parent/communications', { headers: parent2 });

    // A document through a signed upload URL, then the same URL again (refused: it was used).
    const { uploadURL } = await json<{ uploadURL: string }>(await s.request('/api/objects/upload', { method: 'POST', headers: parent2 }));
    secrets.uploadToken = uploadURL.split('/').at(-1)!;
    expect(
      (await s.request(uploadURL, { method: 'PUT', body: PDF, headers: { ...parent2, 'content-type': 'application/pdf' } })).status,
    ).toBe(201);
    expect(
      (await s.request(uploadURL, { method: 'PUT', body: PDF, headers: { ...parent2, 'content-type': 'application/pdf' } })).status,
    ).toBe(409);

    // A reset link asked for and used.
    expect((await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: 'logs.parent@example.com' } })).status).toBe(
      200,
    );
    await drainMailQueue(s.db);
    const mail = s.db
      .select()
      .from(outboxMessages)
      .all()
      .filter((m) => m.toAddress === 'logs.parent@example.com')
      .at(-1)!;
    secrets.resetToken = mail.textBody.match(/parent-reset-password#token=([a-z0-9]+)/)![1]!;
    expect(
      (await s.request('/api/parent/reset-password', { method: 'POST', json: { token: secrets.resetToken, password: RESET_PASSWORD } }))
        .status,
    ).toBe(200);

    // tRPC too: a query with the child's id in the query string, and staff reading the application.
    await s.request('/api/enrollment-applications', { headers: admin });
    await s.request('/api/admin/logout', { method: 'POST', headers: admin });
  });

  it('logged the requests (the capture is not vacuous), with the upload path redacted', () => {
    const log = capturedLines.join('');
    expect(capturedLines.length).toBeGreaterThan(15);
    expect(log).toContain('"path":"/api/objects/upload/[token]"');
    expect(log).toContain('"path":"/api/parent/login"');
  });

  it('holds none of the secrets the flows used', () => {
    const log = capturedLines.join('');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(log.includes(secret), `${name} appears in the log`).toBe(false);
    }
    // The session tokens' secret halves, in case a token is logged split.
    for (const token of [secrets.parentToken!, secrets.parentToken2!, secrets.adminSession!])
      expect(log).not.toContain(token.split('.').at(-1)!);
  });

  it('redacts passwords, tokens, cookies, Authorization headers and medical fields in any logged object', async () => {
    const { logger } = await import('../../src/server/logger');
    capturedLines.length = 0;
    logger.warn(
      {
        password: 'pw-one',
        input: { newPassword: 'pw-two', token: 'tok-three', allergies: 'nuts-four' },
        req: { headers: { authorization: 'Bearer five', cookie: 'six=seven', 'set-cookie': 'eight' } },
        medications: 'nine',
        medicalConditions: 'ten',
      },
      'probe',
    );
    const line = capturedLines.join('');
    expect(line).toContain('probe');
    for (const v of ['pw-one', 'pw-two', 'tok-three', 'nuts-four', 'Bearer five', 'six=seven', 'eight', '"nine"', '"ten"'])
      expect(line).not.toContain(v);
  });
});
