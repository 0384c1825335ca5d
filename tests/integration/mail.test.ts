import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, parentEmails, parentUsers } from '../../db/schema';
import { verifyPassword } from '../../src/server/auth/password';
import { applicationStatusEmail } from '../../src/server/enrollment/application-mail';
import { parentCredentialsEmail } from '../../src/server/parents/account-mail';
import { centre } from '../../src/shared/centre';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { decodeMime, insertApplication, json, sampleApplication, statusOf } from '../helpers/enrollment-fixtures';
import { loopbackSmtp } from '../helpers/smtp';

type StatusBody = {
  success: boolean;
  application: { status: string };
  emailRequested: boolean;
  emailSent: boolean;
  emailError: string | null;
};
type LoginBody = {
  credentials: { email: string; password: string };
  isExisting: boolean;
  emailSent: boolean;
  emailVia: string | null;
  emailError: string | null;
  message: string;
};
type OutboxItem = { id: string; to: string; subject: string; createdAt: string; text: string };

describe('templates', () => {
  const config = { publicUrl: 'https://centre.example' };

  it('write every status in words, with the centre details and a link from PUBLIC_URL', () => {
    for (const [status, label] of [
      ['approved', 'Approved'],
      ['rejected', 'Rejected'],
      ['waitlist', 'Waitlist'],
      ['more-info', 'More Info Needed'],
      ['pending', 'Pending'],
    ] as const) {
      const mail = applicationStatusEmail(sampleApplication, status, config);
      expect(mail.subject).toBe(`Enrollment application for Emma Lopez: ${label}`);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Emma Lopez');
        expect(body).toContain(label);
        expect(body).toContain(centre.name);
        expect(body).toContain(centre.phones[0]);
        expect(body).toContain(centre.email);
        expect(body).toContain('https://centre.example/');
      }
    }
  });

  it('escape what families typed in the HTML body and keep headers on one line', () => {
    const mail = applicationStatusEmail(
      { ...sampleApplication, childFirstName: '<img src=x onerror=alert(1)>', parentFirstName: 'A&B' },
      'approved',
      config,
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('A&amp;B');
    const injected = applicationStatusEmail(
      { ...sampleApplication, childLastName: 'Lopez\r\nBcc: victim@example.com' },
      'approved',
      config,
    );
    expect(injected.subject).not.toMatch(/[\r\n]/);
  });

  it('put the login link, e-mail and password in the credentials message', () => {
    const mail = parentCredentialsEmail(
      { parentName: 'Jin Park', childName: 'Noah Park', email: 'jin@example.com', password: 'Secret123abcDEFg' },
      config,
    );
    expect(mail.text).toContain('https://centre.example/parent-login');
    expect(mail.text).toContain('Password: Secret123abcDEFg');
    expect(mail.html).toContain('href="https://centre.example/parent-login"');
    expect(mail.html).toContain('Secret123abcDEFg');
  });

  it('say in the reset message that the password was reset and the old one no longer works', () => {
    const mail = parentCredentialsEmail(
      { parentName: 'Jin Park', childName: 'Noah Park', email: 'jin@example.com', password: 'Secret123abcDEFg', reset: true },
      config,
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Your Parent Portal password has been reset');
      expect(body).toContain('Your previous password no longer works');
      expect(body).not.toContain('An account has been created');
    }
    expect(mail.text).toContain('Password: Secret123abcDEFg');
    expect(mail.text).toContain('https://centre.example/parent-login');
  });
});

