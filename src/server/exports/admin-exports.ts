/**
 * The director's CSV exports (ADR 049): applications, enrolled children and payments, each read by
 * keyset in chunks of EXPORT_CHUNK_ROWS (`inChunks`) and streamed out by `csvResponse`, so ten years of records
 * never sit in memory at once and each chunk is one index range.
 */
import { and, asc, eq, gt, gte, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { classrooms, enrolledChildren, enrollmentApplications, paymentReceipts } from '~/db/schema';
import { t } from '~/shared/i18n';
import type { StaffExportKey } from '~/shared/i18n/staff-exports-en';
import type { Db } from '../db';
import { applicationColumns } from '../enrollment/applications';

/** Rows per read: small enough that a chunk is a few hundred kilobytes, large enough that the reads are few. */
export const EXPORT_CHUNK_ROWS = 500;

/** Rows strictly after `values` in the ascending order of `columns` (the first bound lets SQLite start the range there). */
function after(columns: SQLiteColumn[], values: unknown[]): SQL {
  const strictly = (i: number): SQL => {
    const beyond = gt(columns[i]!, values[i]);
    return i === columns.length - 1 ? beyond : or(beyond, and(eq(columns[i]!, values[i]), strictly(i + 1)))!;
  };
  return and(gte(columns[0]!, values[0]), strictly(0))!;
}

type ApplicationRow = { [K in keyof typeof applicationColumns]: (typeof enrollmentApplications.$inferSelect)[K] };

/** A header row in the staff's words (the staff area of the catalogue, ADR 086). */
const csvHeader = (keys: readonly StaffExportKey[]): readonly string[] => keys.map((key) => t('en', key));
/** A flag's cell: the catalogue's yes or no. */
const yesNo = (flag: unknown): string => t('en', flag ? 'staff.csv.yes' : 'staff.csv.no');

export interface CsvExport<T> {
  filename: string;
  header: readonly string[];
  /** One chunk after the last row of the previous one (undefined first), at most EXPORT_CHUNK_ROWS rows. */
  readAfter: (last: T | undefined) => T[];
  toRow: (row: T) => readonly unknown[];
}

/** Every application, oldest first (enrollment_applications_created_idx). */
export function applicationsExport(db: Db, today: string, size = EXPORT_CHUNK_ROWS): CsvExport<ApplicationRow> {
  const keys = [enrollmentApplications.createdAt, enrollmentApplications.id];
  return {
    filename: `applications-${today}.csv`,
    header: csvHeader([
      'staff.csv.applications.applicationId',
      'staff.csv.applications.submitted',
      'staff.csv.applications.status',
      'staff.csv.applications.parentFirstName',
      'staff.csv.applications.parentLastName',
      'staff.csv.applications.parentEmail',
      'staff.csv.applications.parentPhone',
      'staff.csv.applications.address',
      'staff.csv.applications.city',
      'staff.csv.applications.state',
      'staff.csv.applications.zip',
      'staff.csv.applications.childFirstName',
      'staff.csv.applications.childLastName',
      'staff.csv.applications.childDateOfBirth',
      'staff.csv.applications.childAge',
      'staff.csv.applications.program',
      'staff.csv.applications.startDate',
      'staff.csv.applications.emergencyContact',
      'staff.csv.applications.emergencyPhone',
      'staff.csv.applications.emergencyRelationship',
      'staff.csv.applications.pediatrician',
      'staff.csv.applications.pediatricianPhone',
      'staff.csv.applications.allergies',
      'staff.csv.applications.medications',
      'staff.csv.applications.medicalConditions',
      'staff.csv.applications.specialInstructions',
      'staff.csv.applications.howTheyHeardOfUs',
    ]),
    readAfter: (last) =>
      db
        .select(applicationColumns)
        .from(enrollmentApplications)
        .where(last ? after(keys, [last.createdAt, last.id]) : undefined)
        .orderBy(...keys.map((k) => asc(k)))
        .limit(size)
        .all(),
    toRow: (r) => [
      r.id,
      r.createdAt.toISOString(),
      r.status,
      r.parentFirstName,
      r.parentLastName,
      r.parentEmail,
      r.parentPhone,
      r.parentAddress,
      r.parentCity,
      r.parentState,
      r.parentZip,
      r.childFirstName,
      r.childLastName,
      r.childDateOfBirth,
      r.childAge,
      r.programRequested,
      r.startDate,
      r.emergencyContactName,
      r.emergencyContactPhone,
      r.emergencyContactRelationship,
      r.pediatricianName,
      r.pediatricianPhone,
      r.allergies,
      r.medications,
      r.medicalConditions,
      r.specialInstructions,
      r.howDidYouHear,
    ],
  };
}

const childColumns = {
  id: enrolledChildren.id,
  childName: enrolledChildren.childName,
  dateOfBirth: enrolledChildren.dateOfBirth,
  program: enrolledChildren.program,
  startDate: enrolledChildren.startDate,
  isActive: enrolledChildren.isActive,
  classroom: classrooms.name,
  photoConsent: enrolledChildren.photoConsent,
  parentName: enrolledChildren.parentName,
  parentEmail: enrolledChildren.parentEmail,
  parentPhone: enrolledChildren.parentPhone,
  notes: enrolledChildren.notes,
  createdAt: enrolledChildren.createdAt,
};
type ChildRow = { id: string } & Record<Exclude<keyof typeof childColumns, 'id'>, unknown>;

/** Every enrolled child, active or not, by id (the primary key's index). */
export function childrenExport(db: Db, today: string, size = EXPORT_CHUNK_ROWS): CsvExport<ChildRow> {
  return {
    filename: `children-${today}.csv`,
    header: csvHeader([
      'staff.csv.children.childId',
      'staff.csv.children.childName',
      'staff.csv.children.dateOfBirth',
      'staff.csv.children.program',
      'staff.csv.children.startDate',
      'staff.csv.children.active',
      'staff.csv.children.classroom',
      'staff.csv.children.photoConsent',
      'staff.csv.children.parentName',
      'staff.csv.children.parentEmail',
      'staff.csv.children.parentPhone',
      'staff.csv.children.notes',
      'staff.csv.children.enrolledOn',
    ]),
    readAfter: (last) =>
      db
        .select(childColumns)
        .from(enrolledChildren)
        .leftJoin(classrooms, eq(classrooms.id, enrolledChildren.classroomId))
        .where(last ? gt(enrolledChildren.id, last.id) : undefined)
        .orderBy(asc(enrolledChildren.id))
        .limit(size)
        .all(),
    toRow: (r) => [
      r.id,
      r.childName,
      r.dateOfBirth,
      r.program,
      r.startDate,
      yesNo(r.isActive),
      r.classroom,
      yesNo(r.photoConsent),
      r.parentName,
      r.parentEmail,
      r.parentPhone,
      r.notes,
      (r.createdAt as Date).toISOString(),
    ],
  };
}

const paymentColumns = {
  id: paymentReceipts.id,
  receiptNumber: paymentReceipts.receiptNumber,
  paymentDate: paymentReceipts.paymentDate,
  createdAt: paymentReceipts.createdAt,
  childName: paymentReceipts.childName,
  parentName: paymentReceipts.parentName,
  parentEmail: paymentReceipts.parentEmail,
  paymentType: paymentReceipts.paymentType,
  amount: paymentReceipts.amount,
  paymentMethod: paymentReceipts.paymentMethod,
  checkNumber: paymentReceipts.checkNumber,
  transactionId: paymentReceipts.transactionId,
  periodCovered: paymentReceipts.periodCovered,
  description: paymentReceipts.description,
  notes: paymentReceipts.notes,
  emailSent: paymentReceipts.emailSent,
};
type PaymentRow = { [K in keyof typeof paymentColumns]: (typeof paymentReceipts.$inferSelect)[K] };

/** The payments dated `from` to `to` (both included), oldest first, along payment_receipts_date_idx. */
export function paymentsExport(db: Db, range: { from: string; to: string }, size = EXPORT_CHUNK_ROWS): CsvExport<PaymentRow> {
  const keys = [paymentReceipts.paymentDate, paymentReceipts.createdAt, paymentReceipts.receiptNumber];
  const inRange = and(gte(paymentReceipts.paymentDate, range.from), lte(paymentReceipts.paymentDate, range.to));
  return {
    filename: `payments-${range.from}-to-${range.to}.csv`,
    header: csvHeader([
      'staff.csv.payments.receiptNumber',
      'staff.csv.payments.paymentDate',
      'staff.csv.payments.child',
      'staff.csv.payments.parent',
      'staff.csv.payments.parentEmail',
      'staff.csv.payments.paymentType',
      'staff.csv.payments.amount',
      'staff.csv.payments.method',
      'staff.csv.payments.checkNumber',
      'staff.csv.payments.transactionId',
      'staff.csv.payments.periodCovered',
      'staff.csv.payments.description',
      'staff.csv.payments.notes',
      'staff.csv.payments.receiptEmailed',
    ]),
    readAfter: (last) =>
      db
        .select(paymentColumns)
        .from(paymentReceipts)
        .where(and(inRange, last ? after(keys, [last.paymentDate, last.createdAt, last.receiptNumber]) : undefined))
        .orderBy(...keys.map((k) => asc(k)))
        .limit(size)
        .all(),
    toRow: (r) => [
      r.receiptNumber,
      r.paymentDate,
      r.childName,
      r.parentName,
      r.parentEmail,
      r.paymentType,
      r.amount,
      r.paymentMethod,
      r.checkNumber,
      r.transactionId,
      r.periodCovered,
      r.description,
      r.notes,
      yesNo(r.emailSent),
    ],
  };
}
