/**
 * The order rules of attendance (ADR 041) that the broader attendance tests did not pin: an event dated before
 * the child's latest is 409, a correction may not land exactly on a neighbour's time, and a staff member's
 * clock-in state is read from the centre's day, not the UTC date (in Columbus the UTC date changes at 7 PM in
 * winter and 8 PM in summer, while the room is still open).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceCorrections, attendanceEvents, staffAttendance } from '../../db/schema';
import { addChild, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let teacher = '';
beforeAll(async () => {
  teacher = await s.adminCookie('order.teacher@example.com', 'teacher');
});

let ip = 0;
const send = (path: string, method: string, cookie: string, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { cookie, 'x-forwarded-for': `10.41.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const record = (body: Record<string, unknown>) => send('/api/admin/attendance', 'POST', teacher, body);
const correct = (id: string, at: string) => send(`/api/admin/attendance/${id}`, 'PATCH', teacher, { at });
const minutesAgo = (m: number) => new Date(s.clock.now().getTime() - m * 60_000).toISOString();
const eventsOf = (childId: string) => s.db.select().from(attendanceEvents).where(eq(attendanceEvents.childId, childId)).all();

async function recorded(body: Record<string, unknown>) {
  const res = await record(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; at: string }>(res);
}

describe('the order of a child’s events', () => {
  it('a check-in or check-out dated before the child’s latest event is 409, and nothing is recorded', async () => {
    const child = await addChild(s, { childName: 'Olive Order', parentName: 'Oscar Order' });
    await recorded({ childId: child.id, kind: 'in', by: 'Oscar Order', at: minutesAgo(120) });
    await recorded({ childId: child.id, kind: 'out', by: 'Oscar Order', at: minutesAgo(60) });
    const before = eventsOf(child.id);

    // An `in` after the `out` would be the right kind; its time, before that `out`, is not.
    const early = await record({ childId: child.id, kind: 'in', by: 'Oscar Order', at: minutesAgo(90) });
    expect(early.status).toBe(409);
    expect((await json<{ message: string }>(early)).message).toMatch(
      /^A later check-out of Olive Order is already recorded \(\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)\)\. Correct that record instead\.$/,
    );
    // Checked in again now, an `out` dated before that `in` is refused the same way.
    await recorded({ childId: child.id, kind: 'in', by: 'Oscar Order', at: minutesAgo(30) });
    const beforeIn = await record({ childId: child.id, kind: 'out', by: 'Oscar Order', at: minutesAgo(45) });
    expect(beforeIn.status).toBe(409);
    expect((await json<{ message: string }>(beforeIn)).message).toMatch(/^A later check-in of Olive Order is already recorded/);
    expect(eventsOf(child.id)).toHaveLength(before.length + 1);
  });
});

describe('corrections', () => {
  it('may not land exactly on the time of the event after it or before it; a millisecond inside is taken', async () => {
    const child = await addChild(s, { childName: 'Corin Correct', parentName: 'Cara Correct' });
    const checkIn = await recorded({ childId: child.id, kind: 'in', by: 'Cara Correct', at: minutesAgo(180) });
    const checkOut = await recorded({ childId: child.id, kind: 'out', by: 'Cara Correct', at: minutesAgo(60) });
    const before = { events: eventsOf(child.id), corrections: s.count(attendanceCorrections) };

    const onNext = await correct(checkIn.id, checkOut.at);
    expect(onNext.status).toBe(409);
    expect((await json<{ message: string }>(onNext)).message).toMatch(/^The corrected time must come before the record after it/);
    const onPrevious = await correct(checkOut.id, checkIn.at);
    expect(onPrevious.status).toBe(409);
    expect((await json<{ message: string }>(onPrevious)).message).toMatch(/^The corrected time must come after the record before it/);
    expect(eventsOf(child.id)).toEqual(before.events);
    expect(s.count(attendanceCorrections)).toBe(before.corrections);

    const justBefore = new Date(Date.parse(checkOut.at) - 1).toISOString();
    const fixed = await correct(checkIn.id, justBefore);
    expect(fixed.status, await fixed.clone().text()).toBe(200);
    expect(await json(fixed)).toMatchObject({ at: justBefore });
  });
});

describe('staff clocked in after 7 PM in Columbus', () => {
  async function room(name: string) {
    const res = await send('/api/admin/classrooms', 'POST', s.admin, { name, ageGroup: 'preschool_3', capacity: 20 });
    expect(res.status, await res.clone().text()).toBe(201);
    return json<{ id: string; name: string }>(res);
  }
  let evening = '';
  const clock = (kind: 'in' | 'out', classroomId: string) => send('/api/admin/staff-attendance', 'POST', evening, { kind, classroomId });
  const onDuty = async (date: string, roomId: string) =>
    (
      await json<{ classrooms: { classroomId: string; staffPresent: number }[] }>(
        await send(`/api/admin/attendance?date=${date}`, 'GET', teacher),
      )
    ).classrooms.find((c) => c.classroomId === roomId)!.staffPresent;

  it.each([
    // EST (UTC-5): 6:30 PM and 7:30 PM; the UTC date has already changed at 7 PM.
    ['in winter (EST)', '2026-11-20', '2026-11-20T23:30:00Z', '2026-11-21T00:30:00Z', 'Evening Room EST'],
    // EDT (UTC-4): 7:30 PM and 8:30 PM; the UTC date changes at 8 PM.
    ['in summer (EDT)', '2026-07-15', '2026-07-15T23:30:00Z', '2026-07-16T00:30:00Z', 'Evening Room EDT'],
  ])('%s: clocking out after UTC midnight works, and the day’s state is right', async (_season, date, inAt, outAt, name) => {
    const previous = s.clock.now();
    try {
      s.clock.set(inAt);
      // A teacher of each season's own: the other case's clock events lie in this one's future.
      evening = await s.adminCookie(`${date}.evening@example.com`, 'teacher');
      const r = await room(name);
      expect((await clock('in', r.id)).status).toBe(201);
      expect(await onDuty(date, r.id)).toBe(1);

      s.clock.set(outAt);
      // Still the same day in Columbus: clocked in, so a second clock-in is refused and the clock-out taken.
      const again = await clock('in', r.id);
      expect(again.status).toBe(409);
      expect((await json<{ message: string }>(again)).message).toBe(`You are already clocked in to ${name}.`);
      const out = await clock('out', r.id);
      expect(out.status, await out.clone().text()).toBe(201);
      expect(await onDuty(date, r.id)).toBe(0);
      const notIn = await clock('out', r.id);
      expect(notIn.status).toBe(409);
      expect((await json<{ message: string }>(notIn)).message).toBe(`You are not clocked in to ${name}.`);
      s.clock.advance(60_000);
      expect((await clock('in', r.id)).status).toBe(201);
      expect(await onDuty(date, r.id)).toBe(1);
      expect(
        s.db
          .select()
          .from(staffAttendance)
          .where(eq(staffAttendance.classroomId, r.id))
          .all()
          .map((e) => e.kind),
      ).toEqual(['in', 'out', 'in']);
    } finally {
      s.clock.set(previous);
    }
  });
});
