/**
 * The monthly attendance report (`GET /api/admin/attendance/report.csv?month=YYYY-MM`): the record of hours of
 * care Ohio requires. One row per stay (a check-in and the check-out after it), a total row per child; the
 * children a chunk at a time and each child's month by its own index search, so the answer streams.
 */
import { and, asc, eq, gt, gte, lt, or } from 'drizzle-orm';
import { attendanceEvents, enrolledChildren } from '~/db/schema';
import { centreClock24 } from '../../shared/centre-clock';
import { addDays, centreDateOf, centreRange } from '../../shared/centre-time';
import type { Db } from '../db';
import { inChunks } from '../exports/csv';

export const REPORT_HEADER = ['child', 'date', 'in', 'out', 'hours', 'by', 'overrides'] as const;
const CHILD_CHUNK = 200;

export type ReportRow = readonly [string, string, string, string, string, string, string];

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

export function* reportRows(db: Db, month: string): Generator<ReportRow> {
  const { start, end } = monthDates(month);
  const { from, to } = centreRange(start, end);
  type Child = { id: string; childName: string };
  const children = inChunks<Child>(
    (last) =>
      db
        .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
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
    if (events.length === 0) continue;
    let totalMs = 0;
    for (const { inEvent, outEvent, ms } of staysOf(events)) {
      if (ms !== null) totalMs += ms;
      const by = [inEvent?.by, outEvent?.by].filter(Boolean).join(' / ');
      const overrides = [inEvent, outEvent]
        .filter((x) => x?.override)
        .map((x) => `${x!.by}: ${x!.overrideReason ?? ''} (allowed by ${x!.recordedByName})`)
        .join('; ');
      yield [
        child.childName,
        centreDateOf((inEvent ?? outEvent)!.at),
        inEvent ? centreClock24(inEvent.at) : '',
        outEvent ? centreClock24(outEvent.at) : '',
        ms === null ? '' : hours(ms),
        by,
        overrides,
      ];
    }
    yield [child.childName, 'Total', '', '', hours(totalMs), '', ''];
  }
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
