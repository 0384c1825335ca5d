/**
 * An invoice as a PDF (ADR 100), drawn with the receipts' page (payments/pdf.ts: letterhead, fields, footer) in the
 * family's language: the number, period, issue and due dates, a line per row (what staff typed as typed, its kind
 * from the PDFs' catalogue), the total, what is paid and the balance. The agencies' share is said apart: it is
 * never part of the family's total.
 */
import { type Language, intlFor } from '../../shared/i18n';
import { Page, PdfWords, pdfSafe } from '../payments/pdf';
import { centre } from '../centre/profile';
import type { InvoiceLineRow, InvoiceRow } from './invoices';

const MARGIN = 54;
const RIGHT = 612 - MARGIN;
const KINDS = ['tuition', 'discount', 'fee', 'late_fee', 'credit'] as const;

/** "November 2026" / "noviembre de 2026"; a week: "Week of Nov 02, 2026". */
export function periodLabel(w: PdfWords, invoice: Pick<InvoiceRow, 'periodKind' | 'periodStart'>): string {
  if (invoice.periodKind === 'weekly') return w.t('pdf.invoice.weekOf', { date: w.date(invoice.periodStart) });
  const [y, m] = invoice.periodStart.split('-').map(Number);
  return intlFor(w.language).formatDate(new Date(Date.UTC(y!, m! - 1, 15, 12)), { month: 'long', year: 'numeric' });
}

export function invoiceFileName(invoice: Pick<InvoiceRow, 'number'>): string {
  return `invoice-${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

export function invoicePdf(invoice: InvoiceRow, lines: InvoiceLineRow[], agencyCents: number, language: Language = 'en'): Buffer {
  const w = new PdfWords(language);
  const page = new Page(w, w.t('pdf.invoice.documentTitle', { number: invoice.number }));
  page.letterhead(w.t('pdf.invoice.title'), [
    w.t('pdf.invoice.reference', { number: invoice.number }),
    w.t('pdf.issued', { date: w.date(invoice.issueDate) }),
  ]);
  page.field(w.t('pdf.invoice.billTo'), `${invoice.familyName} (${invoice.familyEmail})`);
  page.field(w.t('pdf.invoice.period'), periodLabel(w, invoice));
  page.field(w.t('pdf.invoice.dueDate'), w.date(invoice.dueDate));
  if (invoice.status === 'void') page.field(w.t('pdf.invoice.status'), w.t('pdf.invoice.void'));

  page.heading(w.t('pdf.invoice.lines'));
  const size = 10;
  for (const line of lines) {
    const kind = (KINDS as readonly string[]).includes(line.kind)
      ? w.t(`pdf.invoice.kind.${line.kind as (typeof KINDS)[number]}`)
      : line.kind;
    page.font(size, 'normal');
    const text = page.doc.splitTextToSize(pdfSafe(`${kind}: ${line.description}`), RIGHT - MARGIN - 110) as string[];
    page.ensure(text.length * page.lineHeight(size) + 4);
    const y = page.y + size;
    text.forEach((t, i) => page.doc.text(t, MARGIN, y + i * page.lineHeight(size)));
    page.doc.text(w.money(line.amountCents), RIGHT, y, { align: 'right' });
    page.y += text.length * page.lineHeight(size) + 4;
  }
  page.rule(8);
  const balance = invoice.status === 'void' ? 0 : invoice.totalCents - invoice.paidCents;
  for (const [label, cents, bold] of [
    [w.t('pdf.invoice.total'), invoice.totalCents, false],
    [w.t('pdf.invoice.paid'), invoice.paidCents, false],
    [w.t('pdf.invoice.balance'), balance, true],
  ] as const) {
    page.ensure(18);
    page.font(11, bold ? 'bold' : 'normal');
    page.doc.text(pdfSafe(label), RIGHT - 200, page.y + 11);
    page.doc.text(w.money(cents), RIGHT, page.y + 11, { align: 'right' });
    page.y += 17;
  }
  if (agencyCents > 0) {
    page.y += 8;
    page.text(w.t('pdf.invoice.agencyShare', { amount: w.money(agencyCents) }), MARGIN, RIGHT - MARGIN, 9.5);
  }
  page.y += 8;
  page.text(w.t('pdf.invoice.payBy', { date: w.date(invoice.dueDate), centre: centre.name }), MARGIN, RIGHT - MARGIN, 9.5);
  page.footer(w.t('pdf.footer', { centre: centre.name, address: centre.addressLine, ein: centre.providerTaxId }));
  return page.bytes();
}
