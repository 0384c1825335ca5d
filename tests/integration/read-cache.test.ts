/**
 * The signed-in pages' hot reads come from memory until the next write (cache/store.ts, cache/response-cache.ts).
 * What a parent sees must still change at once when staff write, each family's answers stay its own, and a
 * session that ends (sign-out, deactivation, a removed link) ends on the very next request.
 */
import { describe, expect, it } from 'vitest';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { sampleChild } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';

const s = sharedAdminServer();

const activity = {
  activityDate: '2026-11-20',
  category: 'outdoor',
  title: 'Leaf hunt',
  description: 'Collected leaves',
  duration: '30',
  skillsPracticed: 'sorting',
  enjoymentLevel: 4,
  participationLevel: 'eager',
};

async function get<T>(path: string, token: string): Promise<{ status: number; body: T; cacheControl: string | null }> {
  const res = await s.request(path, bearer(token));
  return { status: res.status, body: (await res.json()) as T, cacheControl: res.headers.get('cache-control') };
}

describe('personal reads from memory', () => {
  it('a new activity and note show at once in the stats, the pages and the dashboard, and stay no-store', async () => {
    const family = await enrolFamily(s, 'cache.family@example.com', ['Ava Cache']);
    const child = family.children[0]!;
    const before = await get<{ totalActivities: number; totalNotes: number }>(`/api/parent/stats/${child.id}`, family.token);
    expect(before.cacheControl).toBe('no-store');
    expect((await get<unknown[]>(`/api/parent/daily-activities/${child.id}`, family.token)).body).toHaveLength(0);

    expect(
      (await s.request('/api/admin/daily-activities', { method: 'POST', json: { ...activity, childId: child.id }, ...as(s.admin) })).status,
    ).toBe(201);
    const after = await get<{ totalActivities: number; weeklyActivities: number }>(`/api/parent/stats/${child.id}`, family.token);
    expect(after.body.totalActivities).toBe(before.body.totalActivities + 1);
    expect((await get<{ title: string }[]>(`/api/parent/daily-activities/${child.id}`, family.token)).body.map((a) => a.title)).toEqual([
      'Leaf hunt',
    ]);

    const note = { category: 'social', title: 'Shared the spade', content: 'Took turns', isPrivate: false, childId: child.id };
    expect((await s.request('/api/admin/development-notes', { method: 'POST', json: note, ...as(s.admin) })).status).toBe(201);
    expect((await get<{ title: string }[]>(`/api/parent/development-notes/${child.id}`, family.token)).body.map((n) => n.title)).toEqual([
      'Shared the spade',
    ]);
  });

  it("one family's cached answers are never another's", async () => {
    const a = await enrolFamily(s, 'cache.a@example.com', ['Ben A']);
    const b = await enrolFamily(s, 'cache.b@example.com', ['Cleo B']);
    const childrenA = await get<{ childName: string }[]>('/api/parent/children', a.token);
    const childrenB = await get<{ childName: string }[]>('/api/parent/children', b.token);
    expect(childrenA.body.map((c) => c.childName)).toEqual(['Ben A']);
    expect(childrenB.body.map((c) => c.childName)).toEqual(['Cleo B']);
    // A's child, read by A (now in memory), is still a 404 for B.
    expect((await s.request(`/api/parent/stats/${a.children[0]!.id}`, bearer(a.token))).status).toBe(200);
    expect((await s.request(`/api/parent/stats/${a.children[0]!.id}`, bearer(b.token))).status).toBe(404);
  });

  it('a child made inactive disappears from the parent at once, and sign-out ends the session on the next request', async () => {
    const family = await enrolFamily(s, 'cache.c@example.com', ['Dan C', 'Fay C']);
    const child = family.children[0]!;
    expect((await s.request(`/api/parent/stats/${child.id}`, bearer(family.token))).status).toBe(200);
    expect((await s.request(`/api/admin/enrolled-children/${child.id}/toggle-active`, { method: 'PATCH', ...as(s.admin) })).status).toBe(
      200,
    );
    expect((await s.request(`/api/parent/stats/${child.id}`, bearer(family.token))).status).toBe(404);
    expect((await get<{ childName: string }[]>('/api/parent/children', family.token)).body.map((c) => c.childName)).toEqual(['Fay C']);

    expect((await s.request('/api/parent/logout', { method: 'POST', ...bearer(family.token) })).status).toBe(200);
    expect((await s.request('/api/parent/children', bearer(family.token))).status).toBe(401);
  });

  it('a session past its end is refused though its row was read from memory', async () => {
    const family = await enrolFamily(s, 'cache.d@example.com', ['Eve D']);
    expect((await s.request('/api/parent/children', bearer(family.token))).status).toBe(200);
    const start = s.clock.now();
    s.clock.advance(91 * 24 * 60 * 60 * 1000);
    try {
      expect((await s.request('/api/parent/children', bearer(family.token))).status).toBe(401);
    } finally {
      s.clock.set(start);
    }
  });
});

