/**
 * The PDFs of the Payments tab (docs/product.md §2): a receipt for one payment, and the year-end statement a family
 * gives its tax preparer for the Child and Dependent Care Credit (IRS Form 2441), in place of a Form W-10.
 * Drawn with jspdf on US Letter: the centre's details at the top, labelled fields, amounts right-aligned,
 * every long value wrapped (never clipped), a new page (with the table header again) when one is full.
 * A parent's download is in the parent's saved language: every fixed word from the PDFs' catalogue
 * (shared/i18n/pdf-en.ts, pdf-es.ts), dates and money from that language's formatter; what staff typed (names,
 * periods, descriptions) as they typed it. Staff's downloads and e-mails are English.
 */
import { format, parseISO } from 'date-fns';
import { newPdfDocument, type PdfDocument } from '../pdf/library';
import { centre } from '../centre/profile';
import { PAYMENT_METHODS, PAYMENT_TYPES } from '../../shared/constants';
import { intlFor, type Language, t } from '../../shared/i18n';
import type { PdfKey } from '../../shared/i18n/pdf-en';
import { formatCents, parseCents } from '../../shared/money';
import { spaced } from '../../shared/schemas/payments';

export interface ReceiptForPdf {
  receiptNumber: string;
  childName: string;
  parentName: string;
  parentEmail: string;
  paymentType: string;
  amount: string;
  paymentMethod: string;
  paymentDate: string;
  description: string | null;
  checkNumber: string | null;
  transactionId: string | null;
  periodCovered: string | null;
}

export interface StatementForPdf {
  taxYear: string;
  parentName: string;
  parentEmail: string;
  children: string[];
  /** The year's payments, oldest first. */
  payments: ReceiptForPdf[];
  totalCents: number;
  /** When the statement was made (the centre's calendar date, `YYYY-MM-DD`). */
  issuedOn: string;
}

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 54;
const RIGHT = PAGE_W - MARGIN;
const BOTTOM = PAGE_H - 64;
const INK: [number, number, number] = [28, 25, 23];
const MUTED: [number, number, number] = [87, 83, 78];
const BRAND: [number, number, number] = [17, 94, 89];
const RULE: [number, number, number] = [214, 211, 209];

/**
 * jspdf's built-in Helvetica knows only the Latin-1 characters. A name like "Nguyễn" keeps its letters
 * without the marks that Latin-1 lacks; a character with no Latin-1 form at all becomes "?", so nothing is
 * silently dropped from a record.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (ch.charCodeAt(0) <= 0xff) {
      out += ch;
      continue;
    }
    const mapped = ({ '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...' } as Record<string, string>)[ch];
    if (mapped) {
      out += mapped;
      continue;
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...base].every((c) => c.charCodeAt(0) <= 0xff) && base ? base : '?';
  }
  return out;
}

export function formatPdfDate(iso: string): string {
  const d = parseISO(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'MMM dd, yyyy');
}

/**
 * The fixed words, dates and money of one PDF in one language. English is as it always was: dates
 * "Jan 01, 2025", money "$1,234.50". Other languages take both from their FormatJS formatter (`intlFor`).
 */
export class PdfWords {
  constructor(readonly language: Language) {}

  get intl() {
    return intlFor(this.language);
  }

  t(key: PdfKey, values?: Record<string, string | number>): string {
    return t(this.language, key, values);
  }

  /** A calendar date (`YYYY-MM-DD`): in Spanish "22 de septiembre de 2025", or "22 sept 2025" where room is short. */
  date(iso: string, month: 'long' | 'short' = 'long'): string {
    if (this.language === 'en') return formatPdfDate(iso);
    const d = parseISO(iso);
    if (Number.isNaN(d.getTime())) return iso;
    // That calendar day at noon UTC is the same day on the centre's clock, the formatter's time zone.
    const day = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), 12));
    return intlFor(this.language).formatDate(day, { day: 'numeric', month, year: 'numeric' });
  }

  money(cents: number): string {
    if (this.language === 'en') return formatCents(cents);
    return intlFor(this.language).formatNumber(cents / 100, { style: 'currency', currency: 'USD' });
  }

  /** A stored amount as money; an older free-text amount that is not a number as it was written. */
  amount(amount: string): string {
    const cents = parseCents(amount);
    return cents === null ? pdfSafe(amount) : this.money(cents);
  }

  /** 'Tuition' / 'Colegiatura'; a stored value the form never offered with its underscores shown as spaces. */
  paymentType(value: string): string {
    return (PAYMENT_TYPES as readonly string[]).includes(value)
      ? this.t(`pdf.type.${value as (typeof PAYMENT_TYPES)[number]}`)
      : spaced(value);
  }

  paymentMethod(value: string): string {
    return (PAYMENT_METHODS as readonly string[]).includes(value)
      ? this.t(`pdf.method.${value as (typeof PAYMENT_METHODS)[number]}`)
      : spaced(value);
  }
}

