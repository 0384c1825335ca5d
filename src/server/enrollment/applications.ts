/**
 * Enrollment applications as staff handle them: the queries and writes behind routers/applications.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { and, count, eq } from 'drizzle-orm';
import { enrolledChildren, enrollmentApplications } from '~/db/schema';
import { type ApplicationStatus, PROGRAMS, type Program } from '../../shared/constants';
import { choiceLabel, RELATIONSHIP_CHOICES } from '../../shared/enrollment-choices';
import { formatPhone } from '../../shared/phone';
import { type applicationsPageInput, type applicationStatusUpdateSchema } from '../../shared/schemas/children';
import { type idSchema } from '../../shared/schemas/content';
import { isUniqueViolation } from '../db-errors';
import { cachedRead, firstPageRead } from '../cache/store';
import { keysetPage, type SortKey } from '../pagination';
import { applicationStatusEmail } from './application-mail';
import { sendToParent } from '../parents/mail';
import { audited, recordAudit } from '../audit/record';
import { childColumns } from '../children/records';
import { ALLERGY_LABELS, CARE_NEED_LABELS } from '../children/care-flags';
import { refuse } from '../refusal';
import { staffNotice } from '../notice';

/** Every field of an application (docs/product.md §3), as the details dialog shows them and the CSV export reads them. */
export const applicationColumns = {
  id: enrollmentApplications.id,
  parentFirstName: enrollmentApplications.parentFirstName,
  parentLastName: enrollmentApplications.parentLastName,
  parentEmail: enrollmentApplications.parentEmail,
  parentPhone: enrollmentApplications.parentPhone,
  parentAddress: enrollmentApplications.parentAddress,
  parentCity: enrollmentApplications.parentCity,
  parentState: enrollmentApplications.parentState,
  parentZip: enrollmentApplications.parentZip,
  childFirstName: enrollmentApplications.childFirstName,
  childLastName: enrollmentApplications.childLastName,
  childDateOfBirth: enrollmentApplications.childDateOfBirth,
  childAge: enrollmentApplications.childAge,
  programRequested: enrollmentApplications.programRequested,
  startDate: enrollmentApplications.startDate,
  emergencyContactName: enrollmentApplications.emergencyContactName,
  emergencyContactPhone: enrollmentApplications.emergencyContactPhone,
  emergencyContactRelationship: enrollmentApplications.emergencyContactRelationship,
  pediatricianName: enrollmentApplications.pediatricianName,
  pediatricianPhone: enrollmentApplications.pediatricianPhone,
  allergies: enrollmentApplications.allergies,
  medications: enrollmentApplications.medications,
  medicalConditions: enrollmentApplications.medicalConditions,
  specialInstructions: enrollmentApplications.specialInstructions,
  howDidYouHear: enrollmentApplications.howDidYouHear,
  language: enrollmentApplications.language,
  status: enrollmentApplications.status,
  createdAt: enrollmentApplications.createdAt,
};

/** applicationColumns is every column, so a selected row has the table's full shape. */
type ApplicationRow = typeof enrollmentApplications.$inferSelect;

/** Newest first, the id breaking ties (keyset pages, pagination.ts). */
const applicationOrder: SortKey<Pick<ApplicationRow, 'createdAt' | 'id'>>[] = [
  { column: enrollmentApplications.createdAt, kind: 'time', of: (a) => a.createdAt },
  { column: enrollmentApplications.id, kind: 'text', of: (a) => a.id },
];

export const ALREADY_ENROLLED = 'error.alreadyEnrolled';
export const NOT_APPROVED = 'error.notApproved';
const NOT_FOUND = 'error.applicationNotFound';

/** A multi-line answer on one line: a second line would lose its label, and with it its flag. */
const oneLine = (text: string) =>
  text
    .split(/\s*\r?\n\s*/)
    .filter(Boolean)
    .join('; ');

/** The medical and emergency details staff need day to day, carried into the enrolled child's notes (choices by their labels). */
export function notesFromApplication(a: ApplicationRow): string | null {
  const lines = [
    // Labelled as children/care-flags.ts reads them: these lines show on the child's card where teachers work.
    a.allergies && `${ALLERGY_LABELS[0]}: ${oneLine(a.allergies)}`,
    a.medications && `${CARE_NEED_LABELS[0]}: ${oneLine(a.medications)}`,
    a.medicalConditions && `${CARE_NEED_LABELS[2]}: ${oneLine(a.medicalConditions)}`,
    a.specialInstructions && `${CARE_NEED_LABELS[3]}: ${oneLine(a.specialInstructions)}`,
    a.pediatricianName && `Pediatrician: ${a.pediatricianName}${a.pediatricianPhone ? `, ${formatPhone(a.pediatricianPhone)}` : ''}`,
    `Emergency contact: ${a.emergencyContactName} (${choiceLabel(RELATIONSHIP_CHOICES, a.emergencyContactRelationship)}), ${formatPhone(a.emergencyContactPhone)}`,
  ].filter((l): l is string => !!l);
  return lines.join('\n').slice(0, 10000) || null;
}

