/**
 * The inspector's view (ADR 094): one row per child (or staff member) and item, with its status and due date, read
 * from the row sources below. A source is a function of the database and the moment; adding one is one import and
 * one line in COMPLIANCE_SOURCES. The rules themselves are in src/shared/ (compliance-rules.ts, medication-rules.ts,
 * licensing-notice.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import { childHealth, enrolledChildren } from '~/db/schema';
import {
  annualReviewStatus,
  type ChildRecordItem,
  carePlanStatus,
  COMPLIANCE_ITEMS,
  type ComplianceItem,
  type ComplianceStatus,
  enrollmentRecordStatus,
  type ImmunizationStatus,
  immunizationsStatus,
  medicalStatementStatus,
  STAFF_CREDENTIALS,
  type StaffCredential,
  staffCredentialStatus,
  type Verdict,
} from '../../shared/compliance-rules';
import { centreDateOf } from '../../shared/centre-time';
import type { Db } from '../db';
import { careFlagsOf } from '../children/care-flags';
import { lastReviewDates } from '../health/annual-review';
import { incidentComplianceRows } from '../incidents/compliance';
import { medicationComplianceRows } from '../medication/compliance';
import { staffRecordsOf, type StaffRecordRow } from './staff-records';

export type ComplianceRow =
  | { childId: string; name: string; item: ComplianceItem; status: ComplianceStatus; dueDate: string | null }
  | {
      staffId: string;
      name: string;
      item: 'staff-credential';
      credential: StaffCredential;
      status: ComplianceStatus;
      dueDate: string | null;
    };

export type RowSource = (db: Db, now: Date) => ComplianceRow[];

/** What the child-record items read of each active child (or of one). */
export function childFacts(db: Db, childId?: string) {
  const reviews = lastReviewDates(db, childId);
  return db
    .select({
      childId: enrolledChildren.id,
      name: enrolledChildren.childName,
      startDate: enrolledChildren.startDate,
      parentPhone: enrolledChildren.parentPhone,
      notes: enrolledChildren.notes,
      medicalExamDate: childHealth.medicalExamDate,
      immunizations: childHealth.immunizations,
      carePlanRequired: childHealth.carePlanRequired,
      carePlanSummary: childHealth.carePlanSummary,
    })
    .from(enrolledChildren)
    .leftJoin(childHealth, eq(childHealth.childId, enrolledChildren.id))
    .where(and(eq(enrolledChildren.isActive, true), childId ? eq(enrolledChildren.id, childId) : undefined))
    .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
    .all()
    .map(({ notes, ...c }) => {
      const flags = careFlagsOf(notes);
      return {
        ...c,
        immunizations: c.immunizations as ImmunizationStatus | null,
        carePlanRequired: !!c.carePlanRequired || !!flags.allergies || !!flags.careNeeds,
        lastReviewDate: reviews.get(c.childId) ?? null,
        // The record JFS 01234 asks for: the family's telephone and an emergency contact besides the rest of the form.
        complete: !!c.parentPhone && /^\s*emergency contact\s*:/im.test(notes ?? ''),
      };
    });
}
type ChildFacts = ReturnType<typeof childFacts>[number];

/** The five items of a child's own record, in the order the tab lists them. */
export function childVerdicts(today: string, c: ChildFacts): [ChildRecordItem, Verdict][] {
  return [
    ['enrollment-record', enrollmentRecordStatus(today, c)],
    ['medical-statement', medicalStatementStatus(today, c)],
    ['immunizations', immunizationsStatus(today, c)],
    ['care-plan', carePlanStatus(today, c)],
    ['annual-review', annualReviewStatus(today, c)],
  ];
}

export const childRecordRows: RowSource = (db, now) => {
  const today = centreDateOf(now);
  return childFacts(db).flatMap((c) => childVerdicts(today, c).map(([item, v]) => ({ childId: c.childId, name: c.name, item, ...v })));
};

const credentialDate = (r: StaffRecordRow, credential: StaffCredential): string | null =>
  ({
    'background-check': r.backgroundCheckDate,
    'first-aid': r.firstAidExpires,
    cpr: r.cprExpires,
    'communicable-disease': r.communicableDiseaseExpires,
    'child-abuse': r.childAbuseExpires,
  })[credential];

export const staffCredentialRows: RowSource = (db, now) => {
  const today = centreDateOf(now);
  return staffRecordsOf(db).flatMap((r) =>
    STAFF_CREDENTIALS.map((credential) => ({
      staffId: r.staffId,
      name: r.name,
      item: 'staff-credential' as const,
      credential,
      ...staffCredentialStatus(today, credential, credentialDate(r, credential)),
    })),
  );
};

/**
 * Every source of the list. The medication and incident items come from their domains' row sources
 * (medication/compliance.ts, incidents/compliance.ts), each one line here.
 */
export const COMPLIANCE_SOURCES: readonly RowSource[] = [
  childRecordRows,
  medicationComplianceRows,
  incidentComplianceRows,
  staffCredentialRows,
];

const ITEM_ORDER = new Map(COMPLIANCE_ITEMS.map((item, i) => [item, i]));

/** Every row of every source, by item (in COMPLIANCE_ITEMS' order), then name; optionally one item or one status. */
export function complianceRows(db: Db, now: Date, filter: { item?: ComplianceItem; status?: ComplianceStatus } = {}): ComplianceRow[] {
  return COMPLIANCE_SOURCES.flatMap((source) => source(db, now))
    .filter((r) => (!filter.item || r.item === filter.item) && (!filter.status || r.status === filter.status))
    .sort((a, b) => ITEM_ORDER.get(a.item)! - ITEM_ORDER.get(b.item)! || a.name.localeCompare(b.name, 'en'));
}

/** How many rows of each status (the tab's counts). */
export function complianceCounts(rows: readonly ComplianceRow[]): Record<ComplianceStatus, number> {
  const counts = { ok: 0, 'due-soon': 0, overdue: 0, missing: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}
