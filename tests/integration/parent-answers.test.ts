/**
 * A signed-in parent's reads are kept per session (cache/response-cache.ts, ADR 017). Kept answers must be
 * exactly the answers the full path gives, and never outlive what they depend on: a write anywhere, the
 * session's end or refresh, the credentials they were made for.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parentSessions, parentUsers } from '../../db/schema';
import { PARENT_SESSION_MS } from '../../src/server/auth/session';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';

const HOUR = 60 * 60 * 1000;
const trpcGet = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const activity = (childId: string, title: string) => ({
  childId,
  activityDate: '2026-11-20',
  category: 'outdoor',
  title,
  description: 'In the garden',
  duration: '30',
  skillsPracticed: 'counting',
  enjoymentLevel: 4,
  participationLevel: 'eager',
});
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date');

describe("a parent's kept answers (cache/response-cache.ts)", () => {
  const s = sharedAdminServer();

  it('a kept answer is the same answer: status, every header (no-store) and the body, over REST and tRPC', async () => {
    const fam = await enrolFamily(s, 'kept.same@example.com', ['Kai Same']);
    const child = fam.children[0]!.id;
    for (const path of ['/api/parent/children', `/api/parent/stats/${child}`, trpcGet('parentPortal.dashboard', { childId: child })]) {
      const headerSets: Record<string, string>[] = [
        { authorization: `Bearer ${fam.token}`, 'accept-encoding': 'gzip' },
        { cookie: fam.cookie, 'accept-encoding': 'identity' },
      ];
      for (const headers of headerSets) {
        const first = await s.request(path, { headers });
        const kept = await s.request(path, { headers });
        expect(first.status, path).toBe(200);
        expect(first.headers.get('cache-control')).toBe('no-store');
        expect(kept.status).toBe(200);
        expect(headersOf(kept)).toEqual(headersOf(first));
        expect(Buffer.from(await kept.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
      }
    }
  });

  it('the same token asking for a tRPC batch as JSON lines, then as one JSON array, gets each as asked', async () => {
    const fam = await enrolFamily(s, 'kept.jsonl@example.com', ['Jo Lines']);
    const url = `/api/trpc/parentPortal.children,parentAuth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))}`;
    for (let i = 0; i < 2; i++) {
      const streamed = await s.request(url, { headers: { authorization: `Bearer ${fam.token}`, 'trpc-accept': 'application/jsonl' } });
      // JSON lines (tRPC labels them application/json too): not one JSON value.
      expect((await streamed.text()).trim().split('\n').length).toBeGreaterThan(1);
    }
    const plain = await s.request(url, bearer(fam.token));
    expect(JSON.parse(await plain.text())).toHaveLength(2);
  });

  it("another family's token never gets the answer kept for this one, on the same path", async () => {
    const a = await enrolFamily(s, 'kept.family.a@example.com', ['Ada Kept']);
    const b = await enrolFamily(s, 'kept.family.b@example.com', ['Ben Kept']);
    const child = a.children[0]!.id;
    for (let i = 0; i < 2; i++) {
      expect(await (await s.request('/api/parent/children', bearer(a.token))).text()).toContain('Ada Kept');
      expect((await s.request(`/api/parent/stats/${child}`, bearer(a.token))).status).toBe(200);
    }
    const theirs = await s.request('/api/parent/children', bearer(b.token));
    expect(await theirs.text()).not.toContain('Ada Kept');
    expect((await s.request(`/api/parent/stats/${child}`, bearer(b.token))).status).toBe(404);
    expect((await s.request(`/api/parent/stats/${child}`, { headers: { cookie: b.cookie } })).status).toBe(404);
    // A token that is almost right is a stranger.
    expect((await s.request('/api/parent/children', bearer(`${a.token}x`))).status).toBe(401);
  });

  it('a write is seen on the very next read: a new activity, over REST and in the dashboard batch', async () => {
    const fam = await enrolFamily(s, 'kept.write@example.com', ['Wes Write']);
    const child = fam.children[0]!.id;
    const rest = `/api/parent/daily-activities/${child}?limit=20`;
    const dashboard = trpcGet('parentPortal.dashboard', { childId: child });
    for (let i = 0; i < 2; i++) {
      expect(await (await s.request(rest, bearer(fam.token))).text()).not.toContain('Kept pond visit');
      expect(await (await s.request(dashboard, bearer(fam.token))).text()).not.toContain('Kept pond visit');
    }
    expect(
      (await s.request('/api/admin/daily-activities', { method: 'POST', json: activity(child, 'Kept pond visit'), ...as(s.admin) })).status,
    ).toBe(201);
    expect(await (await s.request(rest, bearer(fam.token))).text()).toContain('Kept pond visit');
    expect(await (await s.request(dashboard, bearer(fam.token))).text()).toContain('Kept pond visit');
  });

  it('signing out, or the account being closed, ends the kept answers of that token at once', async () => {
    const fam = await enrolFamily(s, 'kept.signout@example.com', ['Sam Out']);
    for (let i = 0; i < 2; i++) expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(200);
    expect((await s.request('/api/parent/logout', { method: 'POST', ...bearer(fam.token) })).status).toBe(200);
    expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(401);

    const closed = await enrolFamily(s, 'kept.closed@example.com', ['Cleo Closed']);
    for (let i = 0; i < 2; i++) expect((await s.request('/api/parent/children', { headers: { cookie: closed.cookie } })).status).toBe(200);
    s.db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, closed.parentId)).run();
    expect((await s.request('/api/parent/children', { headers: { cookie: closed.cookie } })).status).toBe(401);
  });

  it('is not sent past the moment the session has to be refreshed, even when nothing was written: the refresh happens', async () => {
    const fam = await enrolFamily(s, 'kept.refresh@example.com', ['Rae Fresh']);
    const sessionId = fam.token.split('.')[0]!;
    // Refreshed once less than half of its idle life is left: in one hour from now.
    const expiresAt = new Date(s.clock.now().getTime() + PARENT_SESSION_MS / 2 + HOUR);
    s.db.update(parentSessions).set({ expiresAt }).where(eq(parentSessions.id, sessionId)).run();
    const read = () => s.request('/api/parent/children', { headers: { cookie: fam.cookie } });
    for (let i = 0; i < 2; i++) {
      const res = await read();
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // Two hours later, the same morning in Columbus (no new day), nothing written since.
    s.clock.advance(2 * HOUR);
    const refreshed = await read();
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith('parent_session='))).toBe(true);
    const row = s.db.select().from(parentSessions).where(eq(parentSessions.id, sessionId)).get()!;
    expect(row.expiresAt.getTime()).toBe(s.clock.now().getTime() + PARENT_SESSION_MS);
  });

  it('is not sent past the session end, even when nothing was written', async () => {
    const fam = await enrolFamily(s, 'kept.ending@example.com', ['Eli End']);
    const sessionId = fam.token.split('.')[0]!;
    // Used recently (20 days of idle life left, no refresh due for days), but its 90 days from the sign-in end in an hour.
    const now = s.clock.now().getTime();
    s.db
      .update(parentSessions)
      .set({ expiresAt: new Date(now + 20 * 24 * HOUR), createdAt: new Date(now + HOUR - 90 * 24 * HOUR) })
      .where(eq(parentSessions.id, sessionId))
      .run();
    for (let i = 0; i < 2; i++) expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(200);
    s.clock.advance(2 * HOUR);
    expect((await s.request('/api/parent/children', bearer(fam.token))).status).toBe(401);
  });

  it('staff answers and a visitor are never kept here; the parent reads kept are only the portal reads', async () => {
    const { CACHED_READS, readOfProcedure, readOfRestPath } = await import('../../src/server/cache/registry');
    const parentRead = (path: string) => readOfRestPath(path)?.whose === 'parent-session';
    expect(parentRead('/api/parent/children')).toBe(true);
    expect(parentRead('/api/parent/stats/abc')).toBe(true);
    expect(parentRead('/api/parent/payment-receipts')).toBe(true);
    expect(parentRead('/api/parent/payment-receipts/abc/pdf')).toBe(false);
    expect(parentRead('/api/parent/tax-statements/2026/pdf')).toBe(false);
    expect(parentRead('/api/admin/enrolled-children')).toBe(false);
    expect(readOfProcedure('payments.parentReceiptPdf')).toBeUndefined();
    // Every declared procedure exists and is a query (a mutation is never kept, whatever its method).
    const { appRouter } = await import('../../src/server/routers/_app');
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    for (const { procedure } of CACHED_READS) expect(procedures[procedure]?._def.type, procedure).toBe('query');

    // A staff member's reads of the same child are their own, and see a write at once.
    const fam = await enrolFamily(s, 'kept.staff@example.com', ['Stu Staff']);
    const child = fam.children[0]!.id;
    const staffView = () => s.request(`/api/admin/child-activities/${child}`, as(s.admin));
    expect(await (await staffView()).text()).not.toContain('Kept staff walk');
    expect(
      (await s.request('/api/admin/daily-activities', { method: 'POST', json: activity(child, 'Kept staff walk'), ...as(s.admin) })).status,
    ).toBe(201);
    expect(await (await staffView()).text()).toContain('Kept staff walk');
    expect((await s.request('/api/parent/children')).status).toBe(401);
    expect((await json<{ message: string }>(await s.request('/api/parent/children'))).message).toBeTruthy();
  });
});
