/**
 * Classrooms, authorized pickups and attendance over REST and tRPC: the rules of a check-in and a
 * check-out, overrides and corrections, staff clocking in and out, the day's figures against known rows across
 * midnight in Columbus, the monthly CSV, and each family seeing only its own pickups and attendance.
 */
import { inflateSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { format, parseISO } from 'date-fns';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceCorrections,
  attendanceEvents,
  auditLog,
  authorizedPickups,
  classrooms,
  enrolledChildren,
  staffAttendance,
} from '../../db/schema';
import { addChild, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { callProcedure } from '../helpers/authz-fixtures';
import { addDays, centreDateOf } from '../../src/shared/centre-time';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let teacher = '';
let secondTeacher = '';
let a: Family;
let b: Family;
beforeAll(async () => {
  teacher = await s.adminCookie('anna.teacher@example.com', 'teacher');
  secondTeacher = await s.adminCookie('ben.teacher@example.com', 'teacher');
  a = await enrolFamily(s, 'alvarez@example.com', ['Amelia Alvarez'], [{ parentName: 'Anna Alvarez' }]);
  b = await enrolFamily(s, 'bell@example.com', ['Bruno Bell'], [{ parentName: 'Bea Bell' }]);
});

let ip = 0;
const send = (path: string, method: string, cookie: string, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { cookie, 'x-forwarded-for': `10.32.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const post = (path: string, body: unknown, cookie = s.admin) => send(path, 'POST', cookie, body);
const patch = (path: string, body: unknown, cookie = s.admin) => send(path, 'PATCH', cookie, body);
const get = (path: string, cookie = s.admin) => send(path, 'GET', cookie);

async function room(name: string, ageGroup = 'preschool_3', capacity = 20) {
  const res = await post('/api/admin/classrooms', { name, ageGroup, capacity });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: string; name: string; childIds: string[]; staffIds: string[] }>(res);
}
async function childIn(roomId: string | null, fields: Record<string, unknown> = {}) {
  const child = await addChild(s, fields);
  if (roomId) expect((await patch(`/api/admin/enrolled-children/${child.id}`, { classroomId: roomId })).status).toBe(200);
  return child;
}
const record = (body: Record<string, unknown>, cookie = teacher) => post('/api/admin/attendance', body, cookie);
const lastAudit = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;

describe('classrooms', () => {
  it('a director creates and changes rooms, assigns children and staff; a teacher reads them and changes nothing', async () => {
    const made = await room('Acorn Room', 'infant', 8);
    expect(made).toMatchObject({ name: 'Acorn Room', ageGroup: 'infant', capacity: 8, childIds: [], staffIds: [] });
    const teacherId = s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, 'anna.teacher@example.com') }).sync()!.id;
    const changed = await patch(`/api/admin/classrooms/${made.id}`, { name: 'Acorn', capacity: 9, staffIds: [teacherId] });
    expect(changed.status).toBe(200);
    const child = await childIn(made.id);
    const list = await json<{ id: string; childIds: string[]; staffIds: string[]; capacity: number }[]>(
      await get('/api/admin/classrooms', teacher),
    );
    expect(list.find((r) => r.id === made.id)).toMatchObject({ name: 'Acorn', capacity: 9, childIds: [child.id], staffIds: [teacherId] });
    expect(lastAudit()).toMatchObject({ entity: 'child', action: 'update', entityId: child.id, fields: { classroomId: made.id } });

    expect((await post('/api/admin/classrooms', { name: 'Nope', ageGroup: 'infant', capacity: 5 }, teacher)).status).toBe(403);
    expect((await patch(`/api/admin/classrooms/${made.id}`, { capacity: 3 }, teacher)).status).toBe(403);
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, { photoConsent: true }, teacher)).status).toBe(403);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = s.count(classrooms);
    const bad = await post('/api/admin/classrooms', { name: 'Sky', ageGroup: 'toddlers', capacity: 10 });
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toContain('infant, young_toddler, older_toddler, preschool_3, preschool_4_5');
    expect((await post('/api/admin/classrooms', { name: ' ', ageGroup: 'infant', capacity: 10 })).status).toBe(400);
    expect((await post('/api/admin/classrooms', { name: 'Sky', ageGroup: 'infant', capacity: 0 })).status).toBe(400);
    expect((await post('/api/admin/classrooms', { name: 'Sky\u200b', ageGroup: 'infant', capacity: 5 })).status).toBe(400);
    expect(s.count(classrooms)).toBe(before);
    const r = await room('Birch');
    expect((await patch(`/api/admin/classrooms/${r.id}`, { staffIds: ['no-such-staff'] })).status).toBe(400);
    expect((await patch('/api/admin/classrooms/no-such-room', { capacity: 4 })).status).toBe(404);
  });

  it('PATCH on a child changes only the room and photo consent; the PUT stays as it was', async () => {
    const r = await room('Cedar');
    const child = await addChild(s);
    const res = await patch(`/api/admin/enrolled-children/${child.id}`, { photoConsent: true });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ id: child.id, classroomId: null, photoConsent: true });
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, { classroomId: r.id })).status).toBe(200);
    const row = () => s.db.select().from(enrolledChildren).where(eq(enrolledChildren.id, child.id)).get()!;
    expect(row()).toMatchObject({ classroomId: r.id, photoConsent: true, childName: child.childName });
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, { classroomId: 'no-such-room' })).status).toBe(400);
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, { childName: 'Renamed' })).status).toBe(400);
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, {})).status).toBe(400);
    expect(row()).toMatchObject({ classroomId: r.id, childName: child.childName });
    expect((await patch(`/api/admin/enrolled-children/${child.id}`, { classroomId: null })).status).toBe(200);
    expect(row().classroomId).toBeNull();
    expect((await patch('/api/admin/enrolled-children/no-such-child', { photoConsent: false })).status).toBe(404);
  });
});

describe('authorized pickups', () => {
  it('staff list, add and remove a child’s pickups', async () => {
    const child = await addChild(s);
    const path = `/api/admin/enrolled-children/${child.id}/pickups`;
    const added = await post(path, { name: ' Grace  Park ', relationship: 'Grandmother', phone: '614-555-0101' }, teacher);
    expect(added.status).toBe(201);
    const pickup = await json<{ id: string; name: string }>(added);
    expect(pickup.name).toBe('Grace  Park');
    expect(lastAudit()).toMatchObject({ entity: 'pickup', action: 'create', actorName: expect.not.stringMatching(/^Unknown$/) });
    expect(await json(await get(path, teacher))).toMatchObject([{ id: pickup.id, relationship: 'Grandmother', phone: '614-555-0101' }]);
    expect((await post(path, { name: 'X', relationship: 'Uncle', phone: 'not a phone' }, teacher)).status).toBe(400);
    expect((await post(path, { name: 'X', relationship: '', phone: '614-555-0101' }, teacher)).status).toBe(400);
    expect((await send(`${path}/${pickup.id}`, 'DELETE', teacher)).status).toBe(200);
    expect((await send(`${path}/${pickup.id}`, 'DELETE', teacher)).status).toBe(404);
    // The documented form: DELETE .../pickups with the id in the body.
    const second = await json<{ id: string }>(await post(path, { name: 'Tom Park', relationship: 'Uncle', phone: '6145550102' }));
    expect((await send(path, 'DELETE', teacher, { id: second.id })).status).toBe(200);
    expect(await json(await get(path))).toEqual([]);
  });

  it('each family sees and adds to only its own children’s lists, over REST and tRPC; the adding is rate-limited', async () => {
    const mine = `/api/parent/children/${a.children[0]!.id}/pickups`;
    const added = await s.request(mine, {
      method: 'POST',
      json: { name: 'Gloria Alvarez', relationship: 'Aunt', phone: '614-555-0110' },
      ...bearer(a.token),
    });
    expect(added.status).toBe(201);
    expect(lastAudit()).toMatchObject({ entity: 'pickup', action: 'create', actorName: 'Anna Alvarez' });
    const list = await s.request(mine, bearer(a.token));
    expect(list.headers.get('cache-control')).toMatch(/no-store/);
    expect(await json(list)).toMatchObject([{ name: 'Gloria Alvarez', relationship: 'Aunt' }]);

    const before = s.count(authorizedPickups);
    const other = await s.request(mine, bearer(b.token));
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('Gloria');
    const sneaky = await s.request(mine, {
      method: 'POST',
      json: { name: 'Mallory', relationship: 'Friend', phone: '614-555-0111' },
      ...bearer(b.token),
    });
    expect(sneaky.status).toBe(404);
    const trpcRead = await callProcedure(s, 'attendance.parentPickups', 'query', { childId: a.children[0]!.id }, bearer(b.token).headers);
    expect(trpcRead.status).toBe(404);
    expect(await trpcRead.text()).not.toContain('Gloria');
    const trpcWrite = await callProcedure(
      s,
      'attendance.parentAddPickup',
      'mutation',
      { childId: a.children[0]!.id, name: 'Mallory', relationship: 'Friend', phone: '614-555-0111' },
      bearer(b.token).headers,
    );
    expect(trpcWrite.status).toBe(404);
    expect(s.count(authorizedPickups)).toBe(before);

    const own = `/api/parent/children/${b.children[0]!.id}/pickups`;
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) {
      const res = await s.request(own, {
        method: 'POST',
        json: { name: `Friend ${i}`, relationship: 'Friend', phone: '614-555-0112' },
        ...bearer(b.token),
      });
      last = res.status;
      if (last === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(last).toBe(429);
  });
});

describe('recording attendance', () => {
  it('double in, out before in, an unauthorized pickup, an override with its reason, and a correction', async () => {
    const child = await addChild(s, { childName: 'Cora Diaz', parentName: 'Dana Diaz' });
    const childId = child.id;
    const events = () => s.count(attendanceEvents);

    // Out before in.
    const early = await record({ childId, kind: 'out', by: 'Dana Diaz' });
    expect(early.status).toBe(409);
    expect((await json<{ message: string }>(early)).message).toBe('Cora Diaz is not checked in.');

    const at = new Date(s.clock.now().getTime() - 2 * 3_600_000);
    const checkedIn = await record({ childId, kind: 'in', by: 'Dana Diaz', at: at.toISOString() });
    expect(checkedIn.status).toBe(201);
    const inEvent = await json<{ id: string; at: string }>(checkedIn);
    expect(lastAudit()).toMatchObject({
      entity: 'attendance',
      action: 'create',
      entityId: inEvent.id,
      // Who brought the child is a name typed about a family: the log says it changed (ADR 064).
      fields: { kind: 'in', by: 'changed' },
    });

    // Double in.
    const n = events();
    const twice = await record({ childId, kind: 'in', by: 'Dana Diaz' });
    expect(twice.status).toBe(409);
    expect((await json<{ message: string }>(twice)).message).toMatch(/^Cora Diaz is already checked in \(since \d{1,2}:\d{2} (AM|PM)\)\.$/);
    expect(events()).toBe(n);

    // The future is refused.
    const future = await record({ childId, kind: 'out', by: 'Dana Diaz', at: new Date(s.clock.now().getTime() + 60_000).toISOString() });
    expect(future.status).toBe(400);
    expect((await json<{ message: string }>(future)).message).toBe('The time cannot be in the future');

    // Someone neither a parent nor on the list: 409 naming the problem, nothing recorded.
    const stranger = await record({ childId, kind: 'out', by: 'Sam Stranger' });
    expect(stranger.status).toBe(409);
    expect((await json<{ message: string }>(stranger)).message).toBe(
      'Sam Stranger is not a parent of Cora Diaz or on the authorized pickup list. Check the list, or record an override with a reason.',
    );
    expect(events()).toBe(n);
    // An override needs a reason.
    const noReason = await record({ childId, kind: 'out', by: 'Sam Stranger', override: true });
    expect(noReason.status).toBe(400);
    expect((await json<{ message: string }>(noReason)).message).toBe('An override needs a reason');
    expect(events()).toBe(n);

    const overridden = await record({ childId, kind: 'out', by: 'Sam Stranger', override: true, reason: 'Mother phoned at 3 PM' });
    expect(overridden.status).toBe(201);
    const outEvent = await json<{ id: string; override: boolean; overrideReason: string }>(overridden);
    expect(outEvent).toMatchObject({ override: true, overrideReason: 'Mother phoned at 3 PM' });
    expect(lastAudit()).toMatchObject({
      entity: 'attendance',
      entityId: outEvent.id,
      fields: { kind: 'out', by: 'changed', override: true, reason: 'changed' },
    });
    const day = await json<{
      children: {
        childId: string;
        status: string;
        events: { kind: string; by: string; override: boolean; overrideReason: string | null }[];
      }[];
    }>(await get('/api/admin/attendance?date=2026-11-21', teacher));
    expect(day.children.find((c) => c.childId === childId)).toMatchObject({
      status: 'checked_out',
      events: [
        { kind: 'in', by: 'Dana Diaz', override: false },
        { kind: 'out', by: 'Sam Stranger', override: true, overrideReason: 'Mother phoned at 3 PM' },
      ],
    });

    // A listed pickup and the parent (any spacing or case) need no override.
    await post(`/api/admin/enrolled-children/${childId}/pickups`, {
      name: 'Grace Diaz',
      relationship: 'Grandmother',
      phone: '614-555-0120',
    });
    s.clock.advance(60_000);
    expect((await record({ childId, kind: 'in', by: 'dana  diaz' })).status).toBe(201);
    s.clock.advance(60_000);
    const grandma = await json<{ override: boolean }>(await record({ childId, kind: 'out', by: 'GRACE DIAZ' }));
    expect(grandma.override).toBe(false);

    // A correction: kept with who corrected and when; a correction past its neighbours is refused.
    const corrected = new Date(at.getTime() + 15 * 60_000);
    const fix = await patch(`/api/admin/attendance/${inEvent.id}`, { at: corrected.toISOString() }, teacher);
    expect(fix.status, await fix.clone().text()).toBe(200);
    expect(await json(fix)).toMatchObject({
      at: corrected.toISOString(),
      correctedByName: expect.any(String),
      corrections: [{ fromAt: at.toISOString(), toAt: corrected.toISOString(), correctedAt: s.clock.now().toISOString() }],
    });
    const kept = s.db.select().from(attendanceCorrections).where(eq(attendanceCorrections.eventId, inEvent.id)).all();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.correctedById).not.toBeNull();
    expect(lastAudit()).toMatchObject({
      entity: 'attendance',
      action: 'update',
      entityId: inEvent.id,
      fields: { at: corrected.toISOString(), previousAt: at.toISOString() },
    });
    expect((await patch(`/api/admin/attendance/${inEvent.id}`, { at: s.clock.now().toISOString() })).status).toBe(409);
    expect((await patch(`/api/admin/attendance/${inEvent.id}`, { at: 'yesterday' })).status).toBe(400);
    expect((await patch('/api/admin/attendance/no-such-record', { at: corrected.toISOString() })).status).toBe(404);
  });

  it('refuses unknown children, inactive children and a bad kind without recording', async () => {
    const n = s.count(attendanceEvents);
    expect((await record({ childId: 'no-such-child', kind: 'in', by: 'Someone' })).status).toBe(404);
    expect((await record({ childId: a.children[0]!.id, kind: 'maybe', by: 'Someone' })).status).toBe(400);
    expect((await record({ childId: a.children[0]!.id, kind: 'in', by: '' })).status).toBe(400);
    expect((await record({ childId: a.children[0]!.id, kind: 'in', by: 'Anna\u0007' })).status).toBe(400);
    const off = await addChild(s, { isActive: false });
    expect((await record({ childId: off.id, kind: 'in', by: 'Jin Park' })).status).toBe(409);
    expect(s.count(attendanceEvents)).toBe(n);
  });
});

describe('a child enrolled ahead of their first day', () => {
  it('is not on the Attendance tab or the Daily sheets before that day, and cannot be checked in; from that day they are', async () => {
    const today = centreDateOf(s.clock.now());
    const first = addDays(today, 30);
    const child = await addChild(s, { childName: 'Fern Early', startDate: first });
    const attendanceOn = async (date: string) =>
      (await json<{ children: { childId: string }[] }>(await get(`/api/admin/attendance?date=${date}`, teacher))).children.map(
        (c) => c.childId,
      );
    const sheetOn = async (date: string) => {
      const res = await callProcedure(s, 'daily.room', 'query', { date }, { cookie: teacher });
      expect(res.status).toBe(200);
      return (await json<{ result: { data: { json: { children: { id: string }[] } } } }>(res)).result.data.json.children.map((c) => c.id);
    };
    expect(await attendanceOn(today)).not.toContain(child.id);
    expect(await sheetOn(today)).not.toContain(child.id);

    const n = s.count(attendanceEvents);
    const early = await record({ childId: child.id, kind: 'in', by: child.parentName });
    expect(early.status).toBe(409);
    expect((await json<{ message: string }>(early)).message).toBe(
      `Fern Early starts at the centre on ${format(parseISO(first), 'MMM dd, yyyy')}.`,
    );
    expect(s.count(attendanceEvents)).toBe(n);

    expect(await attendanceOn(first)).toContain(child.id);
    expect(await sheetOn(first)).toContain(child.id);
  });
});

describe('staff attendance and the ratio', () => {
  it('a room goes over ratio when a teacher clocks out, and back when one clocks in', async () => {
    const r = await room('Duckling Room', 'infant', 12);
    // Six infants (under 12 months on 2026-11-21): 1:5, so two staff are needed.
    for (let i = 0; i < 6; i++) {
      const child = await childIn(r.id, { childName: `Baby ${i}`, dateOfBirth: '2026-03-01' });
      expect((await record({ childId: child.id, kind: 'in', by: 'Jin Park' })).status).toBe(201);
    }
    const view = async () =>
      (
        await json<{
          classrooms: { classroomId: string; childrenPresent: number; staffPresent: number; staffRequired: number; ratioOk: boolean }[];
        }>(await get('/api/admin/attendance?date=2026-11-21'))
      ).classrooms.find((c) => c.classroomId === r.id)!;
    expect(await view()).toMatchObject({ childrenPresent: 6, staffPresent: 0, staffRequired: 2, ratioOk: false });
    expect((await post('/api/admin/staff-attendance', { kind: 'in', classroomId: r.id }, teacher)).status).toBe(201);
    expect((await post('/api/admin/staff-attendance', { kind: 'in', classroomId: r.id }, secondTeacher)).status).toBe(201);
    expect(await view()).toMatchObject({ staffPresent: 2, staffRequired: 2, ratioOk: true });
    expect(lastAudit()).toMatchObject({ entity: 'staff-attendance', action: 'create', fields: { kind: 'in', classroomId: r.id } });

    const again = await post('/api/admin/staff-attendance', { kind: 'in', classroomId: r.id }, teacher);
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe('You are already clocked in to Duckling Room.');
    s.clock.advance(60_000);
    // Leaving would put the room over ratio: asked first (409 naming the room and the staff it needs), nothing recorded.
    const asked = await post('/api/admin/staff-attendance', { kind: 'out', classroomId: r.id }, secondTeacher);
    expect(asked.status).toBe(409);
    expect((await json<{ message: string }>(asked)).message).toBe(
      'Duckling Room would be over ratio: 6 children present need 2 staff members, and 1 would stay.',
    );
    expect(await view()).toMatchObject({ staffPresent: 2, ratioOk: true });
    const notBoolean = await post(
      '/api/admin/staff-attendance',
      { kind: 'out', classroomId: r.id, confirmOverRatio: 'yes' },
      secondTeacher,
    );
    expect(notBoolean.status).toBe(400);
    expect(await view()).toMatchObject({ staffPresent: 2, ratioOk: true });
    const confirmed = await post('/api/admin/staff-attendance', { kind: 'out', classroomId: r.id, confirmOverRatio: true }, secondTeacher);
    expect(confirmed.status).toBe(201);
    expect(lastAudit()).toMatchObject({ entity: 'staff-attendance', fields: { kind: 'out', classroomId: r.id, overRatio: true } });
    expect(await view()).toMatchObject({ staffPresent: 1, staffRequired: 2, ratioOk: false });
    const notIn = await post('/api/admin/staff-attendance', { kind: 'out', classroomId: r.id }, secondTeacher);
    expect(notIn.status).toBe(409);
    expect((await json<{ message: string }>(notIn)).message).toBe('You are not clocked in to Duckling Room.');
    expect((await post('/api/admin/staff-attendance', { kind: 'in', classroomId: 'no-such-room' }, teacher)).status).toBe(404);

    // Clocking in to another room moves the teacher: out of this one, in to that one.
    const other = await room('Elm Room');
    s.clock.advance(60_000);
    // A move leaves the first room too: asked first, over tRPC as over REST.
    const viaTrpc = await callProcedure(s, 'attendance.clock', 'mutation', { kind: 'in', classroomId: other.id }, { cookie: teacher });
    expect(viaTrpc.status).toBe(409);
    expect(await viaTrpc.text()).toContain(
      'Duckling Room would be over ratio: 6 children present need 2 staff members, and nobody would stay.',
    );
    expect(await view()).toMatchObject({ staffPresent: 1 });
    expect((await post('/api/admin/staff-attendance', { kind: 'in', classroomId: other.id, confirmOverRatio: true }, teacher)).status).toBe(
      201,
    );
    expect(await view()).toMatchObject({ staffPresent: 0, ratioOk: false });
  });

  it('deactivating a staff member who is clocked in clocks her out in the same write, audited, and the ratio is counted again', async () => {
    const r = await room('Gum Room', 'preschool_3', 20);
    // Three three-year-olds: 1:12, one staff member needed.
    for (let i = 0; i < 3; i++) {
      const child = await childIn(r.id, { childName: `Gum Child ${i}`, dateOfBirth: '2023-01-01' });
      expect((await record({ childId: child.id, kind: 'in', by: 'Jin Park' })).status).toBe(201);
    }
    const leaving = await s.adminCookie('leaving.teacher@example.com', 'teacher');
    const leavingId = s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, 'leaving.teacher@example.com') }).sync()!.id;
    expect((await post('/api/admin/staff-attendance', { kind: 'in', classroomId: r.id }, leaving)).status).toBe(201);
    const view = async () =>
      (
        await json<{ classrooms: { classroomId: string; staffPresent: number; ratioOk: boolean; staffOnDuty: { staffId: string }[] }[] }>(
          await get(`/api/admin/attendance?date=${centreDateOf(s.clock.now())}`),
        )
      ).classrooms.find((c) => c.classroomId === r.id)!;
    expect(await view()).toMatchObject({ staffPresent: 1, ratioOk: true, staffOnDuty: [{ staffId: leavingId }] });

    s.clock.advance(60_000);
    expect((await patch(`/api/admin/staff/${leavingId}`, { isActive: false })).status).toBe(200);
    expect(await view()).toMatchObject({ staffPresent: 0, ratioOk: false, staffOnDuty: [] });
    const out = s.db.select().from(staffAttendance).where(eq(staffAttendance.staffId, leavingId)).orderBy(desc(staffAttendance.at)).get()!;
    expect(out).toMatchObject({ kind: 'out', classroomId: r.id, at: s.clock.now() });
    const rows = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2).all();
    expect(rows.map((row) => row.entity).sort()).toEqual(['staff', 'staff-attendance']);
    expect(rows.find((row) => row.entity === 'staff-attendance')).toMatchObject({
      action: 'create',
      entityId: out.id,
      fields: { kind: 'out', classroomId: r.id, staffId: leavingId, deactivated: true },
    });
    // Not clocked in: a deactivation writes no clock row.
    const before = s.count(staffAttendance);
    expect((await patch(`/api/admin/staff/${leavingId}`, { isActive: true })).status).toBe(200);
    expect((await patch(`/api/admin/staff/${leavingId}`, { isActive: false })).status).toBe(200);
    expect(s.count(staffAttendance)).toBe(before);
  });

  it('answers the day’s figures from known rows, the day running midnight to midnight in Columbus', async () => {
    const r = await room('Fir Room', 'preschool_3', 20);
    const kids = await Promise.all(
      ['Ava', 'Ben', 'Cal', 'Dee'].map((n, i) =>
        childIn(r.id, { childName: `${n} Midnight`, dateOfBirth: i === 3 ? '2025-06-01' : '2022-06-01' }),
      ),
    );
    const ids = kids.map((k) => k.id);
    const staffId = s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, 'anna.teacher@example.com') }).sync()!.id;
    const row = (childId: string, kind: 'in' | 'out', at: string) => ({
      childId,
      kind,
      at: new Date(at),
      by: 'Jin Park',
      recordedByName: 'Test',
    });
    s.db
      .insert(attendanceEvents)
      .values([
        // Ava: in at 23:30 on the 19th in Columbus (04:30 UTC on the 20th): the 19th, not the 20th.
        row(ids[0]!, 'in', '2026-11-20T04:30:00Z'),
        // Ava: out at 00:10 on the 20th in Columbus (05:10 UTC): the 20th.
        row(ids[0]!, 'out', '2026-11-20T05:10:00Z'),
        // Ben: in 07:45 and out 17:30 on the 20th.
        row(ids[1]!, 'in', '2026-11-20T12:45:00Z'),
        row(ids[1]!, 'out', '2026-11-20T22:30:00Z'),
        // Cal: in at 18:59 on the 20th in Columbus (23:59 UTC), still there at midnight.
        row(ids[2]!, 'in', '2026-11-20T23:59:00Z'),
        // Dee (17 months): in at 19:30 on the 20th in Columbus, which is already the 21st in UTC.
        row(ids[3]!, 'in', '2026-11-21T00:30:00Z'),
      ])
      .run();
    s.db
      .insert(staffAttendance)
      .values({ staffId, staffName: 'Anna Teacher', classroomId: r.id, kind: 'in', at: new Date('2026-11-21T00:00:00Z') })
      .run();
    const dayOf = async (date: string) =>
      json<{
        children: { childId: string; status: string; events: { kind: string; at: string }[] }[];
        classrooms: { classroomId: string; childrenPresent: number; staffPresent: number; staffRequired: number; ratioOk: boolean }[];
      }>(await get(`/api/admin/attendance?date=${date}`, teacher));
    const on19 = await dayOf('2026-11-19');
    const on20 = await dayOf('2026-11-20');
    const status = (day: typeof on20, i: number) => day.children.find((c) => c.childId === ids[i])!;
    expect(status(on19, 0)).toMatchObject({ status: 'present', events: [{ kind: 'in', at: '2026-11-20T04:30:00.000Z' }] });
    expect(status(on19, 1).status).toBe('absent');
    expect(status(on20, 0)).toMatchObject({ status: 'checked_out', events: [{ kind: 'out', at: '2026-11-20T05:10:00.000Z' }] });
    expect(status(on20, 1)).toMatchObject({ status: 'checked_out', events: [{ kind: 'in' }, { kind: 'out' }] });
    expect(status(on20, 2).status).toBe('present');
    expect(status(on20, 3).status).toBe('present');
    // Cal (4) and Dee (17 months) present: the youngest's 1:6 for both, one staff needed, one clocked in at 19:00.
    expect(on20.classrooms.find((c) => c.classroomId === r.id)).toEqual({
      classroomId: r.id,
      name: 'Fir Room',
      ageGroup: 'preschool_3',
      capacity: 20,
      childrenPresent: 2,
      staffPresent: 1,
      staffRequired: 1,
      ratioOk: true,
      staffOnDuty: [{ staffId, name: 'Anna Teacher' }],
    });
    expect(on19.classrooms.find((c) => c.classroomId === r.id)).toMatchObject({
      childrenPresent: 1,
      staffPresent: 0,
      staffRequired: 1,
      ratioOk: false,
    });
    expect((await get('/api/admin/attendance?date=2026-02-30', teacher)).status).toBe(400);
    expect((await get('/api/admin/attendance', teacher)).status).toBe(400);
  });
});

describe('the monthly report', () => {
  it('lists each day with hours and a total per child, quoted and safe from formula injection; director only', async () => {
    const odd = await addChild(s, { childName: '=HYPERLINK("http://x")', parentName: '@Mallory, "Jr"' });
    const plain = await addChild(s, { childName: 'Zed Report', parentName: 'Pat Report' });
    const ev = (childId: string, kind: 'in' | 'out', at: string, by: string, extra = {}) => ({
      childId,
      kind,
      at: new Date(at),
      by,
      recordedByName: 'Director Dee',
      ...extra,
    });
    s.db
      .insert(attendanceEvents)
      .values([
        ev(odd.id, 'in', '2026-10-05T12:00:00Z', '@Mallory, "Jr"'),
        ev(odd.id, 'out', '2026-10-05T20:30:00Z', '+1 Stranger', { override: true, overrideReason: '-called ahead' }),
        ev(plain.id, 'in', '2026-10-06T13:00:00Z', 'Pat Report'),
        ev(plain.id, 'out', '2026-10-06T21:15:00Z', 'Pat Report'),
        ev(plain.id, 'in', '2026-10-07T13:00:00Z', 'Pat Report'),
        ev(plain.id, 'out', '2026-10-07T17:00:00Z', 'Pat Report'),
        // 21:30 on Oct 31 in Columbus is Nov 1 in UTC: October's.
        ev(plain.id, 'in', '2026-11-01T01:30:00Z', 'Pat Report'),
        // November's: not in October's report.
        ev(plain.id, 'out', '2026-11-01T05:00:00Z', 'Pat Report'),
      ])
      .run();
    expect((await get('/api/admin/attendance/report.csv?month=2026-10', teacher)).status).toBe(403);
    expect((await get('/api/admin/attendance/report.csv?month=2026-13')).status).toBe(400);
    const res = await get('/api/admin/attendance/report.csv?month=2026-10');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-10.csv"');
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual([
      'section',
      'name',
      'room',
      'date of birth',
      'date',
      'status',
      'in',
      'dropped off by',
      'out',
      'picked up by',
      'hours',
      'days present',
      'days absent',
      'details',
    ]);
    const oddName = '\'=HYPERLINK("http://x")';
    const oddWho = [oddName, 'no classroom', '2022-08-30'];
    // Present on Monday the 5th only; absent on the 21 other weekdays of October.
    expect(rows.filter((r) => r[1] === oddName && r[5] !== 'absent')).toEqual([
      [
        'child',
        ...oddWho,
        '2026-10-05',
        'present',
        '08:00',
        '\'@Mallory, "Jr" (parent)',
        '16:30',
        "'+1 Stranger (staff override: -called ahead; allowed by Director Dee)",
        '8.50',
        '',
        '',
        '',
      ],
      ['child total', ...oddWho, '2026-10', '', '', '', '', '', '8.50', '1', '21', ''],
    ]);
    const zedWho = ['Zed Report', 'no classroom', '2022-08-30'];
    expect(rows.filter((r) => r[1] === 'Zed Report' && r[5] !== 'absent')).toEqual([
      ['child', ...zedWho, '2026-10-06', 'present', '09:00', 'Pat Report (parent)', '17:15', 'Pat Report (parent)', '8.25', '', '', ''],
      ['child', ...zedWho, '2026-10-07', 'present', '09:00', 'Pat Report (parent)', '13:00', 'Pat Report (parent)', '4.00', '', '', ''],
      // Checked out on November 1st: no check-out in October, and not "still in".
      ['child', ...zedWho, '2026-10-31', 'present', '21:30', 'Pat Report (parent)', '', '', '0.00', '', '', 'no check-out recorded'],
      ['child total', ...zedWho, '2026-10', '', '', '', '', '', '12.25', '3', '20', ''],
    ]);
    // No cell of the file starts with a formula character.
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('draws the daily sign-in sheet as a PDF for staff', async () => {
    const res = await get('/api/admin/attendance/sheet.pdf?date=2026-11-20', teacher);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

/** The text a jspdf PDF draws: each content stream inflated, its `(…) Tj` strings joined by spaces. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const chunk = Buffer.from(raw.slice(start, end), 'latin1');
    let text: string;
    try {
      text = inflateSync(chunk).toString('latin1');
    } catch {
      text = chunk.toString('latin1');
    }
    for (const t of text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) out.push(t[1]!.replace(/\\(.)/g, '$1'));
  }
  return out.join(' ');
}

describe('the monthly report: each day, who, hours, staff and ratio', () => {
  // September 2026 in Columbus is UTC-4. Tuesday the 1st to Wednesday the 30th: 22 weekdays.
  const at = (iso: string) => new Date(iso);
  let ivy = '';
  let tinaCookie = '';
  let parentToken = '';
  const ids: string[] = [];
  beforeAll(async () => {
    const oak = await room('Oak Report Room', 'infant', 8);
    ivy = (
      await childIn(oak.id, { childName: 'Ivy Report', dateOfBirth: '2025-12-01', startDate: '2026-09-01', parentName: 'Rosa Report' })
    ).id;
    s.db
      .insert(authorizedPickups)
      .values({ childId: ivy, name: 'Gus Grand', relationship: 'Grandfather', phone: '614-555-0177', addedBy: 'Director' })
      .run();
    for (let i = 1; i <= 5; i++)
      ids.push(
        (
          await childIn(oak.id, {
            childName: `Baby Report ${i}`,
            dateOfBirth: '2026-01-15',
            startDate: '2026-09-01',
            parentName: `Parent Report ${i}`,
          })
        ).id,
      );
    tinaCookie = await s.adminCookie('tina.report@example.com', 'teacher');
    await s.adminCookie('uma.report@example.com', 'teacher');
    parentToken = a.token;
    const staffId = (email: string) => s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!.id;
    const tina = { staffId: staffId('tina.report@example.com'), staffName: 'Tina Report', classroomId: oak.id };
    const uma = { staffId: staffId('uma.report@example.com'), staffName: 'Uma Report', classroomId: oak.id };
    const ev = (childId: string, kind: 'in' | 'out', iso: string, by: string, extra = {}) => ({
      childId,
      kind,
      at: at(iso),
      by,
      recordedByName: 'Director Dee',
      ...extra,
    });
    s.db
      .insert(attendanceEvents)
      .values([
        // Tuesday the 1st: Ivy 08:00 to 16:30, dropped off by her mother, picked up by her grandfather.
        ev(ivy, 'in', '2026-09-01T12:00:00Z', 'Rosa Report'),
        ev(ivy, 'out', '2026-09-01T20:30:00Z', 'gus  GRAND'),
        // Five more infants from 08:10 to 12:00: six infants need two staff (1:5).
        ...ids.flatMap((id, i) => [
          ev(id, 'in', '2026-09-01T12:10:00Z', `Parent Report ${i + 1}`),
          ev(id, 'out', '2026-09-01T16:00:00Z', `Parent Report ${i + 1}`),
        ]),
        // Wednesday the 2nd: two stays, 09:00-12:00 and 13:00-15:15, the second to an adult not on the list.
        ev(ivy, 'in', '2026-09-02T13:00:00Z', 'Rosa Report'),
        ev(ivy, 'out', '2026-09-02T16:00:00Z', 'Rosa Report'),
        ev(ivy, 'in', '2026-09-02T17:00:00Z', 'Rosa Report'),
        ev(ivy, 'out', '2026-09-02T19:15:00Z', 'Stranger Sam', { override: true, overrideReason: 'Mother phoned' }),
      ])
      .run();
    s.db
      .insert(staffAttendance)
      .values([
        { ...tina, kind: 'in', at: at('2026-09-01T11:50:00Z') },
        { ...uma, kind: 'in', at: at('2026-09-01T12:40:00Z') },
        { ...uma, kind: 'out', at: at('2026-09-01T18:00:00Z') },
        { ...tina, kind: 'out', at: at('2026-09-01T19:00:00Z') },
        // The 2nd: Tina never clocks out.
        { ...tina, kind: 'in', at: at('2026-09-02T12:55:00Z') },
        { ...tina, kind: 'in', at: at('2026-09-03T12:00:00Z') },
        { ...tina, kind: 'out', at: at('2026-09-03T16:30:00Z') },
      ])
      .run();
  });

  const csv = async (month: string) => {
    const res = await get(`/api/admin/attendance/report.csv?month=${month}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return parse(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3))) as string[][];
  };

  it('lists each open day present or absent with times, who and how they are known, the hours of each day and of the month', async () => {
    const rows = await csv('2026-09');
    expect(rows[0]).toEqual([
      'section',
      'name',
      'room',
      'date of birth',
      'date',
      'status',
      'in',
      'dropped off by',
      'out',
      'picked up by',
      'hours',
      'days present',
      'days absent',
      'details',
    ]);
    const mine = rows.filter((r) => r[1] === 'Ivy Report');
    const who = ['Ivy Report', 'Oak Report Room', '2025-12-01'];
    expect(mine[0]).toEqual([
      'child',
      ...who,
      '2026-09-01',
      'present',
      '08:00',
      'Rosa Report (parent)',
      '16:30',
      'gus  GRAND (authorized pickup: Grandfather)',
      '8.50',
      '',
      '',
      '',
    ]);
    expect(mine[1]).toEqual([
      'child',
      ...who,
      '2026-09-02',
      'present',
      '09:00',
      'Rosa Report (parent)',
      '15:15',
      'Stranger Sam (staff override: Mother phoned; allowed by Director Dee)',
      '5.25',
      '',
      '',
      'Stays: 09:00-12:00, 13:00-15:15',
    ]);
    expect(mine[2]).toEqual(['child', ...who, '2026-09-03', 'absent', '', '', '', '', '', '', '', '']);
    // No row for a Saturday or a Sunday: the 5th and 6th are not open days.
    expect(mine.map((r) => r[4])).not.toContain('2026-09-05');
    expect(mine.filter((r) => r[5] === 'absent')).toHaveLength(20);
    expect(mine.at(-1)).toEqual(['child total', ...who, '2026-09', '', '', '', '', '', '13.75', '2', '20', '']);
  });

  it('a child still checked in shows "still in", not 0.00, and a day still to come is not absent', async () => {
    const kit = await childIn(null, { childName: 'Kit Report', startDate: '2026-11-16', parentName: 'Lou Report' });
    expect((await record({ childId: kit.id, kind: 'in', by: 'Lou Report' })).status).toBe(201);
    const mine = (await csv('2026-11')).filter((r) => r[1] === 'Kit Report');
    // Monday the 16th to Friday the 20th absent; today (Saturday the 21st) in, and no row after today.
    expect(mine.map((r) => [r[4], r[5]])).toEqual([
      ['2026-11-16', 'absent'],
      ['2026-11-17', 'absent'],
      ['2026-11-18', 'absent'],
      ['2026-11-19', 'absent'],
      ['2026-11-20', 'absent'],
      ['2026-11-21', 'present'],
      ['2026-11', ''],
    ]);
    const today = mine[5]!;
    expect(today[2]).toBe('no classroom');
    expect(today[8]).toBe('still in');
    expect(today[10]).toBe('still in');
    expect(mine[6]!.slice(10)).toEqual(['0.00', '1', '5', 'still in']);
  });

  it('has a staff section: hours per person and day from the clock, a day without its clock-out said so', async () => {
    const rows = (await csv('2026-09')).filter((r) => r[0]!.startsWith('staff'));
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[6], r[8], r[10], r[11], r[13]])).toEqual([
      ['staff', 'Tina Report', 'Oak Report Room', '2026-09-01', '07:50', '15:00', '7.17', '', ''],
      ['staff', 'Tina Report', 'Oak Report Room', '2026-09-02', '08:55', '', '0.00', '', 'no clock-out recorded'],
      ['staff', 'Tina Report', 'Oak Report Room', '2026-09-03', '08:00', '12:30', '4.50', '', ''],
      ['staff total', 'Tina Report', '', '2026-09', '', '', '11.67', '3', ''],
      ['staff', 'Uma Report', 'Oak Report Room', '2026-09-01', '08:40', '14:00', '5.33', '', ''],
      ['staff total', 'Uma Report', '', '2026-09', '', '', '5.33', '1', ''],
    ]);
  });

  it('has each spell out of ratio: the room, from when, for how long and who was there', async () => {
    const rows = (await csv('2026-09')).filter((r) => r[0] === 'out of ratio');
    const babies = ['Ivy Report', 'Baby Report 1', 'Baby Report 2', 'Baby Report 3', 'Baby Report 4', 'Baby Report 5'].join(', ');
    expect(rows).toEqual([
      [
        'out of ratio',
        'Tina Report',
        'Oak Report Room',
        '',
        '2026-09-01',
        '6 children, 1 staff, 2 needed',
        '08:10',
        '',
        '08:40',
        '',
        '0.50',
        '',
        '',
        `30 minutes; Staff: Tina Report; Children: ${babies}`,
      ],
      [
        'out of ratio',
        '',
        'Oak Report Room',
        '',
        '2026-09-01',
        '1 child, 0 staff, 1 needed',
        '15:00',
        '',
        '16:30',
        '',
        '1.50',
        '',
        '',
        '90 minutes; Staff: nobody; Children: Ivy Report',
      ],
    ]);
  });

  it('draws the same month as a PDF for the director: no-store, with the days, the staff and the ratio history', async () => {
    const res = await get('/api/admin/attendance/report.pdf?month=2026-09');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-09.pdf"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Monthly attendance report: September 2026');
    expect(text).toContain('Room: Oak Report Room - Born Dec 01, 2025 - Present 2 days, absent 20 days - 13.75 hours');
    expect(text).toContain('gus  GRAND (authorized pickup:');
    expect(text).toContain('Ratio history');
    expect(text).toContain('90 minutes');
    expect(text).toContain('Tina Report');
  });

  it('refuses a teacher and a parent (403) and a bad month (400 with its sentence), CSV and PDF alike', async () => {
    for (const file of ['report.csv', 'report.pdf']) {
      expect((await get(`/api/admin/attendance/${file}?month=2026-09`, tinaCookie)).status).toBe(403);
      expect((await s.request(`/api/admin/attendance/${file}?month=2026-09`, bearer(parentToken))).status).toBe(403);
      for (const month of ['2026-13', '2026-9', 'September', '']) {
        const res = await get(`/api/admin/attendance/${file}?month=${month}`);
        expect(res.status, `${file} ${month}`).toBe(400);
        expect((await res.json()) as { message: string }).toMatchObject({ message: 'Please give a month (YYYY-MM)' });
      }
    }
    const caller = s.caller('teacher');
    await expect(caller.attendance.reportPdf({ month: '2026-09' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('parents read their own child’s attendance', () => {
  it('lists check-ins and check-outs of their own child only, over REST and tRPC, no-store', async () => {
    const childId = a.children[0]!.id;
    s.db
      .insert(attendanceEvents)
      .values([
        { childId, kind: 'in', at: new Date('2026-11-20T12:42:00Z'), by: 'Anna Alvarez', recordedByName: 'Test' },
        { childId, kind: 'out', at: new Date('2026-11-20T21:05:00Z'), by: 'Anna Alvarez', recordedByName: 'Test' },
        { childId, kind: 'in', at: new Date('2026-11-10T12:42:00Z'), by: 'Anna Alvarez', recordedByName: 'Test' },
      ])
      .run();
    const res = await s.request(`/api/parent/attendance/${childId}?from=2026-11-20&to=2026-11-20`, bearer(a.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = await json<{ kind: string; at: string; by: string }[]>(res);
    expect(body.map((e) => [e.kind, e.at, e.by])).toEqual([
      ['in', '2026-11-20T12:42:00.000Z', 'Anna Alvarez'],
      ['out', '2026-11-20T21:05:00.000Z', 'Anna Alvarez'],
    ]);
    expect(JSON.stringify(body)).not.toContain('recordedBy');
    expect(await json<unknown[]>(await s.request(`/api/parent/attendance/${childId}`, bearer(a.token)))).toHaveLength(3);

    const other = await s.request(`/api/parent/attendance/${childId}`, bearer(b.token));
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('Anna Alvarez');
    const viaTrpc = await callProcedure(s, 'attendance.parentHistory', 'query', { childId }, bearer(b.token).headers);
    expect(viaTrpc.status).toBe(404);
    expect((await callProcedure(s, 'attendance.parentHistory', 'query', { childId }, bearer(a.token).headers)).status).toBe(200);
    expect((await s.request(`/api/parent/attendance/${childId}?from=2026-11-21&to=2026-11-01`, bearer(a.token))).status).toBe(400);
    expect((await s.request(`/api/parent/attendance/${childId}?from=2025-01-01&to=2026-11-01`, bearer(a.token))).status).toBe(400);
    expect((await s.request(`/api/parent/attendance/${childId}`, { headers: { cookie: teacher } })).status).toBe(403);
  });
});
