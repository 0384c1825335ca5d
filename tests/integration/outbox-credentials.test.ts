import { readFileSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { outboxMessages, parentEmails } from '../../db/schema';
import { CREDENTIALS_KEPT_MS, forgetExpiredPasswords, forgetParentPassword } from '../../src/server/services/outbox';
import { addChild, type AdminTestServer, as, sharedAdminServer } from '../helpers/admin-server';
import { insertApplication, json } from '../helpers/enrollment-fixtures';
import { fakeClock } from '../helpers/server';

type LoginBody = { credentials: { email: string; password: string }; emailVia: string | null };
type OutboxRow = typeof outboxMessages.$inferSelect;

async function issueLogin(
  s: AdminTestServer,
  email: string,
  kind: 'generate-parent-login' | 'reset-parent-password' = 'generate-parent-login',
  childId?: string,
) {
  const id = childId ?? (await addChild(s, { parentEmail: email })).id;
  const res = await s.request(`/api/admin/${kind}/${id}`, { method: 'POST', ...as(s.admin) });
  expect(res.status).toBe(200);
  const body = await json<LoginBody>(res);
  expect(body.emailVia).toBe('outbox');
  const row = s.db.select().from(outboxMessages).all().at(-1)!;
  return { childId: id, password: body.credentials.password, row };
}

const rowById = (s: AdminTestServer, id: string) => s.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).get()!;
const parse = (row: OutboxRow) => PostalMime.parse(readFileSync(row.emlFile));

describe('forgetParentPassword (after the first sign-in)', () => {
  const s = sharedAdminServer();

  it('marks a stored credentials e-mail with its account, and removes the password from the row and the .eml file', async () => {
    const { password, row } = await issueLogin(s, 'first.signin@example.com');
    expect(row.credentialsFor).toBe('first.signin@example.com');
    expect(row.textBody).toContain(`Password: ${password}`);
    const before = await parse(row);
    expect(before.text).toContain(password);
    expect(before.html).toContain(password);

    expect(await forgetParentPassword(s.db, s.config, 'First.Signin@example.com')).toBe(1);

    const after = rowById(s, row.id);
    expect(after.credentialsFor).toBeNull();
    expect(after.textBody).not.toContain(password);
    expect(after.textBody).toContain('Password: (removed after the first sign-in)');
    expect(after.textBody).toContain('E-mail: first.signin@example.com');
    const raw = readFileSync(row.emlFile, 'utf8');
    expect(raw).not.toContain(password);
    const eml = await parse(after);
    expect(eml.text).not.toContain(password);
    expect(eml.html).not.toContain(password);
    expect(eml.text).toContain('Password: (removed after the first sign-in)');
    expect(eml.html).toContain('(removed after the first sign-in)');
    // The rest of the message is what was composed: same headers, same letter.
    expect(eml.messageId).toBe(before.messageId);
    expect(eml.date).toBe(before.date);
    expect(eml.subject).toBe(before.subject);
    expect(eml.to).toEqual(before.to);
    expect(eml.from).toEqual(before.from);
    expect(eml.replyTo).toEqual(before.replyTo);
    expect(eml.text?.replace('(removed after the first sign-in)', password)).toBe(before.text);
    expect(statSync(row.emlFile).mode & 0o777).toBe(0o600);
    // Staff read the redacted text in the dashboard's Outbox.
    const shown = await json<{ text: string }>(await s.request(`/api/admin/outbox/${row.id}`, as(s.admin)));
    expect(shown.text).not.toContain(password);

    // Nothing left: a second call changes nothing.
    expect(await forgetParentPassword(s.db, s.config, 'first.signin@example.com')).toBe(0);
    expect(readFileSync(row.emlFile, 'utf8')).toBe(raw);
  });

  it('removes every password of that account (creation and reset) and touches no other message', async () => {
    const first = await issueLogin(s, 'twice@example.com');
    const reset = await issueLogin(s, 'twice@example.com', 'reset-parent-password', first.childId);
    const other = await issueLogin(s, 'someone.else@example.com');
    const status = await s.request(`/api/enrollment-applications/${insertApplication(s)}/status`, {
      method: 'PATCH',
      json: { status: 'approved', sendEmail: true },
      ...as(s.admin),
    });
    expect(status.status).toBe(200);
    const statusRow = s.db.select().from(outboxMessages).all().at(-1)!;
    expect(statusRow.credentialsFor).toBeNull();
    const statusEml = readFileSync(statusRow.emlFile, 'utf8');

    expect(await forgetParentPassword(s.db, s.config, 'twice@example.com')).toBe(2);
    for (const { row, password } of [first, reset]) {
      expect(rowById(s, row.id).textBody).not.toContain(password);
      expect(readFileSync(row.emlFile, 'utf8')).not.toContain(password);
    }
    expect(rowById(s, other.row.id)).toMatchObject({ credentialsFor: 'someone.else@example.com', textBody: other.row.textBody });
    expect((await parse(other.row)).text).toContain(other.password);
    expect(readFileSync(statusRow.emlFile, 'utf8')).toBe(statusEml);
  });

  it('the log of e-mails sent to parents never held the password', async () => {
    const { password } = await issueLogin(s, 'log.check@example.com');
    const logged = s.db.select().from(parentEmails).all();
    expect(logged.length).toBeGreaterThan(0);
    for (const entry of logged) expect(entry.content).not.toContain(password);
  });
});

describe('forgetExpiredPasswords (the sweep)', () => {
  // The clock starts at the real time, as the outbox rows are stamped by the database.
  const clock = fakeClock(new Date());
  const s = sharedAdminServer(() => ({ clock }));

  it('keeps the password for 7 days, then removes it from the row and the file', async () => {
    const { password, row } = await issueLogin(s, 'week.old@example.com');
    clock.advance(CREDENTIALS_KEPT_MS - 60 * 60 * 1000);
    expect(await forgetExpiredPasswords(s.db, s.config, clock)).toBe(0);
    expect(rowById(s, row.id).textBody).toContain(password);
    expect((await parse(row)).text).toContain(password);

    clock.advance(2 * 60 * 60 * 1000);
    expect(await forgetExpiredPasswords(s.db, s.config, clock)).toBe(1);
    const after = rowById(s, row.id);
    expect(after).toMatchObject({ credentialsFor: null });
    expect(after.textBody).toContain('Password: (removed after 7 days)');
    expect(readFileSync(row.emlFile, 'utf8')).not.toContain(password);
    expect((await parse(after)).text).toContain('Password: (removed after 7 days)');
    expect(await forgetExpiredPasswords(s.db, s.config, clock)).toBe(0);
  });
});
