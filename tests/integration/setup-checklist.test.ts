/**
 * The director's first-run checklist on the Overview (ADR 082): each item done or not from the records
 * themselves, shown until every required item is done or the director puts it away (kept on the account, with
 * an audit row); e-mail is said, not waited for; teachers and parents are refused (403).
 */
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

type Checklist = { show: boolean; dismissed: boolean; items: { id: string; done: boolean; missing: number; required: boolean }[] };

const checklist = async (cookie = s.admin) => {
  const res = await s.request('/api/trpc/overview.setupChecklist', as(cookie));
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/no-store/);
  return (await json<{ result: { data: { json: Checklist } } }>(res)).result.data.json;
};
const states = (c: Checklist) => Object.fromEntries(c.items.map((i) => [i.id, i.done ? 'done' : `not done (${i.missing})`]));
const post = (path: string, body: unknown, method = 'POST') => s.request(path, { method, json: body, ...as(s.admin) });

describe('the first-run checklist', () => {
  it('follows the centre from empty to set up, item by item, and hides once every required item is done', async () => {
    const empty = await checklist();
    expect(empty.show).toBe(true);
    expect(states(empty)).toEqual({
      rooms: 'not done (0)',
      childrenInRooms: 'not done (0)',
      startDates: 'not done (0)',
      consent: 'not done (0)',
      pickups: 'not done (0)',
      staff: 'not done (0)',
      smtp: 'not done (0)',
    });
    expect(empty.items.find((i) => i.id === 'smtp')!.required).toBe(false);

    const room = await json<{ id: string }>(
      await post('/api/admin/classrooms', { name: 'Sunflower Room', ageGroup: 'preschool_3', capacity: 16 }),
    );
    const ana = await addChild(s, { childName: 'Ana Checklist' });
    const ben = await addChild(s, { childName: 'Ben Checklist' });
    const some = await checklist();
    expect(states(some)).toMatchObject({
      rooms: 'done',
      childrenInRooms: 'not done (2)',
      startDates: 'done',
      consent: 'not done (2)',
      pickups: 'not done (2)',
    });

    for (const child of [ana, ben]) {
      const patch = await post(
        `/api/admin/enrolled-children/${child.id}`,
        { classroomId: room.id, photoConsent: true, photoConsentDate: '2026-09-01', photoConsentGivenBy: 'Jin Park' },
        'PATCH',
      );
      expect(patch.status).toBe(200);
    }
    expect(
      (
        await post(`/api/admin/enrolled-children/${ana.id}/pickups`, {
          name: 'Rose Grandma',
          relationship: 'Grandmother',
          phone: '614-555-0199',
        })
      ).status,
    ).toBe(201);
    expect(states(await checklist())).toMatchObject({
      childrenInRooms: 'done',
      consent: 'done',
      pickups: 'not done (1)',
      staff: 'not done (0)',
    });

    expect(
      (await post(`/api/admin/enrolled-children/${ben.id}/pickups`, { name: 'Sam Uncle', relationship: 'Uncle', phone: '614-555-0198' }))
        .status,
    ).toBe(201);
    expect((await post('/api/admin/staff', { name: 'Tia Teacher', email: 'checklist.tia@example.com', role: 'teacher' })).status).toBe(201);
    const done = await checklist();
    // Every required item done: hidden, though e-mail (no SMTP here) is still said as not set.
    expect(states(done)).toMatchObject({ pickups: 'done', staff: 'done', smtp: 'not done (0)' });
    expect(done.show).toBe(false);
    expect(done.dismissed).toBe(false);

    // A child enrolled later without a room shows it again.
    await addChild(s, { childName: 'Cleo Checklist' });
    expect((await checklist()).show).toBe(true);
  });

  it('stays away once the director puts it away, on the server, with an audit row; other directors still see theirs', async () => {
    const other = await s.adminCookie('checklist.other@example.com', 'director');
    expect((await checklist()).show).toBe(true);
    const res = await post('/api/trpc/overview.dismissSetupChecklist', { json: null });
    expect(res.status).toBe(200);
    expect(await checklist()).toMatchObject({ show: false, dismissed: true });
    expect(await checklist(other)).toMatchObject({ show: true, dismissed: false });
    const row = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(row).toMatchObject({ action: 'update', entity: 'staff', actorName: 'Test Director' });
    expect(Object.keys(row.fields)).toEqual(['setupChecklistDismissedAt']);
  });

  it('refuses teachers and parents (403) and strangers (401), and a teacher cannot put it away', async () => {
    const teacher = await s.adminCookie('checklist.teacher@example.com', 'teacher');
    expect((await s.request('/api/trpc/overview.setupChecklist', as(teacher))).status).toBe(403);
    expect(
      (await s.request('/api/trpc/overview.dismissSetupChecklist', { method: 'POST', json: { json: null }, ...as(teacher) })).status,
    ).toBe(403);
    const { token } = await s.parentToken('checklist.parent@example.com');
    expect((await s.request('/api/trpc/overview.setupChecklist', { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await s.request('/api/trpc/overview.setupChecklist')).status).toBe(401);
  });
});