export class Page {
  readonly doc: PdfDocument;
  y = MARGIN;

  constructor(
    readonly words: PdfWords,
    title: string,
  ) {
    this.doc = newPdfDocument({ unit: 'pt', format: 'letter', compress: true });
    this.doc.setProperties({ title: pdfSafe(title), author: centre.name, creator: centre.name, subject: pdfSafe(title) });
    this.doc.setTextColor(...INK);
  }

  font(size: number, style: 'normal' | 'bold' = 'normal', color: [number, number, number] = INK) {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
  }

  lineHeight(size: number) {
    return size * 1.3;
  }

  /** Room for `height` more points, or a new page. Answers whether a page was added. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  /** Wrapped text at x within width; moves y down. */
  text(value: string, x: number, width: number, size: number, style: 'normal' | 'bold' = 'normal', color = INK) {
    this.font(size, style, color);
    const lines = this.doc.splitTextToSize(pdfSafe(value), width) as string[];
    for (const line of lines) {
      this.ensure(this.lineHeight(size));
      this.doc.text(line, x, this.y + size);
      this.y += this.lineHeight(size);
    }
  }

  rule(gap = 10) {
    this.y += gap / 2;
    this.doc.setDrawColor(...RULE);
    this.doc.setLineWidth(0.75);
    this.doc.line(MARGIN, this.y, RIGHT, this.y);
    this.y += gap / 2;
  }

  /** The centre's letterhead, with the document's title and reference on the right. */
  letterhead(title: string, reference: string[]) {
    const top = this.y;
    this.text(centre.name, MARGIN, 300, 16, 'bold', BRAND);
    this.text(centre.addressLine, MARGIN, 300, 9.5, 'normal', MUTED);
    this.text(this.words.t('pdf.letterhead.phone', { phone: centre.phones[0], email: centre.email }), MARGIN, 300, 9.5, 'normal', MUTED);
    this.text(this.words.t('pdf.letterhead.taxId', { ein: centre.providerTaxId }), MARGIN, 300, 9.5, 'normal', MUTED);
    const leftBottom = this.y;
    this.y = top;
    this.font(15, 'bold', INK);
    const titleLines = this.doc.splitTextToSize(pdfSafe(title), 190) as string[];
    for (const line of titleLines) {
      this.doc.text(line, RIGHT, this.y + 15, { align: 'right' });
      this.y += this.lineHeight(15);
    }
    this.font(9.5, 'normal', MUTED);
    for (const line of reference) {
      this.doc.text(pdfSafe(line), RIGHT, this.y + 9.5, { align: 'right' });
      this.y += this.lineHeight(9.5);
    }
    this.y = Math.max(this.y, leftBottom) + 6;
    this.rule(16);
  }

  /** A label and its value on one row; the value wraps in its column, and so does a label too long for its own. */
  field(label: string, value: string, labelWidth = 140) {
    const size = 10.5;
    this.font(size, 'normal');
    const lines = this.doc.splitTextToSize(pdfSafe(value), RIGHT - MARGIN - labelWidth) as string[];
    this.font(size, 'bold', MUTED);
    const labelLines = this.doc.splitTextToSize(pdfSafe(label), labelWidth - 8) as string[];
    this.ensure(Math.max(lines.length, labelLines.length) * this.lineHeight(size) + 4);
    labelLines.forEach((line, i) => this.doc.text(line, MARGIN, this.y + size + i * this.lineHeight(size)));
    this.font(size, 'normal', INK);
    for (const line of lines) {
      this.doc.text(line, MARGIN + labelWidth, this.y + size);
      this.y += this.lineHeight(size);
    }
    this.y += Math.max(0, labelLines.length - lines.length) * this.lineHeight(size) + 4;
  }

  heading(value: string) {
    this.y += 8;
    this.ensure(40);
    this.text(value, MARGIN, RIGHT - MARGIN, 11.5, 'bold', BRAND);
    this.y += 2;
  }

