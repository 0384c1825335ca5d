/**
 * Staff accounts and roles: invitations, the teacher's 403, deactivation, the last director, the
 * staff's own reset and change of password, authors and the teacher's own-records rule.
 */
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { adminSessions, adminUsers, dailyActivities, outboxMessages, staffPasswordLinks } from '../../db/schema';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { DIRECTOR_ONLY } from '../../src/server/auth/guards';
import { hashLinkToken } from '../../src/server/auth/single-use-links';
import { NOT_YOUR_RECORD, UNKNOWN_AUTHOR } from '../../src/server/audit/authors';
import { DUPLICATE_EMAIL, LAST_DIRECTOR, STAFF_LINK_INVALID } from '../../src/server/staff/accounts';
import { STAFF_PASSWORD_TOO_SHORT } from '../../src/shared/schemas/password-policy';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { freshAddress } from '../helpers/authz-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
const GOOD_PASSWORD = 'Lantern orchard pebble 7';
let n = 0;

/** Invites an account as the director; answers its id and the token read from the delivered message. */
async function invite(role: 'teacher' | 'director' = 'teacher', name = `Tess Teacher ${++n}`) {
  const email = `staff${++n}@example.com`;
  const res = await s.request('/api/admin/staff', { method: 'POST', json: { name, email, role }, ...as(s.admin) });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await json<{ id: string; email: string; role: string; isActive: boolean }>(res);
  return { id: body.id, email, name, body, token: await linkIn(email) };
}