describe('the outbox (no SMTP_URL)', () => {
  const s = sharedAdminServer();

  it('keeps the status e-mail as a row and an .eml file, and logs it as sent to the parent', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, {
      method: 'PATCH',
      json: { status: 'approved', sendEmail: true },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    expect(await json<StatusBody>(res)).toMatchObject({
      success: true,
      application: { status: 'approved' },
      emailRequested: true,
      emailSent: true,
      emailError: null,
    });

    const row = s.db.select().from(outboxMessages).all().at(-1)!;
    expect(row).toMatchObject({ toAddress: 'maria.lopez@example.com', subject: 'Enrollment application for Emma Lopez: Approved' });
    expect(row.textBody).toContain('Emma Lopez');
    expect(row.emlFile.startsWith(resolve(s.config.privateDir, 'outbox'))).toBe(true);
    expect(existsSync(row.emlFile)).toBe(true);
    const eml = decodeMime(readFileSync(row.emlFile, 'utf8'));
    expect(eml).toMatch(/^To: maria\.lopez@example\.com$/m);
    // Replies reach the office even when MAIL_FROM is a no-reply address.
    expect(eml).toMatch(/^Reply-To: Little Buckeyes Learning Center\s+<hello@littlebuckeyeslearning\.com>$/m);
    expect(eml).toMatch(/^Subject: Enrollment application for Emma Lopez: Approved$/m);
    expect(eml).toContain('is now: Approved.');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain(s.config.publicUrl);

    const logged = s.db.select().from(parentEmails).all().at(-1)!;
    expect(logged).toMatchObject({ subject: row.subject, recipients: ['maria.lopez@example.com'], sentBy: 'director@example.com' });
    const log = await json<{ subject: string }[]>(await s.request('/api/admin/parent-emails', as(s.admin)));
    expect(log[0]?.subject).toBe(row.subject);
  });

  it('lists the outbox newest first and opens one message, over REST and tRPC', async () => {
    const child = await addChild(s, { parentEmail: 'outbox.parent@example.com' });
    const login = await json<LoginBody>(
      await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) }),
    );
    expect(login.message).toContain('Outbox');
    expect(login.emailVia).toBe('outbox');

    const list = await json<OutboxItem[]>(await s.request('/api/admin/outbox', as(s.admin)));
    expect(list[0]).toMatchObject({
      to: 'outbox.parent@example.com',
      subject: 'Your Parent Portal login for Little Buckeyes Learning Center',
    });
    expect(list[0]!.text).toContain(login.credentials.password);
    expect(list[0]!.text).toContain(`${s.config.publicUrl}/parent-login`);
    expect(list.length).toBeGreaterThanOrEqual(2);

    const one = await s.request(`/api/admin/outbox/${list[0]!.id}`, as(s.admin));
    expect(one.status).toBe(200);
    expect(await json(one)).toEqual(list[0]);
    expect((await s.caller('admin').outbox.list()).map((m) => m.id)).toEqual(list.map((m) => m.id));
    expect((await s.request('/api/admin/outbox/no-such-id', as(s.admin))).status).toBe(404);
  });

  it('says that no SMTP server is configured', async () => {
    expect(await json(await s.request('/api/admin/mail-status', as(s.admin)))).toMatchObject({ smtpConfigured: false });
  });
});

