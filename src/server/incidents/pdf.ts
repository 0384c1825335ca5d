/**
 * An incident report as a PDF (ADR 093), in the family's language: for the parent (from the portal) and for the
 * file (from the dashboard, which adds the licensing notice). Drawn with the receipts' page (payments/pdf.ts): the
 * centre's letterhead, the report's fields, each amendment beside the original, then who received it.
 */
import { centre } from '../centre/profile';
import { centreDateOf } from '~/shared/centre-time';
import type { Language } from '~/shared/i18n';
import type { IncidentKind } from '~/shared/licensing-notice';
import { Page, PdfWords } from '../payments/pdf';
import { clockFor } from './mail';

export interface IncidentForPdf {
  id: string;
  childName: string;
  occurredAt: Date;
  location: string;
  kind: string;
  description: string;
  firstAid: string;
  whoWasTold: string | null;
  toldAt: Date | null;
  witnesses: string[];
  serious: boolean;
  authorName: string;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedSignature: string | null;
  handedOverAt: Date | null;
  handedOverTo: string | null;
  amendments: { text: string; authorName: string; createdAt: Date }[];
  /** Only on the file's copy. */
  licensing?: { needed: boolean; deadline: Date | null; notifiedAt: Date | null; method: string | null; reference: string | null };
}

export function incidentFileName(r: { id: string; occurredAt: Date }): string {
  return `incident-${centreDateOf(r.occurredAt)}-${r.id.slice(0, 8)}.pdf`;
}

export function incidentPdf(r: IncidentForPdf, language: Language = 'en'): Buffer {
  const w = new PdfWords(language);
  const when = (d: Date) => `${w.date(centreDateOf(d))}, ${clockFor(language, d)}`;
  const page = new Page(w, w.t('pdf.incident.documentTitle', { child: r.childName }));
  page.letterhead(w.t('pdf.incident.title'), [w.t('pdf.incident.reference', { id: r.id.slice(0, 8) })]);

  page.field(w.t('pdf.incident.child'), r.childName);
  page.field(w.t('pdf.incident.when'), when(r.occurredAt));
  page.field(w.t('pdf.incident.location'), r.location);
  page.field(w.t('pdf.incident.kind'), w.t(`pdf.incident.kind.${r.kind as IncidentKind}`));
  page.field(w.t('pdf.incident.serious'), w.t(r.serious ? 'pdf.incident.yes' : 'pdf.incident.no'));
  page.field(w.t('pdf.incident.description'), r.description);
  page.field(w.t('pdf.incident.firstAid'), r.firstAid || w.t('pdf.incident.none'));
  page.field(
    w.t('pdf.incident.told'),
    r.whoWasTold ? (r.toldAt ? `${r.whoWasTold} (${when(r.toldAt)})` : r.whoWasTold) : w.t('pdf.incident.none'),
  );
  page.field(w.t('pdf.incident.witnesses'), r.witnesses.length ? r.witnesses.join(', ') : w.t('pdf.incident.none'));
  page.field(w.t('pdf.incident.writtenBy'), w.t('pdf.incident.byOn', { name: r.authorName, when: when(r.createdAt) }));

  if (r.amendments.length) {
    page.heading(w.t('pdf.incident.amendments'));
    for (const a of r.amendments) page.field(w.t('pdf.incident.byOn', { name: a.authorName, when: when(a.createdAt) }), a.text);
  }

  page.heading(w.t('pdf.incident.received'));
  if (r.acknowledgedAt && r.acknowledgedSignature)
    page.field(w.t('pdf.incident.signed'), w.t('pdf.incident.byOn', { name: r.acknowledgedSignature, when: when(r.acknowledgedAt) }));
  if (r.handedOverAt && r.handedOverTo)
    page.field(w.t('pdf.incident.handedOver'), w.t('pdf.incident.byOn', { name: r.handedOverTo, when: when(r.handedOverAt) }));
  if (!r.acknowledgedAt && !r.handedOverAt) page.field(w.t('pdf.incident.signed'), w.t('pdf.incident.notYet'));

  if (r.licensing?.needed) {
    page.heading(w.t('pdf.incident.licensing'));
    if (r.licensing.notifiedAt)
      page.field(
        w.t('pdf.incident.licensingTold'),
        [when(r.licensing.notifiedAt), r.licensing.method, r.licensing.reference].filter(Boolean).join(' - '),
      );
    else if (r.licensing.deadline) page.field(w.t('pdf.incident.licensingDue'), when(r.licensing.deadline));
  }
  page.footer(w.t('pdf.footer', { centre: centre.name, address: centre.addressLine, ein: centre.providerTaxId }));
  return page.bytes();
}
