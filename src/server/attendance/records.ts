/**
 * Children's check-ins and check-outs and staff clocking in and out of rooms (ADR 041). Events are
 * kept, never deleted: a correction moves an event's time and is kept with who made it and when.
 */
import { format, parseISO } from 'date-fns';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne } from 'drizzle-orm';
import {
  adminUsers,
  attendanceCorrections,
  attendanceEvents,
  authorizedPickups,
  classrooms,
  enrolledChildren,
  parentChildRelationships,
  parentUsers,
  staffAttendance,
} from '~/db/schema';
import { centreTimeOf } from '../../shared/centre-clock';
import { centreDateOf, centreRange } from '../../shared/centre-time';
import { ageInMonths, ratioTableFor, staffRequired } from '../../shared/ratios';
import type { AttendanceKind } from '../../shared/schemas/attendance';
import { recordAudit } from '../audit/record';
import type { Context } from '../context';
import type { Db } from '../db';
import { centre } from '../centre/profile';
import { careFlagsOf } from '../children/care-flags';
import { carePlansOf } from '../health/records';
import { classroomOr404 } from './classrooms';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { refuse } from '../refusal';
import { proposeLateFee } from '../billing/late-fees';

type Writing = Pick<Context, 'db' | 'clock' | 'auth' | 'ip' | 'config'> & { admin: { id: string; name: string } };

export const EVENT_NOT_FOUND = 'error.attendanceNotFound';
export const FUTURE_TIME = 'error.timeInFuture';

const eventColumns = {
  id: attendanceEvents.id,
  childId: attendanceEvents.childId,
  kind: attendanceEvents.kind,
  at: attendanceEvents.at,
  by: attendanceEvents.by,
  override: attendanceEvents.override,
  overrideReason: attendanceEvents.overrideReason,
  recordedByName: attendanceEvents.recordedByName,
  correctedAt: attendanceEvents.correctedAt,
  correctedByName: attendanceEvents.correctedByName,
};
export type AttendanceEventRow = {
  id: string;
  childId: string;
  kind: AttendanceKind;
  at: Date;
  by: string;
  override: boolean;
  overrideReason: string | null;
  recordedByName: string;
  correctedAt: Date | null;
  correctedByName: string | null;
};

/** How names are compared: case, accents as typed (NFC), and spacing do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  return norm(a) === norm(b);
}

/** Who may take the child home: the parent on the enrolment, the linked parent accounts, the pickup list. */
export function authorizedAdults(db: Db, childId: string): { parents: string[]; pickups: { name: string; relationship: string }[] } {
  const child = db.select({ parentName: enrolledChildren.parentName }).from(enrolledChildren).where(eq(enrolledChildren.id, childId)).get();
  const accounts = db
    .select({ firstName: parentUsers.firstName, lastName: parentUsers.lastName })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .where(eq(parentChildRelationships.childId, childId))
    .all();
  const parents: string[] = [];
  for (const name of [child?.parentName ?? '', ...accounts.map((a) => `${a.firstName} ${a.lastName}`.trim())])
    if (name && !parents.some((p) => sameName(p, name))) parents.push(name);
  const pickups = db
    .select({ name: authorizedPickups.name, relationship: authorizedPickups.relationship })
    .from(authorizedPickups)
    .where(eq(authorizedPickups.childId, childId))
    .orderBy(asc(authorizedPickups.createdAt))
    .all();
  return { parents, pickups };
}

function lastEventOf(db: Db, childId: string) {
  return db
    .select(eventColumns)
    .from(attendanceEvents)
    .where(eq(attendanceEvents.childId, childId))
    .orderBy(desc(attendanceEvents.at), desc(attendanceEvents.createdAt))
    .limit(1)
    .get() as AttendanceEventRow | undefined;
}

function conflict(id: ErrorKey, values: Record<string, string>): never {
  throw refuse('CONFLICT', id, values);
}

/** The day a child enrolled ahead of their first day starts, as the sheets write it. */
const startDay = (startDate: string) => format(parseISO(startDate), 'MMM dd, yyyy');

