/**
 * Incident and injury reports (ADR 093): the queries and writes behind routers/incidents.ts. A report is written by
 * staff and never changed or deleted afterwards: a correction is an amendment kept beside it; what happens next
 * is recorded on it once each (the parent's acknowledgement, the paper copy handed over, the licensing notice).
 * Each write runs in one transaction with its audit row, which keeps ids, kinds and times, never the text.
 */
import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { enrolledChildren, incidentAmendments, incidentReports } from '~/db/schema';
import { centreDateOf, centreRange, addDays } from '~/shared/centre-time';
import { INCIDENT_KINDS, licensingDeadline, needsLicensingNotice, type IncidentKind } from '~/shared/licensing-notice';
import type { idSchema } from '~/shared/schemas/content';
import type {
  acknowledgeSchema,
  amendmentSchema,
  handoverSchema,
  incidentListSchema,
  incidentSchema,
  incidentSummarySchema,
  licensingNoticeSchema,
} from '~/shared/schemas/incidents';
import type { pageSchema } from '~/shared/schemas/development';
import { audited, recordAudit } from '../audit/record';
import type { ParentContext, StaffContext } from '../context';
import type { Db } from '../db';
import { staffNotice } from '../notice';
import { keysetPage, type SortKey } from '../pagination';
import { parentChildOr404 } from '../parents/access';
import { sendToParent } from '../parents/mail';
import { preferencesOfAddress } from '../parents/preferences';
import { linkedParentRecipients } from '../development/recipients';
import { fieldError, refuse } from '../refusal';
import { incidentEmail } from './mail';

export const INCIDENT_NOT_FOUND = 'error.incidentNotFound';
/** How far back a report may be dated: a paper report of the last year entered late, never a mistyped year. */
const OLDEST_DAYS = 366;
/** A clock a few minutes fast on a tablet is not a report from the future. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** What every reader sees of a report (staff and the child's parents alike). */
const reportColumns = {
  id: incidentReports.id,
  childId: incidentReports.childId,
  childName: incidentReports.childName,
  occurredAt: incidentReports.occurredAt,
  location: incidentReports.location,
  kind: incidentReports.kind,
  description: incidentReports.description,
  firstAid: incidentReports.firstAid,
  whoWasTold: incidentReports.whoWasTold,
  toldAt: incidentReports.toldAt,
  witnesses: incidentReports.witnesses,
  serious: incidentReports.serious,
  authorName: incidentReports.authorName,
  acknowledgedAt: incidentReports.acknowledgedAt,
  acknowledgedSignature: incidentReports.acknowledgedSignature,
  handedOverAt: incidentReports.handedOverAt,
  handedOverTo: incidentReports.handedOverTo,
  createdAt: incidentReports.createdAt,
};

/** Staff see, besides, who handed the paper copy over and the licensing notice. */
const staffColumns = {
  ...reportColumns,
  handedOverByName: incidentReports.handedOverByName,
  licensingNotifiedAt: incidentReports.licensingNotifiedAt,
  licensingMethod: incidentReports.licensingMethod,
  licensingReference: incidentReports.licensingReference,
  licensingRecordedByName: incidentReports.licensingRecordedByName,
};

type ReportRow = { [K in keyof typeof reportColumns]: (typeof incidentReports.$inferSelect)[K] };
type StaffRow = { [K in keyof typeof staffColumns]: (typeof incidentReports.$inferSelect)[K] };

const amendmentColumns = {
  id: incidentAmendments.id,
  incidentId: incidentAmendments.incidentId,
  text: incidentAmendments.text,
  authorName: incidentAmendments.authorName,
  createdAt: incidentAmendments.createdAt,
};
export type Amendment = Omit<typeof incidentAmendments.$inferSelect, 'authorId'>;

/** Newest first: by when it happened, then the id. */
const order: SortKey<ReportRow>[] = [
  { column: incidentReports.occurredAt, kind: 'time', of: (r) => r.occurredAt },
  { column: incidentReports.id, kind: 'text', of: (r) => r.id },
];

