/**
 * The monthly attendance report (`GET /api/admin/attendance/report.csv|pdf?month=YYYY-MM`, director only): the record
 * of care Ohio asks a centre to keep (ADR 083). Per child: room and date of birth, each open day present or absent,
 * the day's times with who dropped off and picked up and how that adult is known (parent, authorized pickup,
 * staff override), the day's hours and the month's. Then each staff member's hours per day from the clock events,
 * and each room's spells out of ratio, worked out again from the month's events by the rule of the day view
 * (shared/ratios.ts). The children are read a chunk at a time and each child's month by its own index search.
 */
import { and, asc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import { attendanceEvents, classrooms, enrolledChildren, staffAttendance } from '~/db/schema';
import { centre } from '../centre/profile';
import { WEEKDAYS } from '../../shared/centre-profile';
import { centreClock24 } from '../../shared/centre-clock';
import { addDays, centreDateOf, centreRange } from '../../shared/centre-time';
import { ageInMonths, ratioTableFor, staffRequired } from '../../shared/ratios';
import type { PdfKey } from '../../shared/i18n/pdf-en';
import type { Db } from '../db';
import { inChunks } from '../exports/csv';
import { authorizedAdults, sameName } from './records';

const CHILD_CHUNK = 200;

/** The month's first and last calendar dates. */
export function monthDates(month: string): { start: string; end: string } {
  const start = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(next, -1) };
}

/** Hours of care as the report writes them: two decimals. */
export const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

export interface Stay<E> {
  inEvent: E | null;
  outEvent: E | null;
  /** From check-in to check-out; null for a check-in without its check-out, or a check-out without its check-in. */
  ms: number | null;
}

/**
 * One child's events, in time order, paired into stays: a check-in and the check-out right after it. A check-in
 * followed by another check-in, or a check-out with no check-in before it, is a stay of its own without hours.
 * The monthly report and the family archive's attendance summary both count hours with this and only this.
 */
export function* staysOf<E extends { kind: 'in' | 'out'; at: Date }>(events: readonly E[]): Generator<Stay<E>> {
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const out = e.kind === 'in' && events[i + 1]?.kind === 'out' ? events[++i]! : null;
    const inEvent = e.kind === 'in' ? e : null;
    const outEvent = out ?? (e.kind === 'out' ? e : null);
    yield { inEvent, outEvent, ms: inEvent && outEvent ? outEvent.at.getTime() - inEvent.at.getTime() : null };
  }
}

/**
 * The centre's date of a moment within the month, by the month's day boundaries (one time-zone lookup per day, not
 * per event): a month of a busy centre has thousands of events.
 */
function dayFinder(month: string): (at: Date) => string {
  const { start, end } = monthDates(month);
  const bounds: { date: string; from: number }[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) bounds.push({ date, from: centreRange(date, date).from.getTime() });
  const last = centreRange(end, end).to.getTime();
  return (at) => {
    const t = at.getTime();
    if (t < bounds[0]!.from || t >= last) return centreDateOf(at);
    let lo = 0;
    let hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]!.from <= t) lo = mid;
      else hi = mid - 1;
    }
    return bounds[lo]!.date;
  };
}

/** How the adult who dropped off or picked up is known to the centre, as the report labels them. */
export type AdultLabel =
  | { kind: 'parent' }
  | { kind: 'pickup'; relationship: string }
  | { kind: 'override'; reason: string; staff: string }
  | { kind: 'unlisted' };

export interface Handover {
  at: Date;
  by: string;
  label: AdultLabel;
}

/** One child's day: present with its stays, or absent (an open day with no record). */
export interface ChildDay {
  date: string;
  status: 'present' | 'absent';
  /** The day's stays in time order; empty when absent. */
  stays: {
    in: Handover | null;
    out: Handover | null;
    /** Milliseconds of a complete stay; null when a check-in or a check-out is missing. */
    ms: number | null;
    /** A check-in with nothing after it at all: the child is at the centre now. */
    stillIn: boolean;
  }[];
  /** The day's complete stays, in ms; null when the child is still in (the day's hours are not known yet). */
  ms: number | null;
}

