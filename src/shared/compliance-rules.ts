/**
 * The inspector's rules, written once (ADR 094): when each record a licence asks for is due, and whether it is
 * ok, due soon, overdue or missing on a given day. Pure functions of calendar dates (`YYYY-MM-DD`, the centre's
 * calendar): the compliance list, the Compliance tab, the portal's overdue items and the weekly e-mail all read
 * their status from here, and tests/unit/compliance-rules.test.ts checks every boundary.
 */

export const COMPLIANCE_ITEMS = [
  'enrollment-record',
  'medical-statement',
  'immunizations',
  'care-plan',
  'annual-review',
  'medication-authorization',
  'incident-acknowledgement',
  'licensing-notice',
  'staff-credential',
] as const;
export type ComplianceItem = (typeof COMPLIANCE_ITEMS)[number];
/** The items of a child's own record (the portal shows these to the family). */
export type ChildRecordItem = 'enrollment-record' | 'medical-statement' | 'immunizations' | 'care-plan' | 'annual-review';

export const COMPLIANCE_STATUSES = ['ok', 'due-soon', 'overdue', 'missing'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const IMMUNIZATION_STATUSES = ['complete', 'in-progress', 'exempt-medical', 'exempt-conscience'] as const;
export type ImmunizationStatus = (typeof IMMUNIZATION_STATUSES)[number];

/** The credentials a staff record keeps with their expiry, and the background check (its date, renewed every five years). */
export const STAFF_CREDENTIALS = ['background-check', 'first-aid', 'cpr', 'communicable-disease', 'child-abuse'] as const;
export type StaffCredential = (typeof STAFF_CREDENTIALS)[number];

/** A medical statement is on file within this many days of the child's first day. */
export const MEDICAL_STATEMENT_FIRST_DAYS = 30;
/** …and then again within this many months of the exam. */
export const MEDICAL_STATEMENT_MONTHS = 13;
/** The parent reviews the child's record at least this often. */
export const ANNUAL_REVIEW_MONTHS = 12;
/** A background check is renewed this often. */
export const BACKGROUND_CHECK_YEARS = 5;
/** An item due within this many days (the due day counted) reads `due-soon` (ADR 094). */
export const DUE_SOON_DAYS = 30;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(isoDate: string): [number, number, number] {
  const m = DATE.exec(isoDate);
  if (!m) throw new RangeError(`not a calendar date: ${isoDate}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The date `days` calendar days later (earlier when negative). */
export function plusDays(isoDate: string, days: number): string {
  const [y, m, d] = parts(isoDate);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return iso(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** The same day `months` months later; a day the later month lacks (31 January + 1) is that month's last day. */
export function plusMonths(isoDate: string, months: number): string {
  const [y, m, d] = parts(isoDate);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [a, b, c] = parts(from);
  const [x, y, z] = parts(to);
  return Math.round((Date.UTC(x, y - 1, z) - Date.UTC(a, b - 1, c)) / 86_400_000);
}

/**
 * A record on file that is due again on `dueDate`: ok, `due-soon` within DUE_SOON_DAYS of the due day (the due
 * day itself included), overdue from the day after.
 */
export function renewalStatus(today: string, dueDate: string): ComplianceStatus {
  const left = daysBetween(today, dueDate);
  if (left < 0) return 'overdue';
  if (left < DUE_SOON_DAYS) return 'due-soon';
  return 'ok';
}

/** A record not on file that must be by `dueDate`: missing until that day ends, overdue after. */
export function absentStatus(today: string, dueDate: string): ComplianceStatus {
  return daysBetween(today, dueDate) < 0 ? 'overdue' : 'missing';
}

export interface Verdict {
  status: ComplianceStatus;
  dueDate: string | null;
}

/**
 * The child's record (form JFS 01234) is on file by the first day: a record counts when the family's
 * telephone and the child's date of birth are there (the rest of the form is required to enrol at all).
 */
export function enrollmentRecordStatus(today: string, child: { startDate: string; complete: boolean }): Verdict {
  if (child.complete) return { status: 'ok', dueDate: child.startDate };
  return { status: absentStatus(today, child.startDate), dueDate: child.startDate };
}

/** The medical statement: within 30 days of the first day, then every 13 months from the exam. */
export function medicalStatementStatus(today: string, child: { startDate: string; medicalExamDate: string | null }): Verdict {
  if (child.medicalExamDate) {
    const dueDate = plusMonths(child.medicalExamDate, MEDICAL_STATEMENT_MONTHS);
    return { status: renewalStatus(today, dueDate), dueDate };
  }
  const dueDate = plusDays(child.startDate, MEDICAL_STATEMENT_FIRST_DAYS);
  return { status: absentStatus(today, dueDate), dueDate };
}

/**
 * The immunization record goes with the medical statement: complete or an exemption is ok; a schedule still in
 * progress is due with the next statement; none recorded is missing until the statement's first deadline.
 */
export function immunizationsStatus(
  today: string,
  child: { startDate: string; medicalExamDate: string | null; immunizations: ImmunizationStatus | null },
): Verdict {
  const statement = medicalStatementStatus(today, child);
  if (!child.immunizations) {
    const dueDate = plusDays(child.startDate, MEDICAL_STATEMENT_FIRST_DAYS);
    return { status: absentStatus(today, dueDate), dueDate };
  }
  if (child.immunizations === 'in-progress') {
    return { status: statement.status === 'overdue' ? 'overdue' : 'due-soon', dueDate: statement.dueDate };
  }
  return { status: 'ok', dueDate: null };
}

/**
 * The care plan (form JFS 01236): needed when allergies or a condition needing staff to act are recorded, and
 * then on file, with what staff must do, by the first day. A child who needs none is ok.
 */
export function carePlanStatus(
  today: string,
  child: { startDate: string; carePlanRequired: boolean; carePlanSummary: string | null },
): Verdict {
  if (!child.carePlanRequired) return { status: 'ok', dueDate: null };
  if (child.carePlanSummary?.trim()) return { status: 'ok', dueDate: null };
  return { status: absentStatus(today, child.startDate), dueDate: child.startDate };
}

/** The parent's yearly review of the record: 12 months after the last one, or after the first day for the first. */
export function annualReviewStatus(today: string, child: { startDate: string; lastReviewDate: string | null }): Verdict {
  const dueDate = plusMonths(child.lastReviewDate ?? child.startDate, ANNUAL_REVIEW_MONTHS);
  return { status: renewalStatus(today, dueDate), dueDate };
}

/**
 * One staff credential: a certificate is due on its expiry date, a background check five years after its date;
 * nothing recorded is missing.
 */
export function staffCredentialStatus(today: string, credential: StaffCredential, date: string | null): Verdict {
  if (!date) return { status: 'missing', dueDate: null };
  const dueDate = credential === 'background-check' ? plusMonths(date, BACKGROUND_CHECK_YEARS * 12) : date;
  return { status: renewalStatus(today, dueDate), dueDate };
}

/** Whether a row needs someone to act (the portal's and the e-mails' "what is due"). */
export const needsAction = (status: ComplianceStatus) => status !== 'ok';