/** The amendments of these reports, oldest first (in the order written, within one millisecond too), by report. */
function amendmentsOf(db: Db, ids: string[]): Map<string, Amendment[]> {
  const out = new Map<string, Amendment[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = db
    .select(amendmentColumns)
    .from(incidentAmendments)
    .where(inArray(incidentAmendments.incidentId, ids))
    .orderBy(asc(incidentAmendments.createdAt), sql`rowid`)
    .all();
  for (const row of rows) out.get(row.incidentId)?.push(row);
  return out;
}

/** The licensing notice's deadline, for a report that needs one and has none recorded yet. */
function licensingDue(r: { kind: string; serious: boolean; occurredAt: Date }): Date | null {
  return needsLicensingNotice(r) ? licensingDeadline(r.occurredAt) : null;
}

function withStaffExtras(db: Db, rows: StaffRow[]) {
  const amendments = amendmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    licensingNoticeNeeded: needsLicensingNotice(r),
    licensingDeadline: licensingDue(r),
    amendments: amendments.get(r.id) ?? [],
  }));
}

function findReport(db: Db, id: string): StaffRow {
  const row = db.select(staffColumns).from(incidentReports).where(eq(incidentReports.id, id)).get();
  if (!row) throw refuse('NOT_FOUND', INCIDENT_NOT_FOUND);
  return row;
}

function assertNotFuture(ctx: StaffContext, field: string, at: Date, id: Parameters<typeof fieldError>[1]) {
  if (at.getTime() > ctx.clock.now().getTime() + CLOCK_SLACK_MS) throw fieldError(field, id);
}

/** POST /api/admin/incidents: the report is committed first; then each parent is told by e-mail in their language. */
export async function createIncident(ctx: StaffContext, input: z.output<typeof incidentSchema>) {
  const now = ctx.clock.now();
  assertNotFuture(ctx, 'occurredAt', input.occurredAt, 'error.incidentInFuture');
  if (input.occurredAt.getTime() < now.getTime() - OLDEST_DAYS * 86_400_000) throw fieldError('occurredAt', 'error.incidentTooOld');
  if (input.toldAt) {
    assertNotFuture(ctx, 'toldAt', input.toldAt, 'error.incidentInFuture');
    if (input.toldAt.getTime() < input.occurredAt.getTime()) throw fieldError('toldAt', 'error.toldBeforeIncident');
  }
  const child = ctx.db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, input.childId))
    .get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');

  const row = audited(
    ctx,
    (db) =>
      db
        .insert(incidentReports)
        .values({
          ...input,
          childName: child.childName,
          firstAid: input.firstAid ?? '',
          toldAt: input.toldAt ?? null,
          authorId: ctx.admin.id,
          authorName: ctx.admin.name,
          createdAt: now,
        })
        .returning(staffColumns)
        .get(),
    (r) => ({
      action: 'create',
      entity: 'incident',
      entityId: r.id,
      // Ids, the kind and the times; the description, first aid and names read 'changed' (audit/fields.ts).
      fields: { childId: r.childId, kind: r.kind, serious: r.serious, occurredAt: r.occurredAt.toISOString() },
    }),
  );

  let told = 0;
  let error: string | null = null;
  for (const r of linkedParentRecipients(ctx.db, child.id)) {
    const language = preferencesOfAddress(ctx.db, r.email).language;
    const content = incidentEmail(
      { parentName: r.name, childName: child.childName, kind: row.kind, occurredAt: row.occurredAt },
      ctx.config,
      language,
    );
    const outcome = await sendToParent(ctx, r.email, content, ctx.admin.email);
    if (outcome.emailSent) told++;
    else error ??= outcome.emailError;
  }
  const [report] = withStaffExtras(ctx.db, [row]);
  return {
    ...report!,
    emailSent: told > 0,
    emailError: told > 0 ? null : error,
    ...(told > 0
      ? staffNotice('staff.notice.incidentTold', { child: child.childName })
      : staffNotice('staff.notice.incidentNotTold', { child: child.childName })),
  };
}