/** The token of the newest message to `email`, from the .eml file (the message as it would be delivered). */
async function linkIn(email: string) {
  const row = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().at(-1)!;
  const text = (await PostalMime.parse(readFileSync(row.emlFile))).text ?? '';
  return { token: text.match(/\/admin\/set-password#token=([a-z0-9]+)/)![1]!, row };
}

const setPassword = (token: string, password = GOOD_PASSWORD) =>
  s.request('/api/admin/set-password', { method: 'POST', json: { token, password }, headers: freshAddress() });
const login = (email: string, password = GOOD_PASSWORD) =>
  s.request('/api/admin/login', { method: 'POST', json: { email, password }, headers: freshAddress() });
// The session's cookie (a sign-in also sets the known-device cookie of ADR 019).
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.includes('admin_session='))!
    .split(';')[0]!;

async function signedInTeacher() {
  const t = await invite('teacher');
  expect((await setPassword(t.token.token)).status).toBe(200);
  const res = await login(t.email);
  expect(res.status).toBe(200);
  return { ...t, cookie: cookieOf(res) };
}

describe('invitations', () => {
  it('answers the account and, with no SMTP, the link to pass on; keeps only a hash of the token; the outbox keeps the link', async () => {
    const t = await invite();
    expect(Object.keys(t.body).sort()).toEqual(
      ['emailError', 'emailSent', 'email', 'id', 'invitationUrl', 'isActive', 'lastLoginAt', 'name', 'role'].sort(),
    );
    expect((t.body as { invitationUrl?: string }).invitationUrl).toBe(`${s.config.publicUrl}/admin/set-password#token=${t.token.token}`);
    expect(t.body).toMatchObject({ role: 'teacher', isActive: true, emailSent: true });
    const link = s.db.select().from(staffPasswordLinks).where(eq(staffPasswordLinks.adminId, t.id)).get()!;
    expect(link.tokenHash).toBe(hashLinkToken(t.token.token));
    expect(link.purpose).toBe('invite');
    expect(link.expiresAt.getTime() - s.clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // No SMTP: the outbox is how the director passes it on, as a parent's reset link (staff-invitation-link.test.ts).
    expect(t.token.row.textBody).toContain(t.token.token);
    // No password yet: the account cannot sign in with anything.
    expect((await login(t.email, '')).status).toBe(400);
    expect((await login(t.email, 'anything at all here')).status).toBe(401);
  });

  it('works once; a wrong or expired token is refused with a sentence; the staff password policy applies', async () => {
    const t = await invite();
    const wrong = await setPassword(`${t.token.token}x`);
    expect(wrong.status).toBe(400);
    expect((await json<{ message: string }>(wrong)).message).toBe(english(STAFF_LINK_INVALID));
    const short = await setPassword(t.token.token, 'short pass');
    expect(short.status).toBe(400);
    expect((await json<{ message: string }>(short)).message).toBe(english(STAFF_PASSWORD_TOO_SHORT));
    // Until it is used, the delivered message (the outbox's .eml, how a centre without SMTP passes it on) has the link.
    expect(readFileSync(t.token.row.emlFile, 'utf8')).toContain(t.token.token);
    expect((await setPassword(t.token.token)).status).toBe(200);
    // Used, the outbox keeps only redacted copies: the .eml loses the link too.
    expect(readFileSync(t.token.row.emlFile, 'utf8')).not.toContain(t.token.token);
    expect((await login(t.email)).status).toBe(200);
    const again = await setPassword(t.token.token, 'Another lantern pebble 8');
    expect(again.status).toBe(400);
    expect((await login(t.email, 'Another lantern pebble 8')).status).toBe(401);

    const late = await invite();
    s.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect((await setPassword(late.token.token)).status).toBe(400);
    // The director's own session has ended with those 7 days: a fresh one for the tests that follow.
    s.admin = await s.adminCookie();
  });

  it('a duplicate e-mail is a 409 and creates nothing; bad input is a 400', async () => {
    const t = await invite();
    const before = s.count(adminUsers);
    const dup = await s.request('/api/admin/staff', {
      method: 'POST',
      json: { name: 'Other', email: t.email.toUpperCase(), role: 'director' },
      ...as(s.admin),
    });
    expect(dup.status).toBe(409);
    expect((await json<{ message: string }>(dup)).message).toBe(english(DUPLICATE_EMAIL));
    const bad = await s.request('/api/admin/staff', {
      method: 'POST',
      json: { name: 'Other', email: 'other@example.com', role: 'janitor' },
      ...as(s.admin),
    });
    expect(bad.status).toBe(400);
    expect(s.count(adminUsers)).toBe(before);
  });

  it('GET /api/admin/staff lists accounts with no secret', async () => {
    const res = await s.request('/api/admin/staff', as(s.admin));
    const list = await json<Record<string, unknown>[]>(res);
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['email', 'id', 'isActive', 'lastLoginAt', 'name', 'role']);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });
});

describe('roles', () => {
  it('a teacher on a director-only path gets 403 with a plain sentence, over REST and tRPC, and nothing changes', async () => {
    const t = await signedInTeacher();
    const rest = await s.request('/api/events', {
      method: 'POST',
      json: { title: 'Teacher event', eventDate: '2026-12-04' },
      ...as(t.cookie),
    });
    expect(rest.status).toBe(403);
    expect((await json<{ message: string }>(rest)).message).toBe(english(DIRECTOR_ONLY));
    const trpc = await s.request('/api/trpc/staff.list', as(t.cookie));
    expect(trpc.status).toBe(403);
    expect(((await trpc.json()) as { error: { json: { message: string } } }).error.json.message).toBe(english(DIRECTOR_ONLY));
    expect((await s.request('/api/admin/audit-log', as(t.cookie))).status).toBe(403);
    // The teacher's own session answers who they are and their role.
    expect(await json(await s.request('/api/admin/me', as(t.cookie)))).toMatchObject({ role: 'teacher', name: t.name });
  });
});

describe('deactivation and the last director', () => {
  it('deactivating ends every session of the account at once: its next call is a 401, and it cannot sign in', async () => {
    const t = await signedInTeacher();
    const second = cookieOf(await login(t.email));
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(200);
    const off = await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ isActive: false });
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(401);
    expect((await s.request('/api/admin/me', as(second))).status).toBe(401);
    expect((await login(t.email)).status).toBe(401);
    // Reactivated, the same password works again.
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: true }, ...as(s.admin) })).status).toBe(200);
    expect((await login(t.email)).status).toBe(200);
  });

  it('a session left untouched while its account was off is dead after a reactivation: deactivating deleted it', async () => {
    const t = await signedInTeacher();
    const sessions = () => s.db.select({ n: count() }).from(adminSessions).where(eq(adminSessions.adminId, t.id)).get()!.n;
    expect(sessions()).toBe(1);
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) })).status).toBe(200);
    // Not used while the account was off: only its deletion can have ended it.
    expect(sessions()).toBe(0);
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: true }, ...as(s.admin) })).status).toBe(200);
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(401);
    expect((await login(t.email)).status).toBe(200);
  });

  it('an account deactivated in the database itself (a script, the sqlite3 shell) has its session refused and deleted', async () => {
    const t = await signedInTeacher();
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(200);
    s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, t.id)).run();
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(401);
    expect(s.db.select().from(adminSessions).where(eq(adminSessions.adminId, t.id)).all()).toEqual([]);
    // Switched back on the same way, the session it had stays ended.
    s.db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, t.id)).run();
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(401);
  });

  it('an invitation sent before a deactivation does not work after it, nor after a reactivation', async () => {
    const t = await invite('teacher');
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) })).status).toBe(200);
    const off = await setPassword(t.token.token);
    expect(off.status).toBe(400);
    expect((await json<{ message: string }>(off)).message).toBe(english(STAFF_LINK_INVALID));
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: true }, ...as(s.admin) })).status).toBe(200);
    expect((await setPassword(t.token.token)).status).toBe(400);
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.id, t.id)).get()!.passwordHash).toBe('');
    expect((await login(t.email)).status).toBe(401);
  });

  it('a reset link sent before a deactivation does not work after it, nor after a reactivation', async () => {
    const t = await signedInTeacher();
    const res = await s.request('/api/admin/forgot-password', { method: 'POST', json: { email: t.email }, headers: freshAddress() });
    expect(res.status).toBe(200);
    await drainMailQueue(s.db);
    const { token } = await linkIn(t.email);
    expect(token).not.toBe(t.token.token);
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) })).status).toBe(200);
    expect((await setPassword(token, 'Reset while closed 1')).status).toBe(400);
    expect((await s.request(`/api/admin/staff/${t.id}`, { method: 'PATCH', json: { isActive: true }, ...as(s.admin) })).status).toBe(200);
    expect((await setPassword(token, 'Reset while closed 1')).status).toBe(400);
    expect((await login(t.email, 'Reset while closed 1')).status).toBe(401);
    expect((await login(t.email)).status).toBe(200);
  });

  it('an invitation and a reset link of an account deactivated in the database itself are refused', async () => {
    const invited = await invite('teacher');
    const t = await signedInTeacher();
    await s.request('/api/admin/forgot-password', { method: 'POST', json: { email: t.email }, headers: freshAddress() });
    await drainMailQueue(s.db);
    const reset = (await linkIn(t.email)).token;
    for (const id of [invited.id, t.id]) s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, id)).run();
    expect((await setPassword(invited.token.token)).status).toBe(400);
    expect((await setPassword(reset, 'Reset while closed 2')).status).toBe(400);
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.id, invited.id)).get()!.passwordHash).toBe('');
  });

  it('an inactive director is no director: the only active one can neither demote nor deactivate herself', async () => {
    const me = await json<{ id: string }>(await s.request('/api/admin/me', as(s.admin)));
    for (const d of s.db.select().from(adminUsers).where(eq(adminUsers.role, 'director')).all())
      if (d.id !== me.id) s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, d.id)).run();
    // A director kept in the table, switched off.
    s.db
      .insert(adminUsers)
      .values({ email: `former.director${++n}@example.com`, name: 'Former Director', role: 'director', passwordHash: '', isActive: false })
      .run();
    for (const body of [{ role: 'teacher' }, { isActive: false }]) {
      const res = await s.request(`/api/admin/staff/${me.id}`, { method: 'PATCH', json: body, ...as(s.admin) });
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(english(LAST_DIRECTOR));
    }
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.id, me.id)).get()).toMatchObject({ role: 'director', isActive: true });
    expect((await s.request('/api/admin/staff', as(s.admin))).status).toBe(200);
  });

  it('the last active director can be neither demoted nor deactivated (400 with a sentence); with a second director, one can', async () => {
    const directors = s.db.select().from(adminUsers).where(eq(adminUsers.role, 'director')).all();
    // Leave exactly one active director: the server's own admin.
    const me = await json<{ id: string }>(await s.request('/api/admin/me', as(s.admin)));
    for (const d of directors) if (d.id !== me.id) s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, d.id)).run();
    for (const body of [{ role: 'teacher' }, { isActive: false }]) {
      const res = await s.request(`/api/admin/staff/${me.id}`, { method: 'PATCH', json: body, ...as(s.admin) });
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(english(LAST_DIRECTOR));
    }
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.id, me.id)).get()).toMatchObject({ role: 'director', isActive: true });
    const other = await invite('director');
    expect((await s.request(`/api/admin/staff/${me.id}`, { method: 'PATCH', json: { role: 'teacher' }, ...as(s.admin) })).status).toBe(200);
    // Now a teacher, the same session is refused the director's paths; the other director puts it back.
    expect((await s.request('/api/admin/staff', as(s.admin))).status).toBe(403);
    s.db.update(adminUsers).set({ role: 'director' }).where(eq(adminUsers.id, me.id)).run();
    expect((await s.request(`/api/admin/staff/${other.id}`, { method: 'PATCH', json: { isActive: false }, ...as(s.admin) })).status).toBe(
      200,
    );
    expect((await s.request('/api/admin/staff/no-such-id', { method: 'PATCH', json: { isActive: false }, ...as(s.admin) })).status).toBe(
      404,
    );
    expect((await s.request(`/api/admin/staff/${other.id}`, { method: 'PATCH', json: {}, ...as(s.admin) })).status).toBe(400);
  });
});