/** `POST /api/admin/attendance`: a check-in or check-out, by the rules of ADR 041. */
export function recordAttendance(
  ctx: Writing,
  input: { childId: string; kind: AttendanceKind; by: string; at?: Date; override?: boolean; reason?: string | null },
) {
  const now = ctx.clock.now();
  const at = input.at ?? now;
  if (at.getTime() > now.getTime()) throw refuse('BAD_REQUEST', FUTURE_TIME);
  return ctx.db.transaction(() => {
    const db = ctx.db;
    const child = db
      .select({
        id: enrolledChildren.id,
        childName: enrolledChildren.childName,
        isActive: enrolledChildren.isActive,
        startDate: enrolledChildren.startDate,
      })
      .from(enrolledChildren)
      .where(eq(enrolledChildren.id, input.childId))
      .get();
    if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
    if (!child.isActive) conflict('error.childInactive', { child: child.childName });
    // A child enrolled ahead of their first day is not at the centre yet: nobody checks them in or out.
    if (child.startDate > centreDateOf(at)) conflict('error.notStartedYet', { child: child.childName, day: startDay(child.startDate) });
    const last = lastEventOf(db, child.id);
    if (last && last.at.getTime() > at.getTime())
      conflict('error.laterRecord', { kind: last.kind, child: child.childName, date: centreDateOf(last.at), time: centreTimeOf(last.at) });
    const isIn = last?.kind === 'in';
    if (input.kind === 'in' && isIn) conflict('error.alreadyCheckedIn', { child: child.childName, time: centreTimeOf(last.at) });
    if (input.kind === 'out' && !isIn) conflict('error.notCheckedIn', { child: child.childName });
    let override = false;
    if (input.kind === 'out') {
      const { parents, pickups } = authorizedAdults(db, child.id);
      const authorized = [...parents, ...pickups.map((p) => p.name)].some((name) => sameName(name, input.by));
      if (!authorized) {
        if (!input.override || !input.reason) conflict('error.unauthorizedPickup', { by: input.by, child: child.childName });
        override = true;
      }
    }
    const row = db
      .insert(attendanceEvents)
      .values({
        childId: child.id,
        kind: input.kind,
        at,
        by: input.by,
        override,
        overrideReason: override ? input.reason! : null,
        recordedById: ctx.admin.id,
        recordedByName: ctx.admin.name,
        createdAt: now,
      })
      .returning(eventColumns)
      .get() as AttendanceEventRow;
    recordAudit(db, ctx, {
      action: 'create',
      entity: 'attendance',
      entityId: row.id,
      fields: { childId: child.id, kind: input.kind, by: input.by, at, ...(override ? { override: true, reason: input.reason } : {}) },
    });
    // A check-out after closing time proposes a late-pickup fee for the director to confirm (billing/late-fees.ts).
    if (input.kind === 'out') proposeLateFee(db, row);
    return row;
  });
}

