/**
 * The director's Compliance tab and the inspector's copies (ADR 094): the list with its counts, the CSV, a child's
 * emergency sheet, and what a parent sees due of their own child. Behind routers/compliance.ts and rest/compliance.ts.
 */
import type { z } from 'zod';
import { needsAction } from '../../shared/compliance-rules';
import type { complianceFilterSchema } from '../../shared/schemas/health';
import type { ParentContext, StaffContext } from '../context';
import { centreToday } from '../clock';
import { recordAudit } from '../audit/record';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { refuse } from '../refusal';
import { recordToCheck } from '../health/annual-review';
import { healthOf } from '../health/records';
import { emergencySheetPdf } from './emergency-sheet-pdf';
import { childFacts, childVerdicts, complianceCounts, complianceRows, type ComplianceRow } from './rows';

/** `GET /api/admin/compliance`: the rows (filtered by item or status when asked), and the counts of all of them. */
export function complianceList(ctx: StaffContext, filter: z.output<typeof complianceFilterSchema>) {
  const all = complianceRows(ctx.db, ctx.clock.now());
  const rows = all.filter((r) => (!filter.item || r.item === filter.item) && (!filter.status || r.status === filter.status));
  return { today: centreToday(ctx.clock), counts: complianceCounts(all), rows };
}

export const COMPLIANCE_CSV_HEADER = ['Kind', 'Id', 'Name', 'Item', 'Credential', 'Status', 'Due date'] as const;

/** One CSV line of a row, in COMPLIANCE_CSV_HEADER's order. */
export function complianceCsvRow(r: ComplianceRow): unknown[] {
  return 'staffId' in r
    ? ['staff', r.staffId, r.name, r.item, r.credential, r.status, r.dueDate]
    : ['child', r.childId, r.name, r.item, '', r.status, r.dueDate];
}

/** The rows of the inspector's CSV (director: checked by the REST route), recorded as an export in the audit trail. */
export function complianceExport(ctx: StaffContext, filter: z.output<typeof complianceFilterSchema>) {
  consumeForAccount(ctx, ctx.limits.exports);
  const { rows, today } = complianceList(ctx, filter);
  const filename = `compliance-${today}.csv`;
  ctx.db.transaction(() => recordAudit(ctx.db, ctx, { action: 'export', entity: 'compliance', fields: { file: filename, ...filter } }));
  return { filename, rows };
}

/** A child's one-page emergency sheet (director), built in a slot of the PDF gate (ADR 068) and recorded as an export. */
export function emergencySheetOf(ctx: StaffContext, childId: string) {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const record = recordToCheck(ctx.db, childId);
    if (!record) throw refuse('NOT_FOUND', 'error.childNotFound');
    const today = centreToday(ctx.clock);
    const bytes = emergencySheetPdf({ ...record, madeOn: today });
    const fileName = `emergency-sheet-${today}.pdf`;
    ctx.db.transaction(() =>
      recordAudit(ctx.db, ctx, { action: 'export', entity: 'compliance', entityId: childId, fields: { file: fileName } }),
    );
    return { fileName, contentBase64: bytes.toString('base64') };
  });
}

/**
 * The portal's view of a child's health record (the Health tab's records section): what is on file, the care plan's
 * summary, and each record item with its status, so the family sees what is overdue or missing. Another family's
 * child (or none) is 404.
 */
export function parentHealthRecord(ctx: ParentContext, childId: string) {
  parentChildOr404(ctx.db, ctx.parent.id, childId);
  const health = healthOf(ctx.db, childId);
  const [facts] = childFacts(ctx.db, childId);
  if (!facts) throw refuse('NOT_FOUND', 'error.childNotFound');
  const items = childVerdicts(centreToday(ctx.clock), facts).map(([item, v]) => ({ item, ...v }));
  return {
    childId,
    medicalExamDate: health.medicalExamDate,
    immunizations: health.immunizations,
    carePlanRequired: health.carePlanRequired,
    carePlanSummary: health.carePlanSummary,
    // When each file was handed in (the files themselves: a parent reads only their own, from the document link).
    files: {
      medicalStatement: health.files.medicalStatement?.uploadedAt ?? null,
      immunizations: health.files.immunizations?.uploadedAt ?? null,
      carePlan: health.files.carePlan?.uploadedAt ?? null,
    },
    items,
    due: items.filter((i) => needsAction(i.status)),
  };
}
