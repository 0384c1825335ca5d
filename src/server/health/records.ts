/**
 * A child's health record (ADR 094): the medical statement, the immunization record and the care plan, and their
 * signed files. The queries and writes behind routers/health.ts; each takes the procedure's context, whose `ctx.db`
 * is the guarded database (ADR 063). Audit rows keep what was done and the dates, never the medical text (the
 * examiner and the care plan's summary read `changed`, audit/fields.ts).
 */
import type { z } from 'zod';
import { desc, eq, inArray } from 'drizzle-orm';
import { childHealth, enrolledChildren, healthFiles } from '~/db/schema';
import type { ImmunizationStatus } from '../../shared/compliance-rules';
import { HEALTH_FILES, type HealthFile, type childHealthUpdateSchema, type healthFileSchema } from '../../shared/schemas/health';
import type { Context, ParentContext, StaffContext } from '../context';
import type { Db } from '../db';
import { centreToday } from '../clock';
import { careFlagsOf } from '../children/care-flags';
import { downloadUrl, ownerOf, uploadedFileFor } from '../documents/uploads';
import { parentChildOr404 } from '../parents/access';
import { audited, changedFields, recordAudit } from '../audit/record';
import { fieldError } from '../field-errors';
import { refuse } from '../refusal';

const CHILD_NOT_FOUND = 'error.childNotFound';

export interface HealthFileOnFile {
  kind: HealthFile;
  url: string;
  uploadedAt: Date;
  uploadedBy: 'staff' | 'parent';
}

/** The latest file of each kind for these children. */
export function latestHealthFiles(db: Db, childIds: string[]): Map<string, Partial<Record<HealthFile, HealthFileOnFile>>> {
  const byChild = new Map<string, Partial<Record<HealthFile, HealthFileOnFile>>>();
  if (childIds.length === 0) return byChild;
  const rows = db
    .select({
      childId: healthFiles.childId,
      kind: healthFiles.kind,
      url: healthFiles.fileUrl,
      uploadedAt: healthFiles.createdAt,
      uploadedBy: healthFiles.uploadedByKind,
    })
    .from(healthFiles)
    .where(inArray(healthFiles.childId, childIds))
    .orderBy(desc(healthFiles.createdAt), desc(healthFiles.id))
    .all();
  for (const row of rows) {
    const files = byChild.get(row.childId) ?? {};
    const kind = row.kind as HealthFile;
    if (!files[kind] && HEALTH_FILES.includes(kind)) files[kind] = { ...row, kind };
    byChild.set(row.childId, files);
  }
  return byChild;
}

/**
 * The record as staff read it. `carePlanRequired` is what the director ticked, or allergies or care needs on the
 * child's record (children/care-flags.ts): either asks for a care plan.
 */
export function healthOf(db: Db, childId: string) {
  const child = db
    .select({
      id: enrolledChildren.id,
      childName: enrolledChildren.childName,
      startDate: enrolledChildren.startDate,
      notes: enrolledChildren.notes,
    })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
  if (!child) throw refuse('NOT_FOUND', CHILD_NOT_FOUND);
  const row = db.select().from(childHealth).where(eq(childHealth.childId, childId)).get();
  const flags = careFlagsOf(child.notes);
  const files = latestHealthFiles(db, [childId]).get(childId) ?? {};
  return {
    childId: child.id,
    childName: child.childName,
    startDate: child.startDate,
    medicalExamDate: row?.medicalExamDate ?? null,
    examiner: row?.examiner ?? null,
    immunizations: (row?.immunizations ?? null) as ImmunizationStatus | null,
    carePlanRequired: !!row?.carePlanRequired || !!flags.allergies || !!flags.careNeeds,
    carePlanSummary: row?.carePlanSummary ?? null,
    allergies: flags.allergies,
    careNeeds: flags.careNeeds,
    files: {
      medicalStatement: files['medical-statement'] ?? null,
      immunizations: files.immunizations ?? null,
      carePlan: files['care-plan'] ?? null,
    },
    updatedAt: row?.updatedAt ?? null,
    updatedByName: row?.updatedByName ?? null,
  };
}
export type ChildHealth = ReturnType<typeof healthOf>;

/** `GET /api/admin/children/{id}/health`: staff (teachers read the summaries they act on). */
export function childHealthFor(ctx: StaffContext, childId: string) {
  return healthOf(ctx.db, childId);
}