/** GET /api/admin/incidents?from=&to=&childId=: a page, newest first; no range is the last 30 days. */
export function listIncidents(ctx: StaffContext, input: z.output<typeof incidentListSchema>) {
  const today = centreDateOf(ctx.clock.now());
  const to = input.to ?? (input.from && input.from > today ? input.from : today);
  const from = input.from ?? addDays(to, -30);
  const range = centreRange(from, to);
  const page = keysetPage(order, input, (after, orderBy, n) =>
    ctx.db
      .select(staffColumns)
      .from(incidentReports)
      .where(
        and(
          gte(incidentReports.occurredAt, range.from),
          lt(incidentReports.occurredAt, range.to),
          input.childId ? eq(incidentReports.childId, input.childId) : undefined,
          after,
        ),
      )
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
  return { items: withStaffExtras(ctx.db, page.items), nextCursor: page.nextCursor };
}

/** GET /api/admin/incidents/{id}: the report and its amendments. */
export function getIncident(ctx: StaffContext, id: z.output<typeof idSchema>) {
  return withStaffExtras(ctx.db, [findReport(ctx.db, id)])[0]!;
}

/** POST /api/admin/incidents/{id}/amendments: a correction, kept beside the original (which stays as written). */
export function amendIncident(ctx: StaffContext, input: z.output<typeof amendmentSchema>) {
  const amendment = audited(
    ctx,
    (db) => {
      if (!db.select({ id: incidentReports.id }).from(incidentReports).where(eq(incidentReports.id, input.id)).get()) return undefined;
      return db
        .insert(incidentAmendments)
        .values({ incidentId: input.id, text: input.text, authorId: ctx.admin.id, authorName: ctx.admin.name, createdAt: ctx.clock.now() })
        .returning(amendmentColumns)
        .get();
    },
    (a) => ({ action: 'update', entity: 'incident', entityId: input.id, fields: { amendmentId: a.id } }),
  );
  if (!amendment) throw refuse('NOT_FOUND', INCIDENT_NOT_FOUND);
  return amendment;
}

/** POST /api/admin/incidents/{id}/licensing-notice (director): when and how the licensing office was told; once. */
export function recordLicensingNotice(ctx: StaffContext, input: z.output<typeof licensingNoticeSchema>) {
  assertNotFuture(ctx, 'notifiedAt', input.notifiedAt, 'error.licensingInFuture');
  return ctx.db.transaction(() => {
    const report = findReport(ctx.db, input.id);
    if (!needsLicensingNotice(report)) throw refuse('CONFLICT', 'error.licensingNotNeeded');
    if (report.licensingNotifiedAt) throw refuse('CONFLICT', 'error.licensingRecorded');
    if (input.notifiedAt.getTime() < report.occurredAt.getTime()) throw fieldError('notifiedAt', 'error.licensingBeforeIncident');
    const done = ctx.db
      .update(incidentReports)
      .set({
        licensingNotifiedAt: input.notifiedAt,
        licensingMethod: input.method,
        licensingReference: input.reference,
        licensingRecordedByName: ctx.admin.name,
      })
      .where(eq(incidentReports.id, input.id))
      .returning(staffColumns)
      .get()!;
    recordAudit(ctx.db, ctx, {
      action: 'status',
      entity: 'incident',
      entityId: input.id,
      fields: { status: 'licensing-notified', licensingNotifiedAt: input.notifiedAt.toISOString(), method: input.method },
    });
    return withStaffExtras(ctx.db, [done])[0]!;
  });
}

/** POST /api/admin/incidents/{id}/handed-over: the report was given on paper at pickup, to this person. */
export function recordHandover(ctx: StaffContext, input: z.output<typeof handoverSchema>) {
  return ctx.db.transaction(() => {
    const report = findReport(ctx.db, input.id);
    if (report.acknowledgedAt) throw refuse('CONFLICT', 'error.incidentAcknowledged');
    if (report.handedOverAt) throw refuse('CONFLICT', 'error.incidentHandedOver', { name: report.handedOverTo ?? '' });
    const done = ctx.db
      .update(incidentReports)
      .set({ handedOverAt: ctx.clock.now(), handedOverTo: input.to, handedOverByName: ctx.admin.name })
      .where(eq(incidentReports.id, input.id))
      .returning(staffColumns)
      .get()!;
    recordAudit(ctx.db, ctx, {
      action: 'status',
      entity: 'incident',
      entityId: input.id,
      fields: { status: 'handed-over', handedOverTo: input.to },
    });
    return withStaffExtras(ctx.db, [done])[0]!;
  });
}

/** GET /api/admin/incidents/summary?from=&to=: how many reports of each kind happened in the range (centre dates). */
export function incidentSummary(ctx: StaffContext, input: z.output<typeof incidentSummarySchema>) {
  const range = centreRange(input.from, input.to);
  const rows = ctx.db
    .select({ kind: incidentReports.kind, n: count() })
    .from(incidentReports)
    .where(and(gte(incidentReports.occurredAt, range.from), lt(incidentReports.occurredAt, range.to)))
    .groupBy(incidentReports.kind)
    .all();
  const byKind = Object.fromEntries(INCIDENT_KINDS.map((k) => [k, 0])) as Record<IncidentKind, number>;
  for (const r of rows) if (r.kind in byKind) byKind[r.kind as IncidentKind] = r.n;
  return { from: input.from, to: input.to, total: rows.reduce((sum, r) => sum + r.n, 0), byKind };
}

/** The report for the staff's PDF: staff columns, amendments, and the language of the child's family. */
export function reportForStaffPdf(ctx: StaffContext, id: string) {
  const report = getIncident(ctx, id);
  const family = report.childId
    ? ctx.db.select({ email: enrolledChildren.parentEmail }).from(enrolledChildren).where(eq(enrolledChildren.id, report.childId)).get()
    : undefined;
  return { report, language: family ? preferencesOfAddress(ctx.db, family.email).language : ('en' as const) };
}

// ── the parent portal ──

/** A report of one of this parent's children, or 404 (another family's and one that does not exist alike). */
function parentReport(ctx: ParentContext, db: Db, id: string): ReportRow {
  const row = db.select(reportColumns).from(incidentReports).where(eq(incidentReports.id, id)).get();
  if (!row?.childId) throw refuse('NOT_FOUND', INCIDENT_NOT_FOUND);
  try {
    parentChildOr404(db, ctx.parent.id, row.childId);
  } catch {
    throw refuse('NOT_FOUND', INCIDENT_NOT_FOUND);
  }
  return row;
}

function withAmendments(db: Db, rows: ReportRow[]) {
  const amendments = amendmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, amendments: amendments.get(r.id) ?? [] }));
}

