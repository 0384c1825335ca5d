/**
 * A staff invitation where no mail server is set (ADR 019's outbox): the director is answered the link as
 * `invitationUrl`, the Outbox keeps the invitation whole until the link is used or can no longer work (as a
 * parent's reset link), and the page that sets the password is answered the e-mail for the sign-in form. With
 * SMTP the answer has no link and nothing is stored.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { RESET_LINK_MS } from '../../src/server/parents/passwords';
import { INVITATION_MS } from '../../src/server/staff/accounts';
import { forgetExpiredResetLinks } from '../../src/server/services/outbox';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { freshAddress } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { loopbackSmtp } from '../helpers/smtp';

const LINK = /\/admin\/set-password#token=([a-z2-7]+)/;
const GOOD_PASSWORD = 'Lantern orchard pebble 7';
let n = 0;

type Invited = { id: string; email: string; emailSent: boolean; invitationUrl?: string };

describe('without SMTP', () => {
  const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
  const stored = (email: string) => s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).get()!;
  const sentNow = (email: string) =>
    s.db.update(outboxMessages).set({ createdAt: s.clock.now() }).where(eq(outboxMessages.toAddress, email)).run();
  const eml = async (email: string) => (await PostalMime.parse(readFileSync(stored(email).emlFile))).text ?? '';

  async function invite(email = `invited${++n}@example.com`) {
    const res = await s.request('/api/admin/staff', {
      method: 'POST',
      json: { name: 'Nora Newhire', email, role: 'teacher' },
      ...as(s.admin),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    return json<Invited>(res);
  }

  it('answers invitationUrl, the very link the Outbox keeps, until it is used; then the page is answered the e-mail', async () => {
    const body = await invite('nora@example.com');
    expect(body.emailSent).toBe(true);
    expect(body.invitationUrl).toMatch(new RegExp(`^${s.config.publicUrl}/admin/set-password#token=[a-z2-7]+$`));
    const token = LINK.exec(body.invitationUrl!)![1]!;
    // Shown in the Outbox as a parent's reset link is: the row and the .eml both hold the link.
    expect(stored('nora@example.com').textBody).toContain(body.invitationUrl);
    expect(await eml('nora@example.com')).toContain(token);
    const outbox = await s.request('/api/trpc/outbox.list', as(s.admin));
    expect(await outbox.text()).toContain(token);

    const set = await s.request('/api/admin/set-password', {
      method: 'POST',
      json: { token, password: GOOD_PASSWORD },
      headers: freshAddress(),
    });
    expect(set.status).toBe(200);
    expect(await json<{ email: string }>(set)).toMatchObject({ success: true, email: 'nora@example.com' });
    expect(set.headers.get('cache-control')).toMatch(/no-store/);
    // Used: the stored copies lose it.
    expect(stored('nora@example.com').textBody).not.toContain(token);
    expect(stored('nora@example.com').textBody).toContain('[reset link removed: it was used]');
    expect(await eml('nora@example.com')).not.toContain(token);
  });

  it('the hourly sweep keeps a working invitation past a reset link’s hour, and removes it once it has expired', async () => {
    const body = await invite();
    const token = LINK.exec(body.invitationUrl!)![1]!;
    // The outbox row's time is the database's own clock: set to the server's, which the link's expiry follows.
    sentNow(body.email);
    s.clock.advance(RESET_LINK_MS + 60_000);
    await forgetExpiredResetLinks(s.db, s.config, s.clock, RESET_LINK_MS);
    expect(stored(body.email).textBody).toContain(token);
    s.clock.advance(INVITATION_MS);
    expect(await forgetExpiredResetLinks(s.db, s.config, s.clock, RESET_LINK_MS)).toBeGreaterThanOrEqual(1);
    expect(stored(body.email).textBody).not.toContain(token);
    expect(stored(body.email).textBody).toContain('[reset link removed: it has expired]');
    expect(await eml(body.email)).not.toContain(token);
    // The director's session has ended with those days: a fresh one for the tests that follow.
    s.admin = await s.adminCookie();
  });

  it('an invitation of an account deactivated since is removed by the sweep', async () => {
    const body = await invite();
    const token = LINK.exec(body.invitationUrl!)![1]!;
    const off = await s.request(`/api/admin/staff/${body.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) });
    expect(off.status).toBe(200);
    sentNow(body.email);
    s.clock.advance(RESET_LINK_MS + 60_000);
    await forgetExpiredResetLinks(s.db, s.config, s.clock, RESET_LINK_MS);
    expect(stored(body.email).textBody).not.toContain(token);
    s.admin = await s.adminCookie();
  });
});

describe('with SMTP', () => {
  const smtp = loopbackSmtp();
  const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true', SMTP_URL: smtp.smtpUrl() } }));

  it('answers no link and stores nothing: the invitation is delivered with it', async () => {
    const email = `smtp.invited${++n}@example.com`;
    const res = await s.request('/api/admin/staff', {
      method: 'POST',
      json: { name: 'Sam Smtp', email, role: 'teacher' },
      ...as(s.admin),
    });
    expect(res.status).toBe(201);
    const body = await json<Invited>(res);
    expect(body).toMatchObject({ emailSent: true });
    expect(body).not.toHaveProperty('invitationUrl');
    expect(JSON.stringify(body)).not.toMatch(LINK);
    expect(s.count(outboxMessages)).toBe(0);
    const delivered = smtp.received.find((m) => m.to.includes(email))!;
    expect((await PostalMime.parse(delivered.raw)).text).toMatch(LINK);
  });
});
