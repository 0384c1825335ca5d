import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffAttendance } from '../../db/schema';
import { addChild, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { pdfText } from '../helpers/pdf';

/**
 * The ratio table is chosen by the centre's licensing state (src/shared/ratios.ts, ADR 090): Ohio's applies to a
 * centre in Ohio; a centre in a state without a table gets no ratio judgement at all (the day view says so, the
 * clock-out is not refused, the monthly report says no table exists) rather than Ohio's numbers. This file runs
 * with its own modules (vitest.config.ts ISOLATED): it moves the centre's profile.
 */
const s = sharedAdminServer();
let ip = 0;
const send = (path: string, method: string, cookie: string, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { cookie, 'x-forwarded-for': `10.46.${(++ip >> 8) & 255}.${ip & 255}` },
  });

type Room = { classroomId: string; childrenPresent: number; staffPresent: number; staffRequired: number | null; ratioOk: boolean | null };
type Day = { licensingState: string; ratioTable: { state: string; source: string } | null; classrooms: Room[] };

async function infantRoom(name: string, teacher: string) {
  const res = await send('/api/admin/classrooms', 'POST', s.admin, { name, ageGroup: 'infant', capacity: 12 });
  expect(res.status).toBe(201);
  const room = await json<{ id: string }>(res);
  // Six infants (under 12 months on 2026-11-21): Ohio's 1:5 needs two staff.
  for (let i = 0; i < 6; i++) {
    const child = await addChild(s, { childName: `${name} Baby ${i}`, dateOfBirth: '2026-03-01' });
    expect((await send(`/api/admin/enrolled-children/${child.id}`, 'PATCH', s.admin, { classroomId: room.id })).status).toBe(200);
    expect((await send('/api/admin/attendance', 'POST', teacher, { childId: child.id, kind: 'in', by: 'Jin Park' })).status).toBe(201);
  }
  expect((await send('/api/admin/staff-attendance', 'POST', teacher, { kind: 'in', classroomId: room.id })).status).toBe(201);
  return room.id;
}
const day = async () => json<Day>(await send('/api/admin/attendance?date=2026-11-21', 'GET', s.admin));
const roomOf = async (id: string) => (await day()).classrooms.find((r) => r.classroomId === id)!;
const setState = async (licensingState: string) => {
  const res = await send('/api/admin/centre', 'PATCH', s.admin, { licensingState });
  expect(res.status, await res.clone().text()).toBe(200);
};
const reportText = async () => {
  const res = await send('/api/admin/attendance/report.pdf?month=2026-11', 'GET', s.admin);
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
};

describe('the ratio table of the centre’s licensing state', () => {
  it('Ohio (the shipped state): its table judges the room, the clock-out is asked, the report lists the spell', async () => {
    const teacher = await s.adminCookie('ohio.teacher@example.com', 'teacher');
    const id = await infantRoom('Robin Room', teacher);
    const view = await day();
    expect(view.licensingState).toBe('OH');
    expect(view.ratioTable).toMatchObject({ state: 'OH', source: expect.stringContaining('5101:2-12-18') });
    expect(await roomOf(id)).toMatchObject({ childrenPresent: 6, staffPresent: 1, staffRequired: 2, ratioOk: false });
    const n = s.count(staffAttendance);
    expect((await send('/api/admin/staff-attendance', 'POST', teacher, { kind: 'out', classroomId: id })).status).toBe(409);
    expect(s.count(staffAttendance)).toBe(n);
    const text = await reportText();
    expect(text).toContain('Robin Room');
    expect(text).not.toContain('No staff-to-child ratio table');
  });

  it('a state without a table: no ratio is judged, the day says which state has none, the report says so; Ohio again judges', async () => {
    const teacher = await s.adminCookie('michigan.teacher@example.com', 'teacher');
    const id = await infantRoom('Wren Room', teacher);
    await setState('MI');
    const view = await day();
    expect(view.licensingState).toBe('MI');
    expect(view.ratioTable).toBeNull();
    for (const room of view.classrooms) expect(room).toMatchObject({ staffRequired: null, ratioOk: null });
    expect(await roomOf(id)).toMatchObject({ childrenPresent: 6, staffPresent: 1 });

    // Leaving the room is not refused by another state's numbers, and is not audited as over ratio.
    const out = await send('/api/admin/staff-attendance', 'POST', teacher, { kind: 'out', classroomId: id });
    expect(out.status, await out.clone().text()).toBe(201);
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(audit).toMatchObject({ entity: 'staff-attendance', fields: { kind: 'out', classroomId: id } });
    expect(audit.fields).not.toHaveProperty('overRatio');

    const text = await reportText();
    expect(text).toContain('No staff-to-child ratio table is kept for the state of MI: ratios were not checked.');
    expect(text).not.toContain('No room went out of ratio this month.');

    await setState('OH');
    expect(await roomOf(id)).toMatchObject({ childrenPresent: 6, staffPresent: 0, staffRequired: 2, ratioOk: false });
  });
});
