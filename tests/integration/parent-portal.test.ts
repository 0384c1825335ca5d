/**
 * The parent portal end to end over HTTP (REST and tRPC): sign-in by bearer and cookie, expiry and sign-out,
 * reset links, object-level authorization between two families, private notes, and the figures.
 */
import { eq } from 'drizzle-orm';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { describe, expect, it } from 'vitest';
import { dailyActivities, developmentNotes, outboxMessages, parentPasswordResets, parentSessions, parentUsers } from '../../db/schema';
import { PARENT_SESSION_MS } from '../../src/server/auth/session';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';

const trpcGet = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

describe('parent sign-in', () => {
  const s = sharedAdminServer();

  it('answers a token and the parent without any hash, and the token works as a bearer header and as the cookie', async () => {
    const fam = await enrolFamily(s, 'signin.parent@example.com', ['Ava Stone']);
    const res = await s.request('/api/parent/login', {
      method: 'POST',
      json: { email: 'Signin.Parent@Example.com', password: fam.password },
    });
    expect(res.status).toBe(200);
    const body = await json<{ token: string; parent: Record<string, unknown> }>(res);
    expect(Object.keys(body.parent).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'phone']);
    expect(JSON.stringify(body)).not.toContain('argon2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('parent_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    // Only a hash of the secret is stored.
    const [id, secret] = body.token.split('.');
    const row = s.db.select().from(parentSessions).where(eq(parentSessions.id, id!)).get()!;
    expect(row.token).not.toContain(secret!);
    expect(row.expiresAt.getTime()).toBe(s.clock.now().getTime() + PARENT_SESSION_MS);

    const byBearer = await s.request('/api/parent/children', bearer(body.token));
    expect(byBearer.status).toBe(200);
    expect((await json<{ childName: string }[]>(byBearer)).map((c) => c.childName)).toEqual(['Ava Stone']);
    const byCookie = await s.request('/api/parent/children', { headers: { cookie: cookie.split(';')[0]! } });
    expect(byCookie.status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer, and bad input with a 400', async () => {
    const fam = await enrolFamily(s, 'wrong.pass@example.com', ['Ben Stone']);
    const wrong = await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: 'not-it' } });
    const unknown = await s.request('/api/parent/login', { method: 'POST', json: { email: 'nobody@example.com', password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await json(wrong)).toEqual(await json(unknown));
    const bad = await s.request('/api/parent/login', { method: 'POST', json: { email: 'not-an-email', password: '' } });
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe('Please enter a valid email address');
  });

  it('refuses an inactive parent even with the right password', async () => {
    const fam = await enrolFamily(s, 'closed.parent@example.com', ['Cleo Stone']);
    s.db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, fam.parentId)).run();
    const res = await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
    expect(res.status).toBe(403);
    expect((await json<{ message: string }>(res)).message).toContain('account is closed');
    // And its existing sessions no longer work.
    expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(401);
  });

  it('throttles guessing on one account (429 with Retry-After) while the right password from elsewhere still needs no wait after', async () => {
    const fam = await enrolFamily(s, 'throttle.parent@example.com', ['Dan Stone']);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: `guess-${i}` } })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The admin login is counted apart: a parent's typos never slow the director.
    const admin = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: 'director@example.com', password: 'director-pass-1' },
    });
    expect(admin.status).toBe(200);
  });

  it('ends the session on sign-out (bearer and cookie) and after expiry', async () => {
    const fam = await enrolFamily(s, 'signout.parent@example.com', ['Eve Stone']);
    const out = await s.request('/api/parent/logout', { method: 'POST', ...bearer(fam.token) });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/parent_session=;.*Max-Age=0/);
    expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(401);
    expect((await s.request('/api/parent/children', { headers: { cookie: fam.cookie } })).status).toBe(401);

    const again = await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
    const { token } = await json<{ token: string }>(again);
    expect((await s.request('/api/parent/me', bearer(token))).status).toBe(200);
    s.clock.advance(PARENT_SESSION_MS + 1000);
    expect((await s.request('/api/parent/me', bearer(token))).status).toBe(401);
    s.clock.set('2026-11-21T15:00:00Z');
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const fam = await enrolFamily(s, 'csrf.parent@example.com', ['Finn Stone']);
    const res = await s.request('/api/parent/change-password', {
      method: 'POST',
      json: { currentPassword: fam.password, newPassword: 'a brand new password' },
      headers: { cookie: fam.cookie, origin: 'http://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } })).status).toBe(200);
  });
});