describe("staff's own passwords", () => {
  it('Forgot your password? e-mails a single-use link for one hour, the same answer for an unknown e-mail', async () => {
    const t = await signedInTeacher();
    const ask = (email: string) => s.request('/api/admin/forgot-password', { method: 'POST', json: { email }, headers: freshAddress() });
    const known = await json<{ message: string }>(await ask(t.email));
    const unknown = await json<{ message: string }>(await ask('nobody@example.com'));
    expect(known).toEqual(unknown);
    // The sign-in page says it from the staff catalogue (ADR 086): the notice's id, and the same sentence for REST.
    expect(known).toMatchObject({
      message:
        'If a staff account exists for that e-mail, we have sent it a link to choose a new password. The link works once, within one hour.',
      notice: { id: 'staff.notice.resetRequested', values: {} },
    });
    // Queued and sent after the answer. Without SMTP the outbox is how the link is passed on, so its row
    // keeps the link while it works, and loses it once used (ADR 019).
    await drainMailQueue(s.db);
    const { token, row } = await linkIn(t.email);
    expect(row.textBody).toContain(token);
    const set = await setPassword(token, 'Brand new lantern 9');
    expect(set.status).toBe(200);
    expect(await json(set)).toMatchObject({
      message: 'Your password is set. Please sign in with it.',
      notice: { id: 'staff.notice.passwordSet', values: {} },
    });
    expect(s.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)).get()!.textBody).not.toContain(token);
    // The reset ended the session the teacher held.
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(401);
    expect((await login(t.email, 'Brand new lantern 9')).status).toBe(200);
    expect((await setPassword(token, 'Brand new lantern 10')).status).toBe(400);

    await ask(t.email);
    await drainMailQueue(s.db);
    const late = await linkIn(t.email);
    s.clock.advance(60 * 60 * 1000 + 1);
    expect((await setPassword(late.token, 'Brand new lantern 11')).status).toBe(400);
    s.admin = await s.adminCookie();
  });

  it('changing their own password ends their other sessions, not this one; a wrong current password changes nothing', async () => {
    const t = await signedInTeacher();
    const other = cookieOf(await login(t.email));
    const change = (body: unknown) =>
      s.request('/api/admin/change-password', { method: 'POST', json: body, headers: { cookie: t.cookie, ...freshAddress() } });
    const wrong = await change({ currentPassword: 'wrong password here', newPassword: 'Changed lantern 12' });
    expect(wrong.status).toBe(400);
    // At its field, where the dialog shows it, not as a toast.
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors).toEqual({
      currentPassword: 'The current password is not correct',
    });
    expect((await s.request('/api/admin/me', as(other))).status).toBe(200);
    expect((await change({ currentPassword: GOOD_PASSWORD, newPassword: 'Changed lantern 12' })).status).toBe(200);
    expect((await s.request('/api/admin/me', as(t.cookie))).status).toBe(200);
    expect((await s.request('/api/admin/me', as(other))).status).toBe(401);
    expect((await login(t.email, 'Changed lantern 12')).status).toBe(200);
  });
});

