/**
 * Tuition proration (ADR 100): pure arithmetic in integer cents, shared by the invoice generator and its tests.
 *
 * The billable days of a period are its weekdays, Monday to Friday (the days a childcare centre is open). A child
 * enrolled for every billable day of the period pays the whole amount; a child who starts or leaves inside it pays
 * `amount × enrolled weekdays ÷ billable weekdays`, rounded half up to the cent; a child enrolled on none pays
 * nothing. A discount is a whole percent of the prorated line, rounded half up per line.
 */

const DAY_MS = 86_400_000;

function utcDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** `YYYY-MM-DD` of a UTC day number (ms). */
function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` after `iso` (before it when negative). */
export function addDays(iso: string, days: number): string {
  return isoOf(utcDay(iso) + days * DAY_MS);
}

/** Whether `iso` is a Monday. */
export function isMonday(iso: string): boolean {
  return new Date(utcDay(iso)).getUTCDay() === 1;
}

/** The weekdays (Monday to Friday) from `from` to `to`, both included; 0 when `to` is before `from`. */
export function weekdaysBetween(from: string, to: string): number {
  const start = utcDay(from);
  const end = utcDay(to);
  if (end < start) return 0;
  const days = Math.round((end - start) / DAY_MS) + 1;
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * 5;
  const startDow = new Date(start).getUTCDay();
  for (let i = 0; i < days % 7; i++) {
    const dow = (startDow + i) % 7;
    if (dow !== 0 && dow !== 6) count++;
  }
  return count;
}

export interface Period {
  kind: 'monthly' | 'weekly';
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** Last day, included. */
  end: string;
}

/** The month `YYYY-MM` as a period: its first to its last calendar day. */
export function monthPeriod(month: string): Period {
  const start = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const end = isoOf(Date.UTC(y, m, 0));
  return { kind: 'monthly', start, end };
}

/** The week starting on Monday `monday`, to the Sunday after it. */
export function weekPeriod(monday: string): Period {
  return { kind: 'weekly', start: monday, end: addDays(monday, 6) };
}

/** `a × b ÷ c` rounded half up, for non-negative integers. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * The part of `amountCents` a child owes for `period`, enrolled from `startDate` to `endDate` (included; null: no
 * end). Whole when enrolled on every billable day, nothing when on none.
 */
export function prorateCents(
  amountCents: number,
  period: Pick<Period, 'start' | 'end'>,
  startDate: string,
  endDate: string | null,
): number {
  const billable = weekdaysBetween(period.start, period.end);
  const from = startDate > period.start ? startDate : period.start;
  const to = endDate !== null && endDate < period.end ? endDate : period.end;
  const enrolled = weekdaysBetween(from, to);
  if (billable === 0 || enrolled === 0) return 0;
  if (enrolled >= billable) return amountCents;
  return mulDivHalfUp(amountCents, enrolled, billable);
}

/** The enrolled and billable weekdays, for a line's description ("12/22"). */
export function enrolledDays(
  period: Pick<Period, 'start' | 'end'>,
  startDate: string,
  endDate: string | null,
): { enrolled: number; billable: number } {
  const from = startDate > period.start ? startDate : period.start;
  const to = endDate !== null && endDate < period.end ? endDate : period.end;
  return { enrolled: weekdaysBetween(from, to), billable: weekdaysBetween(period.start, period.end) };
}

/** `percent` (a whole number, 0 to 100) of `lineCents`, rounded half up: the discount of one line. */
export function discountCents(lineCents: number, percent: number): number {
  return mulDivHalfUp(lineCents, percent, 100);
}
