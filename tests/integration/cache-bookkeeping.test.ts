import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSessions, auditLog, mailQueue, parentUsers } from '../../db/schema';
import { ADMIN_SESSION_MS } from '../../src/server/auth/session';
import { cacheStore } from '../../src/server/cache/store';
import { drainMailQueue, SEND_AFTER_MS } from '../../src/server/services/mail-queue';
import { as, sharedAdminServer } from '../helpers/admin-server';

/**
 * The rule of cache/store.ts (ADR 065), held from both sides: a real change, and its audit row, empty the response
 * cache; bookkeeping writes that no cached answer reads (a session's expiry slid forward, a reset link and its
 * queued mail, failed sign-ins for e-mails with no account) do not.
 */
const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));

/** The answers the cache holds under the database's current version (asking for the version applies a write). */
function kept(): number {
  const store = cacheStore(s.db);
  store.version();
  return store.answers();
}

/** Fills the cache with public lists and a staff read; answers how many answers it holds. */
async function fill(): Promise<number> {
  for (const path of ['/api/events', '/api/announcements', '/api/gallery']) expect((await s.request(path)).status).toBe(200);
  expect((await s.request('/api/admin/audit-log', as(s.admin))).status).toBe(200);
  const n = kept();
  expect(n).toBeGreaterThanOrEqual(4);
  return n;
}

let n = 0;
const from = () => `2001:db8:${(++n).toString(16)}::1`;
const signIn = (email: string, password = 'not the password') =>
  s.request('/api/admin/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': from() } });
const auditRows = () => s.count(auditLog);

describe('bookkeeping writes keep the response cache', () => {
  it('failed sign-ins for e-mails with no account: no audit row, the cache kept', async () => {
    const answers = await fill();
    const rows = auditRows();
    for (let i = 0; i < 20; i++) expect((await signIn(`nobody${i}@example.com`)).status).toBe(401);
    expect(auditRows()).toBe(rows);
    expect(kept()).toBe(answers);
  });

  it('forgot-password, for e-mails with and without an account, parents and staff: the cache kept', async () => {
    s.db.insert(parentUsers).values({ email: 'kept.parent@example.com', firstName: 'K', lastName: 'P', passwordHash: 'x' }).run();
    const answers = await fill();
    for (const [who, email] of [
      ['parent', 'kept.parent@example.com'],
      ['parent', 'nobody.parent@example.com'],
      ['admin', 'director@example.com'],
      ['admin', 'nobody.staff@example.com'],
    ] as const) {
      const res = await s.request(`/api/${who}/forgot-password`, {
        method: 'POST',
        json: { email },
        headers: { 'x-forwarded-for': from() },
      });
      expect(res.status).toBe(200);
      expect(kept(), `${who} ${email}`).toBe(answers);
    }
    // Sending the two messages is a real change (the e-mail log): done here, not in the next test.
    await new Promise((r) => setTimeout(r, SEND_AFTER_MS + 50));
    await drainMailQueue(s.db);
    expect(s.count(mailQueue)).toBe(0);
  });

  it("a session's expiry slid forward: the cache kept, and the session lives on past its first expiry", async () => {
    const answers = await fill();
    const expiry = () =>
      s.db
        .select({ at: adminSessions.expiresAt })
        .from(adminSessions)
        .all()
        .map((r) => r.at.getTime());
    const before = Math.max(...expiry());
    // Past half of its idle life: this request slides the expiry forward.
    s.clock.advance(ADMIN_SESSION_MS / 2 + 60_000);
    const touched = await s.request('/api/admin/me', as(s.admin));
    expect(touched.status).toBe(200);
    expect(touched.headers.getSetCookie().join()).toMatch(/=/);
    expect(Math.max(...expiry())).toBeGreaterThan(before);
    expect(kept()).toBe(answers);
    // Past the first expiry, within the new one: the kept session row has the new expiry, not the old.
    s.clock.advance(ADMIN_SESSION_MS / 2);
    expect((await s.request('/api/admin/me', as(s.admin))).status).toBe(200);
  });
});

describe('a real change, and its audit row, still empty the response cache', () => {
  it("a director's new event", async () => {
    await fill();
    const event = {
      title: 'Kept?',
      description: 'Songs',
      eventDate: '2026-12-01',
      startTime: '10:00',
      endTime: '11:00',
      category: 'general',
      isPublic: true,
    };
    expect((await s.request('/api/events', { method: 'POST', json: event, ...as(s.admin) })).status).toBe(201);
    expect(kept()).toBe(0);
    expect(await (await s.request('/api/events')).text()).toContain('Kept?');
  });

  it("a real account's failed sign-in: its audit row empties the cache, and the Audit tab shows it at once", async () => {
    s.clock.advance(2 * 60 * 60 * 1000); // an hour of its own for the account's rows
    await fill();
    const rows = auditRows();
    expect((await signIn('director@example.com')).status).toBe(401);
    expect(auditRows()).toBe(rows + 1);
    expect(kept()).toBe(0);
    const log = (await (await s.request('/api/admin/audit-log', as(s.admin))).json()) as { entries?: unknown[] } | unknown[];
    expect(JSON.stringify(log)).toContain('sign-in-failed');
  });

  it('any other write empties it, even of a table only bookkeeping writes: the exception is only what bookkeeping() runs', async () => {
    await fill();
    const session = eq(adminSessions.id, s.db.select({ id: adminSessions.id }).from(adminSessions).limit(1).get()!.id);
    s.db
      .update(adminSessions)
      .set({ expiresAt: new Date(0) })
      .where(eq(adminSessions.id, 'no-such-session'))
      .run();
    // Nothing matched: no row changed, nothing to empty.
    expect(kept()).toBeGreaterThan(0);
    s.db
      .update(adminSessions)
      .set({ expiresAt: new Date(s.clock.now().getTime() + ADMIN_SESSION_MS) })
      .where(session)
      .run();
    expect(kept()).toBe(0);
  });
});