describe('authors and the teacher’s own records', () => {
  const activity = (childId: string, title: string) => ({
    childId,
    activityDate: '2026-11-20',
    category: 'outdoor',
    title,
    description: 'Outside',
  });

  it('activities and notes show their author; a teacher changes only their own, a director any; old rows read Staff', async () => {
    const t = await signedInTeacher();
    const child = await addChild(s);
    const mine = await json<{ id: string; authorName: string }>(
      await s.request('/api/admin/daily-activities', { method: 'POST', json: activity(child.id, 'Leaf hunt'), ...as(t.cookie) }),
    );
    expect(mine.authorName).toBe(t.name);
    const theirs = await json<{ id: string; authorName: string }>(
      await s.request('/api/admin/daily-activities', { method: 'POST', json: activity(child.id, 'Sand play'), ...as(s.admin) }),
    );
    expect(theirs.authorName).toBe('Test Director');
    const note = await json<{ id: string; authorName: string }>(
      await s.request('/api/admin/development-notes', {
        method: 'POST',
        json: { childId: child.id, category: 'social', title: 'Shared', content: 'Shared toys' },
        ...as(s.admin),
      }),
    );

    // The teacher: their own activity yes; the director's activity and note no (403, unchanged).
    expect(
      (
        await s.request(`/api/admin/daily-activities/${mine.id}`, {
          method: 'PUT',
          json: { ...activity(child.id, 'Leaf hunt (fixed)'), childId: undefined },
          ...as(t.cookie),
        })
      ).status,
    ).toBe(200);
    const refused = await s.request(`/api/admin/daily-activities/${theirs.id}`, {
      method: 'PUT',
      json: { ...activity(child.id, 'Changed'), childId: undefined },
      ...as(t.cookie),
    });
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toBe(english(NOT_YOUR_RECORD));
    expect((await s.request(`/api/admin/daily-activities/${theirs.id}`, { method: 'DELETE', ...as(t.cookie) })).status).toBe(403);
    expect((await s.request(`/api/admin/development-notes/${note.id}`, { method: 'DELETE', ...as(t.cookie) })).status).toBe(403);
    expect(s.db.select().from(dailyActivities).where(eq(dailyActivities.id, theirs.id)).get()!.title).toBe('Sand play');

    // The director changes the teacher's.
    expect((await s.request(`/api/admin/daily-activities/${mine.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);

    // A row from before staff accounts has no author: it reads 'Staff', and only a director may change it.
    const old = s.db
      .insert(dailyActivities)
      .values({ childId: child.id, activityDate: '2026-11-01', category: 'play', title: 'Old row', description: 'Before accounts' })
      .returning()
      .get();
    const records = await json<{ data: { activities: { id: string; authorName: string }[] } }>(
      await s.request(`/api/admin/child-activities/${child.id}`, as(t.cookie)),
    );
    expect(records.data.activities.find((a) => a.id === old.id)!.authorName).toBe(UNKNOWN_AUTHOR);
    expect((await s.request(`/api/admin/daily-activities/${old.id}`, { method: 'DELETE', ...as(t.cookie) })).status).toBe(403);
  });

  it('a message a teacher sends carries their name', async () => {
    const t = await signedInTeacher();
    const child = await addChild(s);
    const res = await s.request('/api/admin/communications', {
      method: 'POST',
      json: { childId: child.id, subject: 'Hello', content: 'A good day' },
      ...as(t.cookie),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ senderName: t.name });
  });
});
