/**
 * The Audit tab answers "who changed Mia's record yesterday?" (ADR 082): each row names its record as it is
 * now, read when the page is read and never written into the log (ADR 064), a deleted record reads as gone;
 * an update keeps the value before of each changed field the log may keep (src/server/audit/fields.ts), and
 * none of a private one; and the log is searched by a child's or a person's name, a page at a time.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

type Row = {
  id: number;
  action: string;
  actorName: string;
  entity: string;
  entityId: string | null;
  fields: Record<string, unknown>;
  before: Record<string, unknown> | null;
  record: { name: string | null; child: string | null; gone: boolean };
};

const log = async (query: string) => {
  const res = await s.request(`/api/admin/audit-log?${query}`, as(s.admin));
  expect(res.status).toBe(200);
  return { rows: await json<Row[]>(res), cursor: res.headers.get('x-next-cursor') };
};
const rawRows = (entityId: string) => s.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).all();

describe('rows name their record', () => {
  it("a child's rows carry the child's name as it is now, the log row holds none, and a deleted child reads as gone", async () => {
    const mia = await addChild(s, { childName: 'Mia Lopez', notes: 'Peanut allergy, EpiPen in the office' });
    const put = (body: Record<string, unknown>) =>
      s.request(`/api/admin/enrolled-children/${mia.id}`, { method: 'PUT', json: { ...mia, ...body }, ...as(s.admin) });
    expect((await put({ program: 'preschool', notes: 'EpiPen moved to room 2' })).status).toBe(200);
    expect((await put({ childName: 'Mia López' })).status).toBe(200);

    const { rows } = await log(`entity=child&entityId=${mia.id}`);
    expect(rows.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    for (const row of rows) expect(row.record).toEqual({ name: 'Mia López', child: null, gone: false });

    // The log itself keeps ids and field names: neither name, nor the notes, before or after.
    const stored = JSON.stringify(rawRows(mia.id));
    for (const text of ['Mia', 'EpiPen', 'Peanut']) expect(stored).not.toContain(text);

    expect((await s.request(`/api/admin/enrolled-children/${mia.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);
    const after = await log(`entity=child&entityId=${mia.id}`);
    expect(after.rows.map((r) => r.action)).toEqual(['delete', 'update', 'update', 'create']);
    for (const row of after.rows) expect(row.record).toEqual({ name: null, child: null, gone: true });
  });

  it("a pickup is named by the person and the child; an event by its title; a staff account by the person's name", async () => {
    const leo = await addChild(s, { childName: 'Leo Park' });
    const pickup = await json<{ id: string }>(
      await s.request(`/api/admin/enrolled-children/${leo.id}/pickups`, {
        method: 'POST',
        json: { name: 'Rose Park', relationship: 'Grandmother', phone: '(614) 555-0199' },
        ...as(s.admin),
      }),
    );
    const event = await json<{ id: string }>(
      await s.request('/api/events', {
        method: 'POST',
        json: { title: 'Pajama Day', description: 'Wear pajamas', eventDate: '2026-12-04' },
        ...as(s.admin),
      }),
    );
    expect((await log(`entity=pickup&entityId=${pickup.id}`)).rows[0]!.record).toEqual({
      name: 'Rose Park',
      child: 'Leo Park',
      gone: false,
    });
    expect((await log(`entity=event&entityId=${event.id}`)).rows[0]!.record).toEqual({ name: 'Pajama Day', child: null, gone: false });
    const invited = await s.request('/api/admin/staff', {
      method: 'POST',
      json: { name: 'Tess Teacher', email: 'audit.names.tess@example.com', role: 'teacher' },
      ...as(s.admin),
    });
    expect(invited.status).toBe(201);
    const staffId = (await json<{ id: string }>(invited)).id;
    expect((await log(`entity=staff&entityId=${staffId}`)).rows[0]!.record).toEqual({ name: 'Tess Teacher', child: null, gone: false });
  });
});

describe('before and after', () => {
  it('an update keeps the value before of a field the log may show, and nothing of a private one', async () => {
    const ada = await addChild(s, { childName: 'Ada Byrne', program: 'kindergarten', notes: 'Naps after lunch' });
    const res = await s.request(`/api/admin/enrolled-children/${ada.id}`, {
      method: 'PUT',
      json: { ...ada, program: 'preschool', startDate: '2026-10-01', notes: 'Naps before lunch' },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    const update = (await log(`entity=child&entityId=${ada.id}`)).rows[0]!;
    expect(update.action).toBe('update');
    expect(update.fields).toEqual({ program: 'preschool', startDate: '2026-10-01', notes: 'changed' });
    expect(update.before).toEqual({ program: 'kindergarten', startDate: '2026-09-01' });
    expect(update.before).not.toHaveProperty('notes');

    // A public event's title is shown before and after; its description, typed text, is not.
    const event = await json<{ id: string }>(
      await s.request('/api/events', {
        method: 'POST',
        json: { title: 'Pumpkin patch', description: 'Bring boots', eventDate: '2026-10-20' },
        ...as(s.admin),
      }),
    );
    await s.request(`/api/events/${event.id}`, {
      method: 'PUT',
      json: { title: 'Pumpkin patch trip', description: 'Bring wellies', eventDate: '2026-10-21' },
      ...as(s.admin),
    });
    const renamed = (await log(`entity=event&entityId=${event.id}`)).rows[0]!;
    expect(renamed.fields).toMatchObject({ title: 'Pumpkin patch trip', description: 'changed', eventDate: '2026-10-21' });
    expect(renamed.before).toMatchObject({ title: 'Pumpkin patch', eventDate: '2026-10-20' });
    expect(renamed.before).not.toHaveProperty('description');

    // A create has nothing before, and the chain (walked in its worker) still verifies with earlier values in it.
    expect((await log(`entity=event&entityId=${event.id}`)).rows.at(-1)!.before).toBeNull();
    const check = await json<{ ok: boolean }>(await s.request('/api/admin/audit-log/verify', as(s.admin)));
    expect(check.ok).toBe(true);
  });
});

describe('search by name', () => {
  it("finds a child's rows and a person's, page by page, case aside; other children's rows are not among them", async () => {
    const zoe = await addChild(s, { childName: 'Zoe Quintero' });
    const other = await addChild(s, { childName: 'Omar Reyes' });
    for (const program of ['preschool', 'kindergarten', 'preschool'])
      await s.request(`/api/admin/enrolled-children/${zoe.id}`, { method: 'PUT', json: { ...zoe, program }, ...as(s.admin) });
    await s.request(`/api/admin/enrolled-children/${other.id}`, {
      method: 'PUT',
      json: { ...other, program: 'preschool' },
      ...as(s.admin),
    });

    const all = (await log('name=quintero&limit=50')).rows;
    expect(all.map((r) => r.entityId)).toEqual([zoe.id, zoe.id, zoe.id, zoe.id]);
    expect(all.every((r) => r.record.name === 'Zoe Quintero')).toBe(true);

    // Two at a time: the same rows, in the same order, none twice.
    const first = await log('name=Zoe%20Q&limit=2');
    expect(first.cursor).toBeTruthy();
    const second = await log(`name=Zoe%20Q&limit=2&cursor=${first.cursor}`);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(second.cursor).toBeNull();

    // A staff member's name finds the rows they wrote; with a kind, only those of that kind.
    const byDirector = (await log('name=test%20director&entity=child&limit=5')).rows;
    expect(byDirector.length).toBe(5);
    expect(byDirector.every((r) => r.actorName === 'Test Director' && r.entity === 'child')).toBe(true);

    expect((await log('name=Nobody%20Called%20This')).rows).toEqual([]);
    // LIKE's own characters are taken as they are typed.
    expect((await log('name=%25')).rows).toEqual([]);
  });

  it('refuses a name longer than 60 characters with a sentence (400), and a blank one is no filter', async () => {
    const res = await s.request(`/api/admin/audit-log?name=${'a'.repeat(61)}`, as(s.admin));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('at most 60 characters');
    const teacher = await s.adminCookie('audit.names.teacher@example.com', 'teacher');
    expect((await s.request('/api/admin/audit-log?name=Zoe', as(teacher))).status).toBe(403);
    expect((await log('name=%20%20&limit=1')).rows).toHaveLength(1);
  });
});
