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

const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

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
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      const out = e.kind === 'in' && events[i + 1]?.kind === 'out' ? events[++i]! : null;
      const inEvent = e.kind === 'in' ? e : null;
      const outEvent = out ?? (e.kind === 'out' ? e : null);
      const ms = inEvent && outEvent ? outEvent.at.getTime() - inEvent.at.getTime() : null;
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