export interface ChildMonth {
  childId: string;
  childName: string;
  room: string | null;
  dateOfBirth: string;
  days: ChildDay[];
  daysPresent: number;
  daysAbsent: number;
  /** The month's complete stays, in ms. */
  ms: number;
}

export interface StaffDay {
  date: string;
  rooms: string[];
  firstIn: Date | null;
  lastOut: Date | null;
  /** Milliseconds of the day's complete stints (clock-in to clock-out). */
  ms: number;
  /** The day ends clocked in: today, still in; an earlier day, the clock-out was never recorded. */
  open: 'stillIn' | 'noClockOut' | null;
}

export interface StaffMonth {
  staffId: string;
  staffName: string;
  days: StaffDay[];
  ms: number;
}

export interface RatioBreach {
  date: string;
  roomId: string;
  room: string;
  from: Date;
  until: Date;
  /** Why the spell ends at `until`: back in ratio, the end of the centre's day, or now (still out of ratio). */
  end: 'ratio' | 'endOfDay' | 'now';
  ms: number;
  /** The most children present during the spell, the fewest staff, and the most staff the rule needed. */
  children: number;
  staff: number;
  needed: number;
  /** Everyone in the room at some moment of the spell. */
  staffNames: string[];
  childNames: string[];
}

/** Whether the centre opens on `date` by its profile's hours: a day without a record is an absence only on these. */
const isOpenDay = (date: string) => centre.hours[WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!] !== null;

function labelOf(
  event: { by: string; override: boolean; overrideReason: string | null; recordedByName: string },
  adults: ReturnType<typeof authorizedAdults>,
): AdultLabel {
  if (event.override) return { kind: 'override', reason: event.overrideReason ?? '', staff: event.recordedByName };
  if (adults.parents.some((p) => sameName(p, event.by))) return { kind: 'parent' };
  const pickup = adults.pickups.find((p) => sameName(p.name, event.by));
  if (pickup) return { kind: 'pickup', relationship: pickup.relationship };
  return { kind: 'unlisted' };
}

/**
 * The children of the month, a chunk at a time: each child with a record in the month, and each active child
 * who had started by the month's end (absent on every open day without a record, from the first day of care or
 * of the month until the month's end or today, whichever is first). A child who has left is listed only for the
 * days with a record: the enrolment does not keep the day they left.
 */