/**
 * `PUT /api/admin/children/{id}/health` (director): the whole record as the body gives it. An exam after today is
 * refused (400, nothing written); the audit row keeps the dates, the immunization status and the yes/no.
 */
export function updateChildHealth(ctx: StaffContext, input: z.output<typeof childHealthUpdateSchema>) {
  const { id, ...fields } = input;
  if (fields.medicalExamDate && fields.medicalExamDate > centreToday(ctx.clock)) {
    throw fieldError('medicalExamDate', 'error.examInFuture');
  }
  return ctx.db.transaction(() => {
    const exists = ctx.db.select({ id: enrolledChildren.id }).from(enrolledChildren).where(eq(enrolledChildren.id, id)).get();
    if (!exists) throw refuse('NOT_FOUND', CHILD_NOT_FOUND);
    const before = ctx.db.select().from(childHealth).where(eq(childHealth.childId, id)).get();
    const values = { ...fields, updatedAt: ctx.clock.now(), updatedByName: ctx.admin.name };
    ctx.db
      .insert(childHealth)
      .values({ childId: id, ...values })
      .onConflictDoUpdate({ target: childHealth.childId, set: values })
      .run();
    recordAudit(ctx.db, ctx, {
      action: before ? 'update' : 'create',
      entity: 'health-record',
      entityId: id,
      fields: before ? changedFields(before, fields) : fields,
      ...(before ? { before } : {}),
    });
    return healthOf(ctx.db, id);
  });
}

type Uploader = { kind: 'staff' | 'parent'; id: string; name: string };

function addFile(ctx: Context & { auth: NonNullable<Context['auth']> }, input: z.output<typeof healthFileSchema>, by: Uploader) {
  const file = uploadedFileFor(ctx, input.documentUrl, ownerOf(ctx.auth));
  if (!file) throw refuse('BAD_REQUEST', 'error.uploadBeforeSubmit');
  const url = downloadUrl(file.id);
  return audited(
    ctx,
    (db) => {
      if (db.select({ id: healthFiles.id }).from(healthFiles).where(eq(healthFiles.fileUrl, url)).get()) {
        throw refuse('BAD_REQUEST', 'error.alreadySubmitted');
      }
      return db
        .insert(healthFiles)
        .values({
          childId: input.childId,
          kind: input.kind,
          fileUrl: url,
          uploadedByKind: by.kind,
          uploadedById: by.id,
          createdAt: ctx.clock.now(),
        })
        .returning({ id: healthFiles.id, kind: healthFiles.kind, url: healthFiles.fileUrl, uploadedAt: healthFiles.createdAt })
        .get();
    },
    () => ({
      action: 'create',
      entity: 'health-record',
      entityId: input.childId,
      fields: { kind: input.kind, fileId: file.id },
      ...(by.kind === 'parent' ? { actor: { id: by.id, name: by.name } } : {}),
    }),
  );
}

/** A director files a signed form from paper (its scan, uploaded first). */
export function addStaffHealthFile(ctx: StaffContext, input: z.output<typeof healthFileSchema>) {
  const child = ctx.db.select({ id: enrolledChildren.id }).from(enrolledChildren).where(eq(enrolledChildren.id, input.childId)).get();
  if (!child) throw refuse('NOT_FOUND', CHILD_NOT_FOUND);
  return addFile(ctx, input, { kind: 'staff', id: ctx.admin.id, name: ctx.admin.name });
}

/** A parent hands in the medical statement, the immunization record or the care plan for their own child (else 404). */
export function addParentHealthFile(ctx: ParentContext, input: z.output<typeof healthFileSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const name = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() || ctx.parent.email;
  return addFile(ctx, input, { kind: 'parent', id: ctx.parent.id, name });
}

/** The care plans' summaries of these children, for the cards where teachers work. */
export function carePlansOf(db: Db, childIds: string[]): Map<string, string> {
  if (childIds.length === 0) return new Map();
  const rows = db
    .select({ childId: childHealth.childId, summary: childHealth.carePlanSummary })
    .from(childHealth)
    .where(inArray(childHealth.childId, childIds))
    .all();
  return new Map(rows.filter((r) => r.summary).map((r) => [r.childId, r.summary!]));
}