describe('passwords: reset link and change', () => {
  const s = sharedAdminServer();

  async function lastResetToken(to: string): Promise<string> {
    await drainMailQueue(s.db);
    const row = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, to)).all().at(-1)!;
    expect(row.subject).toBe('Choose a new Parent Portal password for Little Buckeyes Learning Center');
    return row.textBody.match(/parent-reset-password#token=([a-z0-9]+)/)![1]!;
  }

  it('e-mails a link that works once, ends every session, and is refused when used again, wrong or expired', async () => {
    const fam = await enrolFamily(s, 'reset.parent@example.com', ['Gus Hill']);
    const forgot = await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: fam.email } });
    expect(forgot.status).toBe(200);
    const unknown = await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: 'nobody@example.com' } });
    expect(await json(unknown)).toEqual(await json(forgot));
    const token = await lastResetToken(fam.email);
    // Only a hash of the token is stored.
    expect(JSON.stringify(s.db.select().from(parentPasswordResets).all())).not.toContain(token);

    const wrong = await s.request('/api/parent/reset-password', {
      method: 'POST',
      json: { token: `${token}x`, password: 'a brand new password' },
    });
    expect(wrong.status).toBe(400);
    const short = await s.request('/api/parent/reset-password', { method: 'POST', json: { token, password: 'short' } });
    expect(short.status).toBe(400);

    const ok = await s.request('/api/parent/reset-password', { method: 'POST', json: { token, password: 'a brand new password' } });
    expect(ok.status).toBe(200);
    expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(401);
    expect((await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } })).status).toBe(401);
    expect(
      (await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: 'a brand new password' } })).status,
    ).toBe(200);

    const reused = await s.request('/api/parent/reset-password', { method: 'POST', json: { token, password: 'another new password' } });
    expect(reused.status).toBe(400);
    expect((await json<{ message: string }>(reused)).message).toContain('invalid, was already used or has expired');

    await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: fam.email } });
    const late = await lastResetToken(fam.email);
    s.clock.advance(60 * 60 * 1000 + 1);
    expect(
      (await s.request('/api/parent/reset-password', { method: 'POST', json: { token: late, password: 'another new password' } })).status,
    ).toBe(400);
    s.clock.set('2026-11-21T15:00:00Z');
  });

  it('tells the reset page whether its link works before the password is typed: unknown, live, used, expired', async () => {
    const fam = await enrolFamily(s, 'check.link@example.com', ['Ivy Hill']);
    const check = (token: string) => s.caller().parentAuth.checkResetLink({ token });
    const invalid = { valid: false, message: 'This reset link is invalid, was already used or has expired. Please ask for a new one.' };
    expect(await check('not-a-token')).toEqual(invalid);
    await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: fam.email } });
    const token = await lastResetToken(fam.email);
    expect(await check(token)).toEqual({ valid: true, message: null });
    // Checking does not use the link up.
    expect(await check(token)).toEqual({ valid: true, message: null });
    expect(
      (await s.request('/api/parent/reset-password', { method: 'POST', json: { token, password: 'a brand new password' } })).status,
    ).toBe(200);
    expect(await check(token)).toEqual(invalid);
    await s.request('/api/parent/forgot-password', { method: 'POST', json: { email: fam.email } });
    const late = await lastResetToken(fam.email);
    s.clock.advance(60 * 60 * 1000 + 1);
    expect(await check(late)).toEqual(invalid);
    s.clock.set('2026-11-21T15:00:00Z');
    await expect(check('')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('changes the password when signed in, checks the current one, and ends the other sessions only', async () => {
    const fam = await enrolFamily(s, 'change.parent@example.com', ['Hal Hill']);
    const other = await json<{ token: string }>(
      await s.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } }),
    );
    const wrong = await s.request('/api/parent/change-password', {
      method: 'POST',
      json: { currentPassword: 'nope', newPassword: 'a brand new password' },
      ...bearer(fam.token),
    });
    expect(wrong.status).toBe(400);
    // At its field, where the form shows it, not as a toast.
    expect((await json<{ errors: Record<string, string> }>(wrong)).errors).toEqual({
      currentPassword: 'The current password is not correct',
    });
    const ok = await s.request('/api/parent/change-password', {
      method: 'POST',
      json: { currentPassword: fam.password, newPassword: 'a brand new password' },
      ...bearer(fam.token),
    });
    expect(ok.status).toBe(200);
    expect((await s.request('/api/parent/me', bearer(fam.token))).status).toBe(200);
    expect((await s.request('/api/parent/me', bearer(other.token))).status).toBe(401);
  });
});