/** `PATCH /api/admin/attendance/{id}`: a corrected time, kept with who corrected it and when. */
export function correctAttendance(ctx: Writing, input: { id: string; at: Date }) {
  const now = ctx.clock.now();
  if (input.at.getTime() > now.getTime()) throw refuse('BAD_REQUEST', FUTURE_TIME);
  return ctx.db.transaction(() => {
    const db = ctx.db;
    const event = db.select(eventColumns).from(attendanceEvents).where(eq(attendanceEvents.id, input.id)).get() as
      AttendanceEventRow | undefined;
    if (!event) throw refuse('NOT_FOUND', EVENT_NOT_FOUND);
    // The events of a child alternate in and out: a correction may not move one past its neighbours.
    const others = and(eq(attendanceEvents.childId, event.childId), ne(attendanceEvents.id, event.id));
    const prev = db
      .select({ at: attendanceEvents.at })
      .from(attendanceEvents)
      .where(and(others, lt(attendanceEvents.at, event.at)))
      .orderBy(desc(attendanceEvents.at))
      .limit(1)
      .get();
    const next = db
      .select({ at: attendanceEvents.at })
      .from(attendanceEvents)
      .where(and(others, gt(attendanceEvents.at, event.at)))
      .orderBy(asc(attendanceEvents.at))
      .limit(1)
      .get();
    if (prev && input.at.getTime() <= prev.at.getTime())
      conflict('error.correctAfter', { date: centreDateOf(prev.at), time: centreTimeOf(prev.at) });
    if (next && input.at.getTime() >= next.at.getTime())
      conflict('error.correctBefore', { date: centreDateOf(next.at), time: centreTimeOf(next.at) });
    db.insert(attendanceCorrections)
      .values({
        eventId: event.id,
        fromAt: event.at,
        toAt: input.at,
        correctedById: ctx.admin.id,
        correctedByName: ctx.admin.name,
        correctedAt: now,
      })
      .run();
    const row = db
      .update(attendanceEvents)
      .set({ at: input.at, correctedAt: now, correctedByName: ctx.admin.name })
      .where(eq(attendanceEvents.id, event.id))
      .returning(eventColumns)
      .get() as AttendanceEventRow;
    recordAudit(db, ctx, { action: 'update', entity: 'attendance', entityId: event.id, fields: { at: input.at, previousAt: event.at } });
    if (row.kind === 'out') proposeLateFee(db, row);
    return { ...row, corrections: correctionsOf(db, event.id) };
  });
}

export function correctionsOf(db: Db, eventId: string) {
  return db
    .select({
      fromAt: attendanceCorrections.fromAt,
      toAt: attendanceCorrections.toAt,
      correctedByName: attendanceCorrections.correctedByName,
      correctedAt: attendanceCorrections.correctedAt,
    })
    .from(attendanceCorrections)
    .where(eq(attendanceCorrections.eventId, eventId))
    .orderBy(asc(attendanceCorrections.correctedAt))
    .all();
}

/** The staff member's last clock event of the centre's day, if any. */
function staffStateToday(db: Db, staffId: string, now: Date) {
  const today = centreDateOf(now);
  const { from } = centreRange(today, today);
  return db
    .select({ kind: staffAttendance.kind, classroomId: staffAttendance.classroomId })
    .from(staffAttendance)
    .where(and(eq(staffAttendance.staffId, staffId), gte(staffAttendance.at, from)))
    .orderBy(desc(staffAttendance.at), desc(staffAttendance.createdAt))
    .limit(1)
    .get();
}

/**
 * A room's ratio once one staff member has left it: refused with a 409 naming the room and the staff it needs when
 * that would leave it over ratio (shared/ratios.ts), unless the request says the person saw that and confirms.
 * A centre whose licensing state has no ratio table is never refused: there is no ratio to check.
 */
function checkRatioOnLeaving(db: Db, now: Date, classroomId: string, confirmed: boolean): boolean {
  const room = attendanceDay(db, centreDateOf(now)).classrooms.find((r) => r.classroomId === classroomId);
  if (!room || room.childrenPresent === 0 || room.staffRequired === null) return false;
  const staying = Math.max(0, room.staffPresent - 1);
  if (staying >= room.staffRequired) return false;
  if (!confirmed)
    throw refuse('CONFLICT', OVER_RATIO_ON_LEAVING, {
      room: room.name,
      children: room.childrenPresent,
      required: room.staffRequired,
      staying,
    });
  return true;
}

export const OVER_RATIO_ON_LEAVING = 'error.clockOutOverRatio';

/**
 * `POST /api/admin/staff-attendance`: the signed-in staff member clocks in or out of a room. Clocking in to a
 * room while in another moves them (out of the first, in to the second, at the same moment). Leaving a room
 * (an out, or a move) that would put it over ratio is a 409 unless `confirmOverRatio` is set; a confirmed one is
 * audited as such.
 */