  /** Page numbers and the centre's name at the foot of every page. */
  footer(note: string) {
    const pages = this.doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      this.doc.setPage(i);
      this.font(8.5, 'normal', MUTED);
      this.doc.text(pdfSafe(note), MARGIN, PAGE_H - 36);
      this.doc.text(pdfSafe(this.words.t('pdf.page', { page: String(i), pages: String(pages) })), RIGHT, PAGE_H - 36, { align: 'right' });
    }
  }

  bytes(): Buffer {
    return Buffer.from(this.doc.output('arraybuffer'));
  }
}

function paymentReference(w: PdfWords, r: ReceiptForPdf): { label: string; value: string } | null {
  if (r.checkNumber) return { label: w.t('pdf.receipt.checkNumber'), value: r.checkNumber };
  if (r.transactionId) return { label: w.t('pdf.receipt.transactionId'), value: r.transactionId };
  return null;
}

const footerNote = (w: PdfWords) => w.t('pdf.footer', { centre: centre.name, address: centre.addressLine, ein: centre.providerTaxId });

/** One receipt, as e-mailed to the parent and downloaded from the dashboard or the portal, in `language`. */
export function receiptPdf(r: ReceiptForPdf, issuedOn: string, language: Language = 'en'): Buffer {
  const w = new PdfWords(language);
  const page = new Page(w, w.t('pdf.receipt.documentTitle', { number: r.receiptNumber }));
  page.letterhead(w.t('pdf.receipt.title'), [
    w.t('pdf.receipt.reference', { number: r.receiptNumber }),
    w.t('pdf.issued', { date: w.date(issuedOn) }),
  ]);

  page.field(w.t('pdf.receipt.receiptNumber'), r.receiptNumber);
  page.field(w.t('pdf.receipt.paymentDate'), w.date(r.paymentDate));
  page.field(w.t('pdf.receipt.child'), r.childName);
  page.field(w.t('pdf.receipt.receivedFrom'), `${r.parentName} (${r.parentEmail})`);
  page.field(w.t('pdf.receipt.paymentType'), w.paymentType(r.paymentType));
  page.field(w.t('pdf.receipt.paymentMethod'), w.paymentMethod(r.paymentMethod));
  const ref = paymentReference(w, r);
  if (ref) page.field(ref.label, ref.value);
  if (r.periodCovered) page.field(w.t('pdf.receipt.periodCovered'), r.periodCovered);
  if (r.description) page.field(w.t('pdf.receipt.description'), r.description);

  // The amount in a box of its own, right-aligned as on any statement.
  page.y += 10;
  page.ensure(50);
  page.doc.setFillColor(240, 253, 250);
  page.doc.setDrawColor(...BRAND);
  page.doc.roundedRect(MARGIN, page.y, RIGHT - MARGIN, 44, 4, 4, 'FD');
  page.font(12, 'bold', INK);
  page.doc.text(pdfSafe(w.t('pdf.receipt.amountReceived')), MARGIN + 14, page.y + 27);
  page.font(16, 'bold', INK);
  page.doc.text(w.amount(r.amount), RIGHT - 14, page.y + 28, { align: 'right' });
  page.y += 60;

  page.text(w.t('pdf.receipt.acknowledgement', { centre: centre.name }), MARGIN, RIGHT - MARGIN, 9.5, 'normal', MUTED);
  page.footer(footerNote(w));
  return page.bytes();
}

/** Column layout of the statement's payment table: x of each column's left edge, the amount right-aligned. */
const COLS = { date: MARGIN, receipt: MARGIN + 78, child: MARGIN + 160, detail: MARGIN + 280, amountRight: RIGHT };
const DETAIL_WIDTH = RIGHT - 80 - COLS.detail;

function tableHeader(page: Page) {
  const w = page.words;
  page.font(9.5, 'bold', MUTED);
  const y = page.y + 9.5;
  page.doc.text(pdfSafe(w.t('pdf.statement.column.date')), COLS.date, y);
  page.doc.text(pdfSafe(w.t('pdf.statement.column.receipt')), COLS.receipt, y);
  page.doc.text(pdfSafe(w.t('pdf.statement.column.child')), COLS.child, y);
  page.doc.text(pdfSafe(w.t('pdf.statement.column.description')), COLS.detail, y);
  page.doc.text(pdfSafe(w.t('pdf.statement.column.amount')), COLS.amountRight, y, { align: 'right' });
  page.y += 14;
  page.rule(4);
}

/**
 * The year-end statement: provider, parent and children, every payment of the year, the total, a signature;
 * in `language`.
 */