describe('staff reads from memory', () => {
  const staff = async <T>(path: string) => {
    const res = await s.request(path, as(s.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as T;
  };
  type Child = { id: string; childName: string; isActive: boolean };

  it('the roster shows a child added, renamed, made inactive or removed at once', async () => {
    const before = await staff<Child[]>('/api/admin/enrolled-children');
    const child = await addChild(s, { childName: 'Gus Roster' });
    const byId = async () => (await staff<Child[]>('/api/admin/enrolled-children')).find((c) => c.id === child.id);
    expect((await staff<Child[]>('/api/admin/enrolled-children')).length).toBe(before.length + 1);
    expect((await byId())?.isActive).toBe(true);

    expect(
      (
        await s.request(`/api/admin/enrolled-children/${child.id}`, {
          method: 'PUT',
          json: { ...sampleChild, parentEmail: child.parentEmail, childName: 'Gus Renamed' },
          ...as(s.admin),
        })
      ).status,
    ).toBe(200);
    expect((await byId())?.childName).toBe('Gus Renamed');
    expect((await s.request(`/api/admin/enrolled-children/${child.id}/toggle-active`, { method: 'PATCH', ...as(s.admin) })).status).toBe(
      200,
    );
    expect((await byId())?.isActive).toBe(false);
    expect((await s.request(`/api/admin/enrolled-children/${child.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);
    expect(await byId()).toBeUndefined();
    // Staff only, though every director reads the same answer: a parent and a visitor are refused.
    const family = await enrolFamily(s, 'cache.roster@example.com', ['Hal Roster']);
    expect((await s.request('/api/admin/enrolled-children', bearer(family.token))).status).toBe(403);
    expect((await s.request('/api/admin/enrolled-children')).status).toBe(401);
  });

  it("a parent's message reaches the staff list at once, and a request turns overdue when the centre's day changes", async () => {
    const family = await enrolFamily(s, 'cache.staff@example.com', ['Ivy Staff']);
    const child = family.children[0]!;
    type Message = { subject: string };
    await staff<Message[]>('/api/admin/communications');
    const sent = await s.request('/api/parent/communications', {
      method: 'POST',
      json: { childId: child.id, subject: 'Pickup at 4', content: 'Grandma collects today.' },
      ...bearer(family.token),
    });
    expect(sent.status).toBe(201);
    expect((await staff<Message[]>('/api/admin/communications'))[0]!.subject).toBe('Pickup at 4');

    const start = s.clock.now();
    try {
      // Due 1 December: still pending at 23:30 on that day in Columbus, overdue half an hour later.
      s.clock.set('2026-12-02T04:00:00Z');
      s.admin = await s.adminCookie();
      const asked = await s.request('/api/admin/document-requests', {
        method: 'POST',
        json: { childId: child.id, documentType: 'other', title: 'Allergy plan', description: 'Signed copy', dueDate: '2026-12-01' },
        ...as(s.admin),
      });
      expect(asked.status).toBe(201);
      const { id } = (await asked.json()) as { id: string };
      type Request = { id: string; status: string };
      const status = async () => (await staff<Request[]>('/api/admin/document-requests')).find((r) => r.id === id)?.status;
      s.clock.set('2026-12-02T04:30:00Z');
      expect(await status()).toBe('pending');
      s.clock.set('2026-12-02T05:30:00Z');
      expect(await status()).toBe('overdue');
    } finally {
      s.clock.set(start);
      s.admin = await s.adminCookie();
    }
  });
  it("the Payments tab's first page and cards show a receipt at once, and 'This Month' moves on with the calendar", async () => {
    const child = await addChild(s, { childName: 'Remy Receipt' });
    type Summary = { month: string; thisMonthCount: number; receiptCount: number };
    type Receipt = { childName: string };
    const summary = () => staff<Summary>('/api/admin/payment-receipts/summary');
    const before = await summary();
    await staff<Receipt[]>('/api/admin/payment-receipts?limit=5');
    const made = await s.request('/api/admin/payment-receipts', {
      method: 'POST',
      json: {
        childId: child.id,
        parentName: child.parentName,
        parentEmail: child.parentEmail,
        paymentType: 'tuition',
        amount: '100.00',
        paymentMethod: 'cash',
        paymentDate: '2026-11-20',
      },
      ...as(s.admin),
    });
    expect(made.status).toBe(201);
    expect((await staff<Receipt[]>('/api/admin/payment-receipts?limit=5'))[0]!.childName).toBe('Remy Receipt');
    const after = await summary();
    expect(after.receiptCount).toBe(before.receiptCount + 1);
    expect(after.thisMonthCount).toBe(before.thisMonthCount + 1);

    const start = s.clock.now();
    try {
      // 23:30 on 30 November in Columbus; then, with nothing written, 00:30 on 1 December: November's receipts
      // are no longer this month's.
      s.clock.set('2026-12-01T04:30:00Z');
      s.admin = await s.adminCookie();
      expect((await summary()).month).toBe('2026-11');
      s.clock.set('2026-12-01T05:30:00Z');
      const december = await summary();
      expect(december.month).toBe('2026-12');
      expect(december.thisMonthCount).toBe(0);
    } finally {
      s.clock.set(start);
      s.admin = await s.adminCookie();
    }
  });
});