export function clockStaff(ctx: Writing, input: { kind: AttendanceKind; classroomId: string; confirmOverRatio?: boolean }) {
  const now = ctx.clock.now();
  return ctx.db.transaction(() => {
    const db = ctx.db;
    const room = classroomOr404(db, input.classroomId);
    const state = staffStateToday(db, ctx.admin.id, now);
    const current = state?.kind === 'in' ? state.classroomId : null;
    if (input.kind === 'in' && current === room.id) conflict('error.alreadyClockedIn', { room: room.name });
    if (input.kind === 'out' && current !== room.id) conflict('error.notClockedIn', { room: room.name });
    const overRatio = current ? checkRatioOnLeaving(db, now, current, input.confirmOverRatio === true) : false;
    const base = { staffId: ctx.admin.id, staffName: ctx.admin.name, at: now, createdAt: now };
    if (input.kind === 'in' && current)
      db.insert(staffAttendance)
        .values({ ...base, classroomId: current, kind: 'out' })
        .run();
    const row = db
      .insert(staffAttendance)
      .values({
        ...base,
        classroomId: room.id,
        kind: input.kind,
        createdAt: new Date(now.getTime() + (current && input.kind === 'in' ? 1 : 0)),
      })
      .returning({ id: staffAttendance.id, kind: staffAttendance.kind, classroomId: staffAttendance.classroomId, at: staffAttendance.at })
      .get();
    recordAudit(db, ctx, {
      action: 'create',
      entity: 'staff-attendance',
      entityId: row.id,
      fields: {
        kind: input.kind,
        classroomId: room.id,
        ...(input.kind === 'in' && current ? { movedFrom: current } : {}),
        ...(overRatio ? { overRatio: true } : {}),
      },
    });
    return { ...row, staffId: ctx.admin.id, classroomName: room.name };
  });
}

/**
 * A staff account being deactivated (staff/accounts.ts, inside its transaction): if it is clocked in to a room
 * today it is clocked out now, with an audit row naming why, so the room's staff and ratio no longer count it.
 * Not refused when that leaves the room over ratio: the day view then says so in red.
 */
export function clockOutDeactivated(db: Db, ctx: Writing, staff: { id: string; name: string }): void {
  const now = ctx.clock.now();
  const state = staffStateToday(db, staff.id, now);
  if (state?.kind !== 'in') return;
  const row = db
    .insert(staffAttendance)
    .values({ staffId: staff.id, staffName: staff.name, classroomId: state.classroomId, kind: 'out', at: now, createdAt: now })
    .returning({ id: staffAttendance.id })
    .get();
  recordAudit(db, ctx, {
    action: 'create',
    entity: 'staff-attendance',
    entityId: row.id,
    fields: { kind: 'out', classroomId: state.classroomId, staffId: staff.id, deactivated: true },
  });
}

export type ChildStatus = 'present' | 'checked_out' | 'absent';

/**
 * `GET /api/admin/attendance?date=`: the day as the centre's calendar has it (midnight to midnight in
 * Columbus). Each active child (and any other with a record that day), their status at the end of the day's
 * records, and each room's children and staff present against the ratio table of the centre's licensing state
 * (shared/ratios.ts). With no table for that state, `ratioTable` is null and each room's `staffRequired` and
 * `ratioOk` are null: the tab says no table exists rather than judging the room by another state's numbers.
 */