export function taxStatementPdf(s: StatementForPdf, language: Language = 'en'): Buffer {
  const w = new PdfWords(language);
  const year = s.taxYear;
  const page = new Page(w, w.t('pdf.statement.documentTitle', { year, parent: s.parentName }));
  page.letterhead(w.t('pdf.statement.title', { year }), [w.t('pdf.statement.subtitle'), w.t('pdf.issued', { date: w.date(s.issuedOn) })]);

  page.text(w.t('pdf.statement.intro', { centre: centre.name, year }), MARGIN, RIGHT - MARGIN, 9.5, 'normal', MUTED);

  page.heading(w.t('pdf.statement.provider'));
  page.field(w.t('pdf.statement.name'), centre.name);
  page.field(w.t('pdf.statement.address'), centre.addressLine);
  page.field(w.t('pdf.statement.taxpayerId'), centre.providerTaxId);
  page.field(w.t('pdf.statement.phone'), centre.phones[0]);

  page.heading(w.t('pdf.statement.parent'));
  page.field(w.t('pdf.statement.name'), s.parentName);
  page.field(w.t('pdf.statement.email'), s.parentEmail);
  page.field(w.t('pdf.statement.children', { count: s.children.length }), s.children.join(', '));
  page.field(w.t('pdf.statement.taxYear'), w.t('pdf.statement.yearSpan', { year }));

  page.heading(w.t('pdf.statement.payments', { year }));
  tableHeader(page);
  const size = 9.5;
  for (const p of s.payments) {
    page.font(size, 'normal');
    const ref = paymentReference(w, p);
    const detail = [w.paymentType(p.paymentType), p.periodCovered, ref ? `${ref.label} ${ref.value}` : w.paymentMethod(p.paymentMethod)]
      .filter(Boolean)
      .join(' - ');
    const childLines = page.doc.splitTextToSize(pdfSafe(p.childName), COLS.detail - COLS.child - 8) as string[];
    const detailLines = page.doc.splitTextToSize(pdfSafe(detail), DETAIL_WIDTH) as string[];
    const rows = Math.max(childLines.length, detailLines.length, 1);
    if (page.ensure(rows * page.lineHeight(size) + 6)) tableHeader(page);
    page.font(size, 'normal');
    const y = page.y + size;
    page.doc.text(pdfSafe(w.date(p.paymentDate, 'short')), COLS.date, y);
    page.doc.text(pdfSafe(p.receiptNumber), COLS.receipt, y);
    childLines.forEach((line, i) => page.doc.text(line, COLS.child, y + i * page.lineHeight(size)));
    detailLines.forEach((line, i) => page.doc.text(line, COLS.detail, y + i * page.lineHeight(size)));
    page.doc.text(w.amount(p.amount), COLS.amountRight, y, { align: 'right' });
    page.y += rows * page.lineHeight(size) + 6;
  }
  page.ensure(30);
  page.rule(6);
  page.font(11, 'bold', INK);
  page.doc.text(pdfSafe(w.t('pdf.statement.total', { year })), COLS.detail, page.y + 12);
  page.doc.text(w.money(s.totalCents), COLS.amountRight, page.y + 12, { align: 'right' });
  page.y += 24;
  page.font(8.5, 'normal', MUTED);
  const count = w.t('pdf.statement.count', { count: s.payments.length, n: String(s.payments.length) });
  const uncounted = s.payments.some((p) => parseCents(p.amount) === null) ? ` ${w.t('pdf.statement.uncounted')}` : '';
  page.text(`${count}${uncounted}`, MARGIN, RIGHT - MARGIN, 8.5, 'normal', MUTED);

  page.heading(w.t('pdf.statement.certification'));
  page.text(w.t('pdf.statement.certify', { centre: centre.name, year, total: w.money(s.totalCents) }), MARGIN, RIGHT - MARGIN, 10);
  page.y += 30;
  page.ensure(60);
  page.doc.setDrawColor(...INK);
  page.doc.setLineWidth(0.75);
  page.doc.line(MARGIN, page.y, MARGIN + 260, page.y);
  page.doc.line(MARGIN + 320, page.y, RIGHT, page.y);
  page.font(9, 'normal', MUTED);
  page.doc.text(pdfSafe(w.t('pdf.statement.signature')), MARGIN, page.y + 12);
  page.doc.text(pdfSafe(w.t('pdf.statement.signatureDate')), MARGIN + 320, page.y + 12);
  page.y += 40;
  page.doc.line(MARGIN, page.y, MARGIN + 260, page.y);
  page.doc.text(pdfSafe(w.t('pdf.statement.printedName')), MARGIN, page.y + 12);
  page.footer(footerNote(w));
  return page.bytes();
}