describe('two families: every parent path with the other family’s ids', () => {
  const s = sharedAdminServer();
  let a: Family;
  let b: Family;
  const secret = 'Bea-secret-activity-title';

  it('sets up two families with activities and notes', async () => {
    a = await enrolFamily(s, 'family.a@example.com', ['Amy Ames']);
    b = await enrolFamily(s, 'family.b@example.com', ['Bea Bell']);
    for (const [fam, title] of [
      [a, 'Amy painting'],
      [b, secret],
    ] as const) {
      const res = await s.request('/api/admin/daily-activities', {
        method: 'POST',
        json: {
          childId: fam.children[0]!.id,
          activityDate: '2026-11-20',
          category: 'creative',
          title,
          description: 'Painted',
          skillsPracticed: 'colour, brush',
        },
        ...as(s.admin),
      });
      expect(res.status).toBe(201);
      await s.request('/api/admin/development-notes', {
        method: 'POST',
        json: { childId: fam.children[0]!.id, category: 'social', title: `${title} note`, content: 'Shared', skillsObserved: 'sharing' },
        ...as(s.admin),
      });
    }
  });

  it('answers 404 over REST, and leaks nothing', async () => {
    const foreign = b.children[0]!.id;
    for (const path of [
      `/api/parent/stats/${foreign}`,
      `/api/parent/daily-activities/${foreign}`,
      `/api/parent/development-notes/${foreign}`,
      `/api/parent/milestones/${foreign}`,
      '/api/parent/stats/no-such-child',
    ]) {
      const res = await s.request(path, bearer(a.token));
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text).toBe('{"message":"Child not found"}');
    }
    const own = await s.request(`/api/parent/daily-activities/${a.children[0]!.id}`, bearer(a.token));
    expect(own.status).toBe(200);
    expect(await own.text()).not.toContain(secret);
    const children = await s.request('/api/parent/children', bearer(a.token));
    expect(await children.text()).not.toContain('Bea');
  });

  it('answers 404 over tRPC (HTTP and createCaller), and leaks nothing', async () => {
    const foreign = b.children[0]!.id;
    for (const [path, input] of [
      ['parentPortal.stats', foreign],
      ['parentPortal.milestones', foreign],
      ['parentPortal.activities', { childId: foreign }],
      ['parentPortal.notes', { childId: foreign }],
      ['parentPortal.dashboard', { childId: foreign }],
    ] as const) {
      const res = await s.request(trpcGet(path, input), bearer(a.token));
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text).not.toContain(secret);
      expect(text).not.toContain('Bea');
    }
    // The synthetic parent of createCaller has no children at all.
    await expect(s.caller('parent').parentPortal.stats(a.children[0]!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const dash = await json<{ result: { data: { json: { children: unknown[]; child: { childName: string } } } } }>(
      await s.request(trpcGet('parentPortal.dashboard', {}), bearer(a.token)),
    );
    expect(dash.result.data.json.children).toHaveLength(1);
    expect(dash.result.data.json.child.childName).toBe('Amy Ames');
  });

  it('an inactive child disappears from its parent’s portal', async () => {
    const fam = await enrolFamily(s, 'two.kids@example.com', ['Cal Cole', 'Dee Cole']);
    await s.request(`/api/admin/enrolled-children/${fam.children[1]!.id}/toggle-active`, { method: 'PATCH', ...as(s.admin) });
    expect(
      (await json<{ childName: string }[]>(await s.request('/api/parent/children', bearer(fam.token)))).map((c) => c.childName),
    ).toEqual(['Cal Cole']);
    expect((await s.request(`/api/parent/stats/${fam.children[1]!.id}`, bearer(fam.token))).status).toBe(404);
  });
});

