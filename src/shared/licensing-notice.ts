/**
 * The deadlines of an incident report, written once (server, compliance rows and screens read them from here).
 *
 * - The licensing office is told of a serious incident or an unusual event within 24 hours of it; when those 24
 *   hours end on a weekend day or a state holiday (the centre's calendar date at that moment), within 48 hours.
 * - The parent (or the person picking up) is given the report on the day it happened, the centre's calendar day.
 *
 * The holidays are Ohio's paid state holidays (Ohio Revised Code 124.19), computed per year: fixed dates move to
 * the Friday before when they fall on a Saturday and to the Monday after when on a Sunday (ORC 1.14), and the
 * day so observed counts as a holiday too.
 */
import { addDays, centreDateOf } from './centre-time';

export const INCIDENT_KINDS = ['injury', 'illness', 'head-bump', 'emergency-transport', 'unusual-event'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export type ComplianceStatus = 'ok' | 'due-soon' | 'overdue' | 'missing';

const HOUR = 3_600_000;
/** The notice is due this long after the incident, or NOTICE_LONG_HOURS when that moment falls on a day off. */
export const NOTICE_HOURS = 24;
export const NOTICE_LONG_HOURS = 48;

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

/** The `nth` (1-based) `weekday` of a month; nth = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = weekdayOf(iso(year, month, 1));
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekdayOf(iso(year, month, lastDay));
  return iso(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** A fixed-date holiday and, when it falls on a weekend, the weekday it is observed on. */
function fixed(year: number, month: number, day: number): string[] {
  const date = iso(year, month, day);
  const weekday = weekdayOf(date);
  if (weekday === 6) return [date, addDays(date, -1)];
  if (weekday === 0) return [date, addDays(date, 1)];
  return [date];
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/** Ohio's state holidays of `year` (and the weekdays they are observed on), as `YYYY-MM-DD`. */
export function ohioHolidays(year: number): ReadonlySet<string> {
  const known = holidayCache.get(year);
  if (known) return known;
  const days = new Set<string>([
    ...fixed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day: third Monday of January
    nthWeekday(year, 2, 1, 3), // Presidents' Day: third Monday of February
    nthWeekday(year, 5, 1, -1), // Memorial Day: last Monday of May
    ...fixed(year, 6, 19), // Juneteenth
    ...fixed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day: first Monday of September
    nthWeekday(year, 10, 1, 2), // Columbus Day: second Monday of October
    ...fixed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving: fourth Thursday of November
    ...fixed(year, 12, 25), // Christmas Day
  ]);
  // New Year's Day of next year on a Saturday is observed on this year's 31 December.
  if (weekdayOf(iso(year + 1, 1, 1)) === 6) days.add(iso(year, 12, 31));
  // Bounded: a handful of years are ever asked for, but the cache never grows without end.
  if (holidayCache.size > 64) holidayCache.clear();
  holidayCache.set(year, days);
  return days;
}

/** Whether the centre is on a day off on this calendar date: a Saturday, a Sunday or a state holiday. */
export function isDayOff(isoDate: string): boolean {
  const weekday = weekdayOf(isoDate);
  return weekday === 0 || weekday === 6 || ohioHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** Whether a report must be told to the licensing office: a serious incident, or any unusual event. */
export function needsLicensingNotice(report: { kind: string; serious: boolean }): boolean {
  return report.serious || report.kind === 'unusual-event';
}

/** When the licensing office must have been told: 24 hours after the incident, 48 when the 24 end on a day off. */
export function licensingDeadline(occurredAt: Date): Date {
  const short = new Date(occurredAt.getTime() + NOTICE_HOURS * HOUR);
  return isDayOff(centreDateOf(short)) ? new Date(occurredAt.getTime() + NOTICE_LONG_HOURS * HOUR) : short;
}

/** The licensing notice's state at `now`: ok once recorded, overdue after the deadline, due-soon until then. */
export function licensingNoticeStatus(occurredAt: Date, notifiedAt: Date | null, now: Date): ComplianceStatus {
  if (notifiedAt) return 'ok';
  return now.getTime() > licensingDeadline(occurredAt).getTime() ? 'overdue' : 'due-soon';
}

/** The day the parent must have the report: the centre's calendar day of the incident. */
export function acknowledgementDueDate(occurredAt: Date): string {
  return centreDateOf(occurredAt);
}

/**
 * The parent's copy's state at `now`: ok once the parent acknowledged it or staff handed it over on paper; due-soon
 * on the day of the incident; overdue from the next day.
 */
export function acknowledgementStatus(occurredAt: Date, givenAt: Date | null, now: Date): ComplianceStatus {
  if (givenAt) return 'ok';
  return centreDateOf(now) > acknowledgementDueDate(occurredAt) ? 'overdue' : 'due-soon';
}