export function* childMonths(db: Db, month: string, today: string): Generator<ChildMonth> {
  const { start, end } = monthDates(month);
  const { from, to } = centreRange(start, end);
  const lastCounted = end < today ? end : today;
  const dayOf = dayFinder(month);
  const roomNames = new Map(
    db
      .select({ id: classrooms.id, name: classrooms.name })
      .from(classrooms)
      .all()
      .map((r) => [r.id, r.name]),
  );
  type Child = {
    id: string;
    childName: string;
    dateOfBirth: string;
    classroomId: string | null;
    isActive: boolean;
    startDate: string;
  };
  const children = inChunks<Child>(
    (last) =>
      db
        .select({
          id: enrolledChildren.id,
          childName: enrolledChildren.childName,
          dateOfBirth: enrolledChildren.dateOfBirth,
          classroomId: enrolledChildren.classroomId,
          isActive: enrolledChildren.isActive,
          startDate: enrolledChildren.startDate,
        })
        .from(enrolledChildren)
        .where(
          last
            ? or(
                gt(enrolledChildren.childName, last.childName),
                and(eq(enrolledChildren.childName, last.childName), gt(enrolledChildren.id, last.id)),
              )
            : undefined,
        )
        .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
        .limit(CHILD_CHUNK)
        .all(),
    CHILD_CHUNK,
  );
  for (const child of children) {
    const events = db
      .select({
        kind: attendanceEvents.kind,
        at: attendanceEvents.at,
        by: attendanceEvents.by,
        override: attendanceEvents.override,
        overrideReason: attendanceEvents.overrideReason,
        recordedByName: attendanceEvents.recordedByName,
      })
      .from(attendanceEvents)
      .where(and(eq(attendanceEvents.childId, child.id), gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
      .orderBy(asc(attendanceEvents.at))
      .all();
    const counted = child.isActive && child.startDate <= end;
    if (events.length === 0 && !counted) continue;
    const adults = events.length ? authorizedAdults(db, child.id) : { parents: [], pickups: [] };
    // Whether the month's last event is the child's last at all: a check-in then is a child at the centre now.
    const lastOfAll =
      events.at(-1)?.kind === 'in' &&
      !db
        .select({ at: attendanceEvents.at })
        .from(attendanceEvents)
        .where(and(eq(attendanceEvents.childId, child.id), gte(attendanceEvents.at, to)))
        .limit(1)
        .get();
    const byDay = new Map<string, ChildDay>();
    let monthMs = 0;
    for (const stay of staysOf(events)) {
      const date = dayOf((stay.inEvent ?? stay.outEvent)!.at);
      let day = byDay.get(date);
      if (!day) byDay.set(date, (day = { date, status: 'present', stays: [], ms: 0 }));
      const handover = (e: (typeof events)[number] | null): Handover | null =>
        e ? { at: e.at, by: e.by, label: labelOf(e, adults) } : null;
      const stillIn = !!lastOfAll && !stay.outEvent && stay.inEvent === events.at(-1);
      day.stays.push({ in: handover(stay.inEvent), out: handover(stay.outEvent), ms: stay.ms, stillIn });
      if (stay.ms !== null) {
        monthMs += stay.ms;
        if (day.ms !== null) day.ms += stay.ms;
      }
      if (stillIn) day.ms = null;
    }
    if (counted) {
      const first = child.startDate > start ? child.startDate : start;
      for (let date = first; date <= lastCounted; date = addDays(date, 1))
        if (!byDay.has(date) && isOpenDay(date)) byDay.set(date, { date, status: 'absent', stays: [], ms: 0 });
    }
    const days = [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
    const daysPresent = days.filter((d) => d.status === 'present').length;
    yield {
      childId: child.id,
      childName: child.childName,
      room: child.classroomId ? (roomNames.get(child.classroomId) ?? null) : null,
      dateOfBirth: child.dateOfBirth,
      days,
      daysPresent,
      daysAbsent: days.length - daysPresent,
      ms: monthMs,
    };
  }
}

type StaffEvent = { staffId: string; staffName: string; classroomId: string; kind: 'in' | 'out'; at: Date };

/** The month's staff clock events, in the order the day view reads them (a move's clock-out before its clock-in). */
function staffEventsOf(db: Db, month: string): StaffEvent[] {
  const { start, end } = monthDates(month);
  const { from, to } = centreRange(start, end);
  return db
    .select({
      staffId: staffAttendance.staffId,
      staffName: staffAttendance.staffName,
      classroomId: staffAttendance.classroomId,
      kind: staffAttendance.kind,
      at: staffAttendance.at,
    })
    .from(staffAttendance)
    .where(and(gte(staffAttendance.at, from), lt(staffAttendance.at, to)))
    .orderBy(asc(staffAttendance.at), asc(staffAttendance.createdAt))
    .all();
}

/**
 * Each staff member's month: per centre day, the rooms, the first clock-in, the last clock-out and the hours of
 * the day's stints (a clock-in to the clock-out after it, as the day view pairs them: within the day). A day that
 * ends clocked in counts no hours for that stint: today the person is still in; an earlier day lacks its clock-out.
 */
export function staffMonths(db: Db, month: string, today: string): StaffMonth[] {
  const events = staffEventsOf(db, month);
  const roomNames = roomNamesOf(
    db,
    events.map((e) => e.classroomId),
  );
  const dayOf = dayFinder(month);
  const people = new Map<string, { name: string; days: Map<string, StaffEvent[]> }>();
  for (const e of events) {
    let person = people.get(e.staffId);
    if (!person) people.set(e.staffId, (person = { name: e.staffName, days: new Map() }));
    person.name = e.staffName;
    const date = dayOf(e.at);
    const list = person.days.get(date);
    if (list) list.push(e);
    else person.days.set(date, [e]);
  }
  const months: StaffMonth[] = [];
  for (const [staffId, person] of people) {
    const days: StaffDay[] = [];
    let total = 0;
    for (const [date, list] of person.days) {
      let ms = 0;
      let openIn: StaffEvent | null = null;
      const rooms: string[] = [];
      for (const e of list) {
        const room = roomNames.get(e.classroomId) ?? '';
        if (!rooms.includes(room)) rooms.push(room);
        if (e.kind === 'in') openIn = e;
        else if (openIn) {
          ms += e.at.getTime() - openIn.at.getTime();
          openIn = null;
        }
      }
      const ins = list.filter((e) => e.kind === 'in');
      const outs = list.filter((e) => e.kind === 'out');
      days.push({
        date,
        rooms,
        firstIn: ins[0]?.at ?? null,
        lastOut: openIn ? null : (outs.at(-1)?.at ?? null),
        ms,
        open: openIn ? (date === today ? 'stillIn' : 'noClockOut') : null,
      });
      total += ms;
    }
    months.push({ staffId, staffName: person.name, days, ms: total });
  }
  return months.sort((a, b) => a.staffName.localeCompare(b.staffName, 'en') || a.staffId.localeCompare(b.staffId));
}

function roomNamesOf(db: Db, ids: string[]): Map<string, string> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    db
      .select({ id: classrooms.id, name: classrooms.name })
      .from(classrooms)
      .where(inArray(classrooms.id, unique))
      .all()
      .map((r) => [r.id, r.name]),
  );
}

/**
 * Each room's spells out of ratio in the month. Nothing records the ratio over time, so it is worked out again
 * from the events, day by day as the Attendance tab's day view counts them (records.ts attendanceDay): at each
 * moment a child or a staff member came or went, the children checked in to a room (the room they belong to)
 * against the staff clocked in to it, by the ratio table of the centre's licensing state (staffRequired). A spell
 * starts when the room needs more staff than it has and ends when it has enough again, at the end of the centre's
 * day, or now. A state without a table has no spells: nothing is judged by another state's numbers (the report
 * says no table exists: `ratioTableFor`).
 */
export function ratioHistory(db: Db, month: string, now: Date): RatioBreach[] {
  const table = ratioTableFor(centre.licensingState);
  if (!table) return [];
  const { start, end } = monthDates(month);
  const { from, to } = centreRange(start, end);
  const childEvents = db
    .select({ childId: attendanceEvents.childId, kind: attendanceEvents.kind, at: attendanceEvents.at })
    .from(attendanceEvents)
    .where(and(gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
    .orderBy(asc(attendanceEvents.at), asc(attendanceEvents.createdAt))
    .all();
  const staffEvents = staffEventsOf(db, month);
  const childIds = [...new Set(childEvents.map((e) => e.childId))];
  const kids = new Map<string, { name: string; dateOfBirth: string; classroomId: string | null }>();
  for (let i = 0; i < childIds.length; i += 500)
    for (const c of db
      .select({
        id: enrolledChildren.id,
        name: enrolledChildren.childName,
        dateOfBirth: enrolledChildren.dateOfBirth,
        classroomId: enrolledChildren.classroomId,
      })
      .from(enrolledChildren)
      .where(inArray(enrolledChildren.id, childIds.slice(i, i + 500)))
      .all())
      kids.set(c.id, c);
  const roomNames = roomNamesOf(db, [...staffEvents.map((e) => e.classroomId), ...[...kids.values()].flatMap((k) => k.classroomId ?? [])]);

  type Moment = { at: Date; apply: (state: DayState) => void };
  type DayState = { children: Map<string, string>; staff: Map<string, { room: string; name: string }> };
  const days = new Map<string, Moment[]>();
  const dayOf = dayFinder(month);
  const push = (at: Date, apply: Moment['apply']) => {
    const date = dayOf(at);
    const list = days.get(date);
    if (list) list.push({ at, apply });
    else days.set(date, [{ at, apply }]);
  };
  for (const e of childEvents) {
    const room = kids.get(e.childId)?.classroomId;
    if (!room) continue;
    push(e.at, (s) => (e.kind === 'in' ? s.children.set(e.childId, room) : s.children.delete(e.childId)));
  }
  for (const e of staffEvents)
    push(e.at, (s) => {
      if (e.kind === 'in') s.staff.set(e.staffId, { room: e.classroomId, name: e.staffName });
      else if (s.staff.get(e.staffId)?.room === e.classroomId) s.staff.delete(e.staffId);
    });

  const breaches: RatioBreach[] = [];
  for (const date of [...days.keys()].sort()) {
    // A stable sort: at one moment, children's events before staff's, each in the order recorded.
    const moments = days.get(date)!.sort((a, b) => a.at.getTime() - b.at.getTime());
    const state: DayState = { children: new Map(), staff: new Map() };
    const open = new Map<string, RatioBreach>();
    const ages = new Map<string, number>();
    const ageOf = (childId: string) => {
      let age = ages.get(childId);
      if (age === undefined) ages.set(childId, (age = ageInMonths(kids.get(childId)!.dateOfBirth, date)));
      return age;
    };
    for (let i = 0; i < moments.length;) {
      const at = moments[i]!.at;
      while (i < moments.length && moments[i]!.at.getTime() === at.getTime()) moments[i++]!.apply(state);
      const rooms = new Set([...state.children.values(), ...[...state.staff.values()].map((s) => s.room), ...open.keys()]);
      for (const roomId of rooms) {
        const presentIds = [...state.children].filter(([, r]) => r === roomId).map(([id]) => id);
        const present = presentIds.map((id) => kids.get(id)!);
        const staff = [...state.staff.values()].filter((s) => s.room === roomId);
        const needed = staffRequired(presentIds.map(ageOf), table.bands);
        const breach = open.get(roomId);
        if (staff.length >= needed) {
          if (breach) {
            breach.until = at;
            breach.ms = at.getTime() - breach.from.getTime();
            open.delete(roomId);
          }
          continue;
        }
        const spell =
          breach ??
          ({
            date,
            roomId,
            room: roomNames.get(roomId) ?? '',
            from: at,
            until: at,
            end: 'ratio',
            ms: 0,
            children: 0,
            staff: staff.length,
            needed: 0,
            staffNames: [],
            childNames: [],
          } satisfies RatioBreach);
        if (!breach) {
          open.set(roomId, spell);
          breaches.push(spell);
        }
        spell.children = Math.max(spell.children, present.length);
        spell.staff = Math.min(spell.staff, staff.length);
        spell.needed = Math.max(spell.needed, needed);
        for (const s of staff) if (!spell.staffNames.includes(s.name)) spell.staffNames.push(s.name);
        for (const c of present) if (!spell.childNames.includes(c.name)) spell.childNames.push(c.name);
      }
    }
    const dayEnd = centreRange(date, date).to;
    for (const spell of open.values()) {
      const stillNow = now.getTime() < dayEnd.getTime();
      spell.until = stillNow ? now : dayEnd;
      spell.end = stillNow ? 'now' : 'endOfDay';
      spell.ms = spell.until.getTime() - spell.from.getTime();
    }
  }
  return breaches.sort((a, b) => a.from.getTime() - b.from.getTime() || a.room.localeCompare(b.room, 'en'));
}

export interface AttendanceMonth {
  /** `YYYY-MM` in the centre's time zone. */
  month: string;
  /** Centre days with a stay (a check-in or a check-out). */
  days: number;
  /** Hours of the month's complete stays, as the monthly report totals them (two decimals). */
  hours: string;
}

export interface AttendanceSummary {
  /** The first and last centre days with an event; null when nothing was ever recorded. */
  first: string | null;
  last: string | null;
  months: AttendanceMonth[];
  days: number;
  hours: string;
}

const EVENT_CHUNK = 1000;

/**
 * One child's attendance, a line per month (the family archive's PDF). The events are read by keyset
 * on the child's (child, at) index a chunk at a time, and only one month's events are held at once; each month
 * is paired into stays exactly as the monthly report pairs it (staysOf, within the centre's month), so a month's
 * hours here are that month's report total.
 */
export function attendanceSummary(db: Db, childId: string): AttendanceSummary {
  type Event = { id: string; kind: 'in' | 'out'; at: Date };
  const events = inChunks<Event>(
    (last) =>
      db
        .select({ id: attendanceEvents.id, kind: attendanceEvents.kind, at: attendanceEvents.at })
        .from(attendanceEvents)
        .where(
          and(
            eq(attendanceEvents.childId, childId),
            last
              ? or(gt(attendanceEvents.at, last.at), and(eq(attendanceEvents.at, last.at), gt(attendanceEvents.id, last.id)))
              : undefined,
          ),
        )
        .orderBy(asc(attendanceEvents.at), asc(attendanceEvents.id))
        .limit(EVENT_CHUNK)
        .all(),
    EVENT_CHUNK,
  );
  const months: AttendanceMonth[] = [];
  let totalDays = 0;
  let totalMs = 0;
  let first: string | null = null;
  let last: string | null = null;
  let month = '';
  let held: Event[] = [];
  const close = () => {
    if (!held.length) return;
    const days = new Set<string>();
    let ms = 0;
    for (const stay of staysOf(held)) {
      days.add(centreDateOf((stay.inEvent ?? stay.outEvent)!.at));
      if (stay.ms !== null) ms += stay.ms;
    }
    months.push({ month, days: days.size, hours: hours(ms) });
    totalDays += days.size;
    totalMs += ms;
    held = [];
  };
  for (const event of events) {
    const day = centreDateOf(event.at);
    first ??= day;
    last = day;
    if (day.slice(0, 7) !== month) {
      close();
      month = day.slice(0, 7);
    }
    held.push(event);
  }
  close();
  return { first, last, months, days: totalDays, hours: hours(totalMs) };
}

/** The words of the report (the PDFs' catalogue): staff's downloads are English (payments/pdf.ts). */
type Words = { t: (key: PdfKey, values?: Record<string, string | number>) => string };

export function labelText(w: Words, label: AdultLabel): string {
  switch (label.kind) {
    case 'parent':
      return w.t('pdf.attendance.label.parent');
    case 'pickup':
      return w.t('pdf.attendance.label.pickup', { relationship: label.relationship });
    case 'override':
      return w.t('pdf.attendance.label.override', { reason: label.reason, staff: label.staff });
    case 'unlisted':
      return w.t('pdf.attendance.label.unlisted');
  }
}

/** "Anna Alvarez (parent)"; empty when nobody is recorded. */
export const handoverText = (w: Words, h: Handover | null) =>
  h ? w.t('pdf.attendance.byLabel', { name: h.by, label: labelText(w, h.label) }) : '';

/** A child's day in the report's words: its first check-in and last check-out, who, hours and what else to know. */
export function childDayCells(w: Words, day: ChildDay, clock: (at: Date) => string) {
  if (day.status === 'absent')
    return { status: w.t('pdf.attendance.absent'), in: '', droppedOffBy: '', out: '', pickedUpBy: '', hours: '', details: '' };
  const first = day.stays[0]!;
  const last = day.stays.at(-1)!;
  const details: string[] = [];
  if (day.stays.length > 1)
    details.push(
      w.t('pdf.attendance.stays', {
        stays: day.stays.map((s) => `${s.in ? clock(s.in.at) : '?'}-${s.out ? clock(s.out.at) : s.stillIn ? '' : '?'}`).join(', '),
      }),
    );
  if (day.stays.some((s) => !s.in)) details.push(w.t('pdf.attendance.noCheckIn'));
  if (day.stays.some((s) => !s.out && !s.stillIn)) details.push(w.t('pdf.attendance.noCheckOut'));
  return {
    status: w.t('pdf.attendance.present'),
    in: first.in ? clock(first.in.at) : '',
    droppedOffBy: handoverText(w, first.in),
    out: last.out ? clock(last.out.at) : last.stillIn ? w.t('pdf.attendance.stillIn') : '',
    pickedUpBy: handoverText(w, last.out),
    hours: day.ms === null ? w.t('pdf.attendance.stillIn') : hours(day.ms),
    details: details.join('; '),
  };
}

export const durationText = (w: Words, ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return w.t('pdf.attendance.minutes', { count: minutes, n: String(minutes) });
};

export const breachUntil = (w: Words, b: RatioBreach, clock: (at: Date) => string) =>
  b.end === 'ratio' ? clock(b.until) : b.end === 'now' ? w.t('pdf.attendance.ongoing') : w.t('pdf.attendance.endOfDay');

export const breachWho = (w: Words, b: RatioBreach) =>
  [
    w.t('pdf.attendance.whoStaff', { names: b.staffNames.join(', ') || w.t('pdf.attendance.nobody') }),
    w.t('pdf.attendance.whoChildren', { names: b.childNames.join(', ') }),
  ].join('; ');

const COLUMNS = [
  'section',
  'name',
  'room',
  'dateOfBirth',
  'date',
  'status',
  'in',
  'droppedOffBy',
  'out',
  'pickedUpBy',
  'hours',
  'daysPresent',
  'daysAbsent',
  'details',
] as const;
type Column = (typeof COLUMNS)[number];

export const reportHeader = (w: Words) => COLUMNS.map((c) => w.t(`pdf.attendance.column.${c}`));

/**
 * The CSV: one table, a row per child and day (present or absent) and a total row per child, then a row per staff
 * member and day and a total per person, then a row per spell out of ratio. The `section` column says which.
 */
export function* reportCsvRows(db: Db, month: string, now: Date, w: Words): Generator<string[]> {
  const today = centreDateOf(now);
  const row = (cells: Partial<Record<Column, string>>) => COLUMNS.map((c) => cells[c] ?? '');
  for (const child of childMonths(db, month, today)) {
    const who = { name: child.childName, room: child.room ?? w.t('pdf.attendance.noRoom'), dateOfBirth: child.dateOfBirth };
    for (const day of child.days)
      yield row({ section: w.t('pdf.attendance.section.child'), ...who, date: day.date, ...childDayCells(w, day, centreClock24) });
    yield row({
      section: w.t('pdf.attendance.section.childTotal'),
      ...who,
      date: month,
      hours: hours(child.ms),
      daysPresent: String(child.daysPresent),
      daysAbsent: String(child.daysAbsent),
      details: child.days.some((d) => d.ms === null) ? w.t('pdf.attendance.stillIn') : '',
    });
  }
  for (const person of staffMonths(db, month, today)) {
    for (const day of person.days)
      yield row({
        section: w.t('pdf.attendance.section.staff'),
        name: person.staffName,
        room: day.rooms.join(', '),
        date: day.date,
        status: w.t('pdf.attendance.present'),
        in: day.firstIn ? centreClock24(day.firstIn) : '',
        out: day.lastOut ? centreClock24(day.lastOut) : day.open === 'stillIn' ? w.t('pdf.attendance.stillIn') : '',
        hours: hours(day.ms),
        details: day.open === 'noClockOut' ? w.t('pdf.attendance.noClockOut') : '',
      });
    yield row({
      section: w.t('pdf.attendance.section.staffTotal'),
      name: person.staffName,
      date: month,
      hours: hours(person.ms),
      daysPresent: String(person.days.length),
    });
  }
  for (const b of ratioHistory(db, month, now))
    yield row({
      section: w.t('pdf.attendance.section.ratio'),
      name: b.staffNames.join(', '),
      room: b.room,
      date: b.date,
      status: w.t('pdf.attendance.breach', { count: b.children, n: String(b.children), staff: b.staff, needed: b.needed }),
      in: centreClock24(b.from),
      out: breachUntil(w, b, centreClock24),
      hours: hours(b.ms),
      details: `${durationText(w, b.ms)}; ${breachWho(w, b)}`,
    });
}