export function applicationsPage(ctx: StaffContext, input: z.output<typeof applicationsPageInput>) {
  const ofStatus = input.status ? eq(enrollmentApplications.status, input.status) : undefined;
  // The first page and the counts from memory until the next write (cache/store.ts): the counts read every
  // application, and every director opening the tab reads the same first page.
  const page = firstPageRead(ctx.db, `applications:${input.status ?? ''}:${input.limit}`, input.cursor, () =>
    keysetPage(applicationOrder, input, (after, orderBy, n) =>
      ctx.db
        .select({ ...applicationColumns, enrolledChildId: enrolledChildren.id })
        .from(enrollmentApplications)
        .leftJoin(enrolledChildren, eq(enrolledChildren.applicationId, enrollmentApplications.id))
        .where(and(ofStatus, after))
        .orderBy(...orderBy)
        .limit(n)
        .all(),
    ),
  );
  const byStatus = cachedRead(ctx.db, 'applications-by-status', () =>
    ctx.db
      .select({ status: enrollmentApplications.status, n: count() })
      .from(enrollmentApplications)
      .groupBy(enrollmentApplications.status)
      .all(),
  );
  const total = byStatus.reduce((sum, row) => sum + row.n, 0);
  const matching = input.status ? (byStatus.find((row) => row.status === input.status)?.n ?? 0) : total;
  return { ...page, total, matching };
}

export async function updateApplicationStatus(ctx: StaffContext, input: z.output<typeof applicationStatusUpdateSchema>) {
  const written = audited(
    ctx,
    (db) => {
      const before = db
        .select({ status: enrollmentApplications.status })
        .from(enrollmentApplications)
        .where(eq(enrollmentApplications.id, input.id))
        .get();
      const row = db
        .update(enrollmentApplications)
        .set({ status: input.status })
        .where(eq(enrollmentApplications.id, input.id))
        .returning(applicationColumns)
        .get();
      return row && before && { row, before };
    },
    ({ before }) => ({
      action: 'status',
      entity: 'application',
      entityId: input.id,
      fields: { status: input.status, sendEmail: input.sendEmail },
      before,
    }),
  );
  if (!written) throw refuse('NOT_FOUND', NOT_FOUND);
  const application = written.row;
  if (!input.sendEmail)
    return { success: true as const, application, emailRequested: false, emailSent: false, emailVia: null, emailError: null };

  const outcome = await sendToParent(
    ctx,
    application.parentEmail,
    applicationStatusEmail(application, input.status as ApplicationStatus, ctx.config),
    ctx.admin.email,
  );
  return {
    success: true as const,
    application,
    emailRequested: true,
    emailSent: outcome.emailSent,
    emailVia: outcome.via,
    emailError: outcome.emailError,
  };
}

export function deleteApplication(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const gone = audited(
    ctx,
    (db) =>
      db.delete(enrollmentApplications).where(eq(enrollmentApplications.id, input)).returning({ id: enrollmentApplications.id }).get(),
    () => ({ action: 'delete', entity: 'application', entityId: input }),
  );
  if (!gone) throw refuse('NOT_FOUND', NOT_FOUND);
  return { success: true as const, id: gone.id };
}

export function enrollApplication(ctx: StaffContext, input: z.output<typeof idSchema>) {
  try {
    return ctx.db.transaction((tx) => {
      const a = tx.select(applicationColumns).from(enrollmentApplications).where(eq(enrollmentApplications.id, input)).get();
      if (!a) throw refuse('NOT_FOUND', NOT_FOUND);
      if (a.status !== 'approved') throw refuse('CONFLICT', NOT_APPROVED);
      const now = ctx.clock.now();
      const program: Program = (PROGRAMS as readonly string[]).includes(a.programRequested) ? (a.programRequested as Program) : 'preschool';
      const child = tx
        .insert(enrolledChildren)
        .values({
          childName: `${a.childFirstName} ${a.childLastName}`.trim(),
          parentName: `${a.parentFirstName} ${a.parentLastName}`.trim(),
          parentEmail: a.parentEmail.toLowerCase(),
          parentPhone: a.parentPhone,
          dateOfBirth: a.childDateOfBirth,
          program,
          startDate: a.startDate,
          isActive: true,
          notes: notesFromApplication(a),
          applicationId: a.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning(childColumns)
        .get();
      recordAudit(tx, ctx, {
        action: 'create',
        entity: 'child',
        entityId: child.id,
        fields: { applicationId: a.id, childName: child.childName, program },
      });
      return { success: true as const, ...staffNotice('staff.notice.enrolled', { child: child.childName }), child };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'enrolled_children.application_id')) throw refuse('CONFLICT', ALREADY_ENROLLED);
    throw err;
  }
}
