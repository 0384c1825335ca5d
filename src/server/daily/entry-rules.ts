/**
 * The rules a daily-sheet entry's write obeys (ADR 066), checked inside the write's transaction: whose entries a
 * staff member may change, and which moments an entry may carry (not ahead of the clock, not before the child's
 * first day, a teacher not more than TEACHER_DAYS_BACK of the centre's days back, a nap's `at` its start and its end
 * on the same day). Every refusal is a 4xx with a sentence from shared/schemas/daily-entries.ts, and nothing is written.
 */
import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { attendanceEvents, enrolledChildren } from '~/db/schema';
import { addDays, centreDateOf, centreRange } from '../../shared/centre-time';
import {
  beforeStartValues,
  CORRECTION_DIRECTOR_MESSAGE,
  type DailyEntryKind,
  FUTURE_MESSAGE,
  FUTURE_SLACK_MS,
  NAP_AT_MESSAGE,
  NAP_ONE_DAY_MESSAGE,
  NOT_YOUR_ENTRY,
  TEACHER_DAYS_BACK,
} from '../../shared/schemas/daily-entries';
import type { AdminIdentity } from '../auth/session';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { fieldError } from '../field-errors';
import { refuse } from '../refusal';

type Staff = Pick<AdminIdentity, 'id' | 'role'>;
type Nap = { start: Date; end: Date | null };
export type EntryChild = { id: string; childName: string; startDate: string };

/** The first centre day this staff member may write on: none for a director, TEACHER_DAYS_BACK days back for a teacher. */
export function earliestDay(staff: Staff, now: Date): string | null {
  return staff.role === 'director' ? null : addDays(centreDateOf(now), -TEACHER_DAYS_BACK);
}

/** The named children, whatever their state (an entry of a child who has left may still be corrected). */
export function entryChildren(db: Db, ids: string[]): EntryChild[] {
  return db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName, startDate: enrolledChildren.startDate })
    .from(enrolledChildren)
    .where(inArray(enrolledChildren.id, ids))
    .all();
}

/**
 * The entry's moment (a nap's start; otherwise `at`, else now), its centre date and its details as stored (a nap's
 * moments as ISO strings), once every rule on its times holds for each child it is about.
 */
export function placeEntry(
  clock: Clock,
  staff: Staff,
  kind: DailyEntryKind,
  at: Date | undefined,
  details: Record<string, unknown>,
  children: EntryChild[],
): { at: Date; date: string; details: Record<string, unknown> } {
  const now = clock.now();
  const nap = kind === 'nap' ? (details as Nap) : null;
  if (nap && at && at.getTime() !== nap.start.getTime()) throw fieldError('at', NAP_AT_MESSAGE);
  const moment = nap ? nap.start : (at ?? now);
  const field = nap ? 'details.start' : 'at';
  const latest = now.getTime() + FUTURE_SLACK_MS;
  if (moment.getTime() > latest) throw fieldError(field, FUTURE_MESSAGE);
  const date = centreDateOf(moment);
  if (nap?.end) {
    if (nap.end.getTime() > latest) throw fieldError('details.end', FUTURE_MESSAGE);
    if (centreDateOf(nap.end) !== date) throw fieldError('details.end', NAP_ONE_DAY_MESSAGE);
  }
  const earliest = earliestDay(staff, now);
  if (earliest && date < earliest) throw fieldError(field, 'error.teacherDaysBack', { days: TEACHER_DAYS_BACK });
  const early = children.find((c) => date < c.startDate);
  if (early) throw fieldError(field, 'error.beforeFirstDay', beforeStartValues(early.childName, early.startDate));
  const stored = nap ? { ...details, start: nap.start.toISOString(), end: nap.end ? nap.end.toISOString() : null } : details;
  return { at: moment, date, details: stored };
}

/**
 * Whether this change is the end of a nap still going on, and nothing else: the start kept, an end given. Any
 * teacher of the room records that a child woke up, whoever recorded the nap starting (ADR 066).
 */
function endsOpenNap(kind: DailyEntryKind, before: Record<string, unknown>, at: Date | undefined, after: Record<string, unknown> | null) {
  if (kind !== 'nap' || !after) return false;
  const was = before as Nap;
  const next = after as Nap;
  return (
    was.end === null &&
    next.end !== null &&
    next.start.getTime() === was.start.getTime() &&
    (at === undefined || at.getTime() === was.start.getTime())
  );
}