describe('a real SMTP server on loopback (SMTP_URL)', () => {
  // Declared before the app's server, so the app closes first (vitest runs after-hooks in reverse order).
  const { received, smtpUrl } = loopbackSmtp();
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: smtpUrl(), MAIL_FROM: 'Little Buckeyes <office@centre.example>' } }));

  it('delivers the parent credentials to the parent, with the password and the login link', async () => {
    const child = await addChild(s, { parentEmail: 'smtp.parent@example.com' });
    const res = await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(200);
    const body = await json<LoginBody>(res);
    expect(body).toMatchObject({ isExisting: false, emailSent: true, emailVia: 'smtp', emailError: null });
    expect(body.message).toBe(
      'A Parent Portal account was created for smtp.parent@example.com and the credentials were e-mailed to the parent.',
    );
    expect(body).toMatchObject({ notice: { id: 'staff.notice.accountCreatedSent', values: { email: 'smtp.parent@example.com' } } });

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('office@centre.example');
    expect(mail.to).toEqual(['smtp.parent@example.com']);
    const text = decodeMime(mail.raw);
    expect(text).toMatch(/^Subject: Your Parent Portal login for Little Buckeyes Learning Center$/m);
    expect(text).toMatch(/^To: smtp\.parent@example\.com$/m);
    expect(text).toContain(`Password: ${body.credentials.password}`);
    expect(text).toContain(`Sign in at: ${s.config.publicUrl}/parent-login`);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    // Sent by SMTP, so nothing waits in the outbox.
    expect(s.count(outboxMessages)).toBe(0);
  });

  it('delivers the status e-mail when asked', async () => {
    const id = insertApplication(s);
    const before = received.length;
    const body = await json<StatusBody>(
      await s.request(`/api/enrollment-applications/${id}/status`, {
        method: 'PATCH',
        json: { status: 'waitlist', sendEmail: true },
        ...as(s.admin),
      }),
    );
    expect(body.emailSent).toBe(true);
    expect(received).toHaveLength(before + 1);
    expect(received.at(-1)!.to).toEqual(['maria.lopez@example.com']);
    expect(decodeMime(received.at(-1)!.raw)).toContain('placed on our waitlist');
  });

  it('says that SMTP is configured, without answering the URL', async () => {
    const status = await json<Record<string, unknown>>(await s.request('/api/admin/mail-status', as(s.admin)));
    expect(status).toEqual({ smtpConfigured: true, from: 'Little Buckeyes <office@centre.example>' });
  });
});

describe('an SMTP server that cannot be reached', () => {
  let port: number;
  beforeAll(async () => {
    // A port that was free a moment ago and has nothing listening on it now.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }));

  it('keeps the status change and reports that the e-mail failed', async () => {
    const id = insertApplication(s);
    const res = await s.request(`/api/enrollment-applications/${id}/status`, {
      method: 'PATCH',
      json: { status: 'approved', sendEmail: true },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    const body = await json<StatusBody>(res);
    expect(body).toMatchObject({ success: true, application: { status: 'approved' }, emailRequested: true, emailSent: false });
    expect(body.emailError).toMatch(/^The e-mail could not be sent/);
    expect(statusOf(s, id)).toBe('approved');
    expect(s.count(parentEmails)).toBe(0);
  });

  it('keeps the new parent account and still answers the credentials so staff can hand them over', async () => {
    const child = await addChild(s, { parentEmail: 'unreachable@example.com' });
    const res = await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(200);
    const body = await json<LoginBody>(res);
    expect(body).toMatchObject({ isExisting: false, emailSent: false, emailVia: null, credentials: { email: 'unreachable@example.com' } });
    expect(body.credentials.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.message).toContain('could not be sent');
    const parent = s.db
      .select({ id: parentUsers.id, isActive: parentUsers.isActive })
      .from(parentUsers)
      .where(eq(parentUsers.email, 'unreachable@example.com'))
      .get();
    expect(parent?.isActive).toBe(true);

    // Asking again finds the account instead of making a second one.
    const again = await json<LoginBody>(
      await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) }),
    );
    expect(again.isExisting).toBe(true);
  });

  it('resets the password even when the e-mail cannot be sent, and answers it so staff can hand it over', async () => {
    const child = await addChild(s, { parentEmail: 'unreachable.reset@example.com' });
    await s.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', ...as(s.admin) });
    const res = await s.request(`/api/admin/reset-parent-password/${child.id}`, { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(200);
    const body = await json<LoginBody>(res);
    expect(body).toMatchObject({ emailSent: false, emailVia: null, credentials: { email: 'unreachable.reset@example.com' } });
    expect(body.credentials.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.message).toContain('could not be sent');
    expect(body.emailError).toMatch(/^The e-mail could not be sent/);
    const parent = s.db
      .select({ passwordHash: parentUsers.passwordHash })
      .from(parentUsers)
      .where(eq(parentUsers.email, 'unreachable.reset@example.com'))
      .get()!;
    expect(await verifyPassword(parent.passwordHash, body.credentials.password)).toBe(true);
  });
});
