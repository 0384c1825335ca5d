/**
 * The rules of a medication authorization and of a dose (ADR 092), written once for the server, the screens and the
 * compliance rows. Dates are the centre's calendar dates (`YYYY-MM-DD`); scheduled times are the centre's wall clock
 * (`HH:MM`). Pure functions: the moments they compare are given to them.
 */
import { addDays, centreDateOf, centreMoment } from './centre-time';

/** How long one authorization may run: its end date is at most this many months after the day it was signed. */
export const AUTHORIZATION_MAX_MONTHS = 12;
/** How far a scheduled dose may be given from its time, either way, in minutes. */
export const DOSE_WINDOW_MINUTES = 60;
/** More consecutive days than this (in 14) calls for a physician's signed instructions. */
export const DAYS_WITHOUT_PHYSICIAN = 3;
/** An authorization this many days or fewer from its end date is shown as due soon (a renewal to ask for). */
export const ENDING_SOON_DAYS = 14;
/** An ended authorization stays on the compliance list this many days, then drops off. */
export const ENDED_SHOWN_DAYS = 30;

export const MEDICATION_STATUSES = ['pending', 'active', 'returned', 'ended'] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];
/** What the table keeps: `ended` is never stored, it is `active` or `pending` past its end date. */
export type StoredMedicationStatus = 'pending' | 'active' | 'returned';

/** The reasons the licensing rules give for a physician's signed instructions. */
export const PHYSICIAN_REASONS = [
  'unlabelled-container',
  'outside-label',
  'over-three-days',
  'codeine-or-aspirin',
  'supplement-or-diet',
] as const;
export type PhysicianReason = (typeof PHYSICIAN_REASONS)[number];

/** `YYYY-MM-DD` moved by whole months; a day the month lacks becomes its last day (31 March + 1 month = 30 April). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The last end date an authorization signed on `signedOn` may have. */
export function latestEndDate(signedOn: string): string {
  return addMonths(signedOn, AUTHORIZATION_MAX_MONTHS);
}

/** Calendar days from `start` to `end`, both counted. */
export function daysSpanned(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Whether the request needs a physician's signed instructions: a reason the parent ticked, or a scheduled
 * medicine given on more than three consecutive days (its dates say so; "as needed" cannot tell).
 */
export function physicianRequired(input: {
  physicianNeeded: boolean;
  physicianReasons: readonly string[];
  times: readonly string[];
  startDate: string;
  endDate: string;
}): boolean {
  if (input.physicianNeeded || input.physicianReasons.length > 0) return true;
  return input.times.length > 0 && daysSpanned(input.startDate, input.endDate) > DAYS_WITHOUT_PHYSICIAN;
}

/** The status a person reads: an authorization past its end date has ended, unless it was returned. */
export function statusOn(stored: StoredMedicationStatus, endDate: string, today: string): MedicationStatus {
  if (stored === 'returned') return 'returned';
  return endDate < today ? 'ended' : stored;
}

/** Whether doses may be given on `date`: approved, and `date` within its start and end dates. */
export function activeOn(auth: { status: StoredMedicationStatus; startDate: string; endDate: string }, date: string): boolean {
  return auth.status === 'active' && auth.startDate <= date && date <= auth.endDate;
}

export interface DoseSlot {
  /** The centre's date the scheduled time is on. */
  date: string;
  /** The scheduled time, `HH:MM`. */
  time: string;
  /** The moment it is due. */
  dueAt: Date;
}

/**
 * The scheduled dose a dose given at `givenAt` is for: the nearest scheduled time (on the centre's date of
 * `givenAt`, the day before or the day after, so a dose near midnight finds its slot) no more than 60 minutes
 * away; null when none is. Exactly 60 minutes is still within the window.
 */
export function slotFor(times: readonly string[], givenAt: Date): DoseSlot | null {
  const day = centreDateOf(givenAt);
  let best: DoseSlot | null = null;
  let bestGap = Infinity;
  for (const date of [addDays(day, -1), day, addDays(day, 1)]) {
    for (const time of times) {
      const dueAt = centreMoment(date, time);
      const gap = Math.abs(givenAt.getTime() - dueAt.getTime());
      if (gap <= DOSE_WINDOW_MINUTES * 60_000 && gap < bestGap) {
        best = { date, time, dueAt };
        bestGap = gap;
      }
    }
  }
  return best;
}

export type SlotState = 'given' | 'due' | 'upcoming' | 'missed';

/** Where a scheduled dose stands at `now`: given, due (inside its window), upcoming (before it) or missed (after it). */
export function slotState(dueAt: Date, given: boolean, now: Date): SlotState {
  if (given) return 'given';
  const windowMs = DOSE_WINDOW_MINUTES * 60_000;
  if (now.getTime() < dueAt.getTime() - windowMs) return 'upcoming';
  if (now.getTime() > dueAt.getTime() + windowMs) return 'missed';
  return 'due';
}

export type ComplianceStatus = 'ok' | 'due-soon' | 'overdue' | 'missing';

/**
 * An authorization's line on the inspector's list, or null when it has none: a request not yet approved is
 * missing (due by its start date); an approved one is ok until 14 days before its end date, due soon from then
 * (a renewal to ask for), and overdue for 30 days after it ended; a returned one, or one ended longer ago, has none.
 */
export function authorizationCompliance(
  auth: { status: StoredMedicationStatus; startDate: string; endDate: string },
  today: string,
): { status: ComplianceStatus; dueDate: string } | null {
  if (auth.status === 'returned') return null;
  if (auth.endDate < today) {
    return addDays(auth.endDate, ENDED_SHOWN_DAYS) >= today && auth.status === 'active'
      ? { status: 'overdue', dueDate: auth.endDate }
      : null;
  }
  if (auth.status === 'pending') return { status: 'missing', dueDate: auth.startDate };
  return { status: addDays(today, ENDING_SOON_DAYS) >= auth.endDate ? 'due-soon' : 'ok', dueDate: auth.endDate };
}