export function attendanceDay(db: Db, date: string) {
  const licensingState = centre.licensingState;
  const table = ratioTableFor(licensingState);
  const { from, to } = centreRange(date, date);
  const events = db
    .select(eventColumns)
    .from(attendanceEvents)
    .where(and(gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
    .orderBy(asc(attendanceEvents.at), asc(attendanceEvents.createdAt))
    .all() as AttendanceEventRow[];
  const childColumns = {
    id: enrolledChildren.id,
    childName: enrolledChildren.childName,
    classroomId: enrolledChildren.classroomId,
    dateOfBirth: enrolledChildren.dateOfBirth,
    notes: enrolledChildren.notes,
  };
  // The children at the centre that day: active, and started by then (a child enrolled ahead is listed from their first day).
  const active = db
    .select(childColumns)
    .from(enrolledChildren)
    .where(and(eq(enrolledChildren.isActive, true), lte(enrolledChildren.startDate, date)))
    .all();
  const known = new Set(active.map((c) => c.id));
  const missing = [...new Set(events.map((e) => e.childId))].filter((id) => !known.has(id));
  const others = missing.length ? db.select(childColumns).from(enrolledChildren).where(inArray(enrolledChildren.id, missing)).all() : [];
  const all = [...active, ...others].sort((a, b) => a.childName.localeCompare(b.childName, 'en') || a.id.localeCompare(b.id));

  const carePlans = carePlansOf(
    db,
    all.map((c) => c.id),
  );
  const byChild = new Map<string, AttendanceEventRow[]>();
  for (const e of events) byChild.set(e.childId, [...(byChild.get(e.childId) ?? []), e]);
  const children = all.map((c) => {
    const own = byChild.get(c.id) ?? [];
    const last = own.at(-1);
    const status: ChildStatus = !last ? 'absent' : last.kind === 'in' ? 'present' : 'checked_out';
    return {
      childId: c.id,
      childName: c.childName,
      classroomId: c.classroomId,
      // Staff only (the procedure is staff's): the allergies and care needs the card and the check-in dialog show.
      ...careFlagsOf(c.notes, carePlans.get(c.id) ?? null),
      status,
      events: own.map((e) => ({
        id: e.id,
        kind: e.kind,
        at: e.at,
        by: e.by,
        override: e.override,
        overrideReason: e.overrideReason,
        recordedBy: e.recordedByName,
        correctedAt: e.correctedAt,
        correctedBy: e.correctedByName,
      })),
    };
  });

  const staffEvents = db
    .select({
      staffId: staffAttendance.staffId,
      staffName: staffAttendance.staffName,
      classroomId: staffAttendance.classroomId,
      kind: staffAttendance.kind,
    })
    .from(staffAttendance)
    .where(and(gte(staffAttendance.at, from), lt(staffAttendance.at, to)))
    .orderBy(asc(staffAttendance.at), asc(staffAttendance.createdAt))
    .all();
  const staffLast = new Map<string, (typeof staffEvents)[number]>();
  for (const e of staffEvents) staffLast.set(e.staffId, e);
  const staffIn = [...staffLast.values()].filter((e) => e.kind === 'in');

  const rooms = db
    .select({ id: classrooms.id, name: classrooms.name, ageGroup: classrooms.ageGroup, capacity: classrooms.capacity })
    .from(classrooms)
    .orderBy(asc(classrooms.name), asc(classrooms.id))
    .all();
  const ages = new Map(all.map((c) => [c.id, c.dateOfBirth]));
  const classroomsOut = rooms.map((r) => {
    const present = children.filter((c) => c.classroomId === r.id && c.status === 'present');
    const staff = staffIn.filter((e) => e.classroomId === r.id);
    const required = table
      ? staffRequired(
          present.map((c) => ageInMonths(ages.get(c.childId)!, date)),
          table.bands,
        )
      : null;
    return {
      classroomId: r.id,
      name: r.name,
      ageGroup: r.ageGroup,
      capacity: r.capacity,
      childrenPresent: present.length,
      staffPresent: staff.length,
      staffRequired: required,
      ratioOk: required === null ? null : staff.length >= required,
      staffOnDuty: staff.map((e) => ({ staffId: e.staffId, name: e.staffName })),
    };
  });
  return {
    date,
    licensingState,
    ratioTable: table ? { state: table.state, source: table.source } : null,
    children,
    classrooms: classroomsOut,
  };
}

/** A parent's view of their child's check-ins and check-outs between two centre dates, oldest first. */
export function childAttendance(db: Db, childId: string, fromDate: string, toDate: string) {
  const { from, to } = centreRange(fromDate, toDate);
  return db
    .select({ id: attendanceEvents.id, kind: attendanceEvents.kind, at: attendanceEvents.at, by: attendanceEvents.by })
    .from(attendanceEvents)
    .where(and(eq(attendanceEvents.childId, childId), gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
    .orderBy(asc(attendanceEvents.at))
    .all();
}

/** Staff names for the Classrooms view's picker (every active account). */
export function staffNames(db: Db) {
  return db
    .select({ id: adminUsers.id, name: adminUsers.name, role: adminUsers.role })
    .from(adminUsers)
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.name))
    .all();
}