/** GET /api/parent/children/{id}/incidents: the child's reports, newest first, each with its amendments. */
export function parentIncidents(ctx: ParentContext, input: z.output<typeof pageSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const page = keysetPage(order, input, (after, orderBy, n) =>
    ctx.db
      .select(reportColumns)
      .from(incidentReports)
      .where(and(eq(incidentReports.childId, input.childId), after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
  return { items: withAmendments(ctx.db, page.items), nextCursor: page.nextCursor };
}

/** POST /api/parent/incidents/{id}/acknowledge: the parent's typed signature, once per report. */
export function acknowledgeIncident(ctx: ParentContext, input: z.output<typeof acknowledgeSchema>) {
  return ctx.db.transaction(() => {
    const report = parentReport(ctx, ctx.db, input.id);
    if (report.acknowledgedAt) throw refuse('CONFLICT', 'error.incidentAcknowledged');
    const at = ctx.clock.now();
    const done = ctx.db
      .update(incidentReports)
      .set({ acknowledgedAt: at, acknowledgedSignature: input.signature, acknowledgedById: ctx.parent.id })
      .where(eq(incidentReports.id, input.id))
      .returning(reportColumns)
      .get()!;
    recordAudit(ctx.db, ctx, {
      action: 'status',
      entity: 'incident',
      entityId: input.id,
      fields: { status: 'acknowledged', acknowledgedAt: at.toISOString(), signature: input.signature },
      actor: { id: ctx.parent.id, name: `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() },
    });
    return withAmendments(ctx.db, [done])[0]!;
  });
}

/** The report for the parent's PDF. */
export function reportForParentPdf(ctx: ParentContext, id: string) {
  return withAmendments(ctx.db, [parentReport(ctx, ctx.db, id)])[0]!;
}