describe('private notes, figures and the week boundary', () => {
  const s = sharedAdminServer();
  let fam: Family;
  let childId: string;

  it('never sends a private note to a parent', async () => {
    fam = await enrolFamily(s, 'figures.parent@example.com', ['Ida Ives']);
    childId = fam.children[0]!.id;
    const priv = await s.request('/api/admin/development-notes', {
      method: 'POST',
      json: { childId, category: 'social', title: 'Staff only: behaviour plan', content: 'Private', isPrivate: true },
      ...as(s.admin),
    });
    expect(priv.status).toBe(201);
    expect(await json(priv)).toMatchObject({ isPrivate: true, authorName: 'Test Director' });
    // The server's clock stands still in tests: move it so that the two notes have an order.
    s.clock.advance(60_000);
    await s.request('/api/admin/development-notes', {
      method: 'POST',
      json: {
        childId,
        category: 'language',
        title: 'New words',
        content: 'Said "butterfly"',
        skillsObserved: 'vocabulary',
        developmentAreas: 'language, speech',
      },
      ...as(s.admin),
    });

    const notes = await json<{ title: string; skillsObserved: string[]; developmentAreas: string[] }[]>(
      await s.request(`/api/parent/development-notes/${childId}`, bearer(fam.token)),
    );
    expect(notes.map((n) => n.title)).toEqual(['New words']);
    expect(notes[0]).toMatchObject({ skillsObserved: ['vocabulary'], developmentAreas: ['language', 'speech'] });
    const dash = await s.request(trpcGet('parentPortal.dashboard', { childId }), bearer(fam.token));
    expect(await dash.text()).not.toContain('behaviour plan');
    // Staff see it, marked.
    const staff = await json<{ data: { developmentNotes: { title: string; isPrivate: boolean }[] } }>(
      await s.request(`/api/admin/child-activities/${childId}`, as(s.admin)),
    );
    expect(staff.data.developmentNotes.map((n) => [n.title, n.isPrivate])).toEqual([
      ['New words', false],
      ['Staff only: behaviour plan', true],
    ]);
  });

  it('counts the week Sunday to Saturday in Columbus: activities by date, notes by the local wall clock', async () => {
    // The server's "now" is Saturday 21 November 2026, 10:00 in Columbus: the week is 15..21 November.
    const add = (activityDate: string, skills: string) =>
      s.db
        .insert(dailyActivities)
        .values({
          childId,
          activityDate,
          category: 'play',
          title: `Play ${activityDate}`,
          description: 'Blocks',
          skillsPracticed: skills.split(','),
        })
        .run();
    add('2026-11-14', 'stacking'); // the Saturday before
    add('2026-11-15', 'stacking,Counting'); // Sunday: first day of the week
    add('2026-11-21', 'counting'); // Saturday: last day
    add('2026-11-22', 'jumping'); // the next Sunday
    const note = (title: string, at: string, isPrivate = false) =>
      s.db
        .insert(developmentNotes)
        .values({ childId, authorName: 'T', category: 'social', title, content: 'x', createdAt: new Date(at), isPrivate })
        .run();
    s.db.delete(developmentNotes).where(eq(developmentNotes.childId, childId)).run();
    note('Saturday 23:59 local', '2026-11-22T04:59:00Z'); // EST is UTC-5
    note('Sunday 00:00 local', '2026-11-22T05:00:00Z');
    note('Sunday 00:00 local, first minute of the week', '2026-11-15T05:00:00Z');
    note('Saturday 23:59 before', '2026-11-15T04:59:00Z');
    note('Private in week', '2026-11-18T12:00:00Z', true);

    const stats = await json(await s.request(`/api/parent/stats/${childId}`, bearer(fam.token)));
    expect(stats).toMatchObject({ totalActivities: 4, weeklyActivities: 2, skillsWorkedOn: 3, totalNotes: 4 });

    const summary = await json<{ summary: unknown }>(
      await s.request(`/api/admin/activities-summary/${childId}/2026-11-15/2026-11-21`, as(s.admin)),
    );
    // Staff figures include the private note.
    expect(summary.summary).toEqual({ totalActivities: 2, totalNotes: 3, skillsPracticed: ['Counting', 'stacking'] });
    const bad = await s.request(`/api/admin/activities-summary/${childId}/2026-11-21/2026-11-15`, as(s.admin));
    expect(bad.status).toBe(400);
    expect((await s.request(`/api/admin/activities-summary/${childId}/2026-13-01/2026-11-15`, as(s.admin))).status).toBe(400);
    expect((await s.request('/api/admin/activities-summary/nope/2026-11-15/2026-11-21', as(s.admin))).status).toBe(404);

    // In summer (EDT, UTC-4) the boundary moves with the clock.
    note('Summer Saturday 23:59', '2026-07-12T03:59:00Z');
    note('Summer Sunday 00:00', '2026-07-12T04:00:00Z');
    const summer = await json<{ summary: { totalNotes: number } }>(
      await s.request(`/api/admin/activities-summary/${childId}/2026-07-05/2026-07-11`, as(s.admin)),
    );
    expect(summer.summary.totalNotes).toBe(1);
  });

  it('pages a long list without gaps or repeats', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({
      childId,
      activityDate: `2026-10-${String((i % 28) + 1).padStart(2, '0')}`,
      category: 'learning',
      title: `Lesson ${i}`,
      description: 'x',
      createdAt: new Date(Date.UTC(2026, 9, 1, 12, 0, i)),
    }));
    s.db.insert(dailyActivities).values(rows).run();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Response = await s.request(
        `/api/parent/daily-activities/${childId}?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        bearer(fam.token),
      );
      const page = await json<{ id: string; activityDate: string }[]>(res);
      expect(page.length).toBeLessThanOrEqual(20);
      seen.push(...page.map((p) => p.id));
      cursor = res.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toHaveLength(49);
    expect(new Set(seen).size).toBe(49);
    expect((await s.request(`/api/parent/daily-activities/${childId}?limit=500`, bearer(fam.token))).status).toBe(400);
    expect((await s.request(`/api/parent/daily-activities/${childId}?cursor=garbage`, bearer(fam.token))).status).toBe(400);
  });
});
