/** The incident report's PDF downloads (ADR 093): rendered on the server's CPU, so a rate per account and a slot of the build gate (ADR 068). */
import type { ParentContext, StaffContext } from '../context';
import { preferencesOf } from '../parents/preferences';
import { pdfFile, type PdfFile } from '../payments/pdf-file';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { incidentFileName, incidentPdf } from './pdf';
import { reportForParentPdf, reportForStaffPdf } from './reports';

/** GET /api/admin/incidents/{id}/report.pdf: the file's copy, in the family's language, with the licensing notice. */
export function staffIncidentPdf(ctx: StaffContext, id: string): Promise<PdfFile> {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const { report, language } = reportForStaffPdf(ctx, id);
    const licensing = {
      needed: report.licensingNoticeNeeded,
      deadline: report.licensingDeadline,
      notifiedAt: report.licensingNotifiedAt,
      method: report.licensingMethod,
      reference: report.licensingReference,
    };
    return pdfFile(incidentFileName(report), incidentPdf({ ...report, licensing }, language));
  });
}

/** GET /api/parent/incidents/{id}/report.pdf: the parent's copy, in their saved language. */
export function parentIncidentPdf(ctx: ParentContext, id: string): Promise<PdfFile> {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const report = reportForParentPdf(ctx, id);
    return pdfFile(incidentFileName(report), incidentPdf(report, preferencesOf(ctx.db, ctx.parent.id).language));
  });
}