/**
 * A director changes or deletes any entry; a teacher only those they recorded, of the last TEACHER_DAYS_BACK days
 * (403, 400 otherwise). `change` is the update's (absent for a delete), its details already checked for the kind.
 */
export function assertMayChangeEntry(
  staff: Staff,
  now: Date,
  entry: { authorId: string | null; kind: DailyEntryKind; date: string; details: Record<string, unknown> },
  change?: { at: Date | undefined; details: Record<string, unknown> | null },
): void {
  if (staff.role === 'director') return;
  const own = entry.authorId === staff.id;
  if (!own && !(change && endsOpenNap(entry.kind, entry.details, change.at, change.details))) throw refuse('FORBIDDEN', NOT_YOUR_ENTRY);
  const earliest = earliestDay(staff, now);
  if (earliest && entry.date < earliest) throw refuse('BAD_REQUEST', 'error.teacherDaysBack', { days: TEACHER_DAYS_BACK });
}

/** A director may send `correction: true`; a teacher who does is refused (403) before anything else is looked at. */
export function assertMayCorrect(staff: Staff, correction: boolean | undefined): void {
  if (correction && staff.role !== 'director') throw refuse('FORBIDDEN', CORRECTION_DIRECTOR_MESSAGE);
}

/**
 * Each child's check-ins and check-outs on the centre day `date`, oldest first (one index range per child:
 * attendance_events (child, at)).
 */
function dayEvents(db: Db, ids: string[], date: string): Map<string, { kind: 'in' | 'out'; at: Date }[]> {
  const { from, to } = centreRange(date, date);
  const rows = db
    .select({ childId: attendanceEvents.childId, kind: attendanceEvents.kind, at: attendanceEvents.at })
    .from(attendanceEvents)
    .where(and(inArray(attendanceEvents.childId, ids), gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
    .orderBy(asc(attendanceEvents.at))
    .all();
  const byChild = new Map<string, { kind: 'in' | 'out'; at: Date }[]>();
  for (const r of rows) byChild.set(r.childId, [...(byChild.get(r.childId) ?? []), r]);
  return byChild;
}

/** Where a child is on a day, as the Daily sheets cards show it: never checked in, checked in, or checked out since. */
export type Presence = 'absent' | 'present' | 'gone';

export function presenceOn(db: Db, ids: string[], date: string): Map<string, Presence> {
  const events = dayEvents(db, ids, date);
  return new Map(
    ids.map((id) => {
      const last = events.get(id)?.at(-1);
      return [id, !last ? 'absent' : last.kind === 'in' ? 'present' : 'gone'];
    }),
  );
}

/**
 * An entry is about children who were there (ADR 080): one child's, a child checked in on the entry's day; a group
 * entry's, children checked in at its moment (the day's last check-in or check-out before it a check-in). Otherwise
 * 409 naming them, unless a director records it as a correction (assertMayCorrect refused anyone else's).
 */
export function assertCheckedIn(
  db: Db,
  children: EntryChild[],
  placed: { at: Date; date: string },
  options: { group: boolean; correction: boolean },
): void {
  if (options.correction || children.length === 0) return;
  const events = dayEvents(
    db,
    children.map((c) => c.id),
    placed.date,
  );
  const there = (id: string) => {
    const day = events.get(id) ?? [];
    if (!options.group) return day.some((e) => e.kind === 'in');
    const before = day.filter((e) => e.at.getTime() <= placed.at.getTime()).at(-1);
    return before?.kind === 'in';
  };
  const missing = children.filter((c) => !there(c.id)).sort((x, y) => x.childName.localeCompare(y.childName));
  if (missing.length === 0) return;
  const values = { names: missing.map((c) => c.childName).join(', '), many: missing.length > 1 ? 'yes' : 'no' };
  if (options.group) throw refuse('CONFLICT', 'error.absentThen', values);
  throw refuse('CONFLICT', 'error.absentThatDay', { ...values, day: beforeStartValues(missing[0]!.childName, placed.date).day });
}
