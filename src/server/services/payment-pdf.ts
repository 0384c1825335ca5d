/**
 * The PDFs of the Payments tab (SPEC.md §2): a receipt for one payment, and the year-end statement a family
 * gives its tax preparer for the Child and Dependent Care Credit (IRS Form 2441), in place of a Form W-10.
 * Drawn with jspdf on US Letter: the centre's details at the top, labelled fields, amounts right-aligned,
 * every long value wrapped (never clipped), a new page (with the table header again) when one is full.
 */
import { format, parseISO } from 'date-fns';
import { jsPDF } from 'jspdf';
import { centre, centreAddressLine } from '../../shared/centre';
import { formatCents, parseCents } from '../../shared/money';
import { paymentMethodLabel, paymentTypeLabel } from '../../shared/schemas/payments';

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

function amountText(amount: string): string {
  const cents = parseCents(amount);
  return cents === null ? pdfSafe(amount) : formatCents(cents);
}

class Page {
  readonly doc: jsPDF;
  y = MARGIN;

  constructor(title: string) {
    this.doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
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
    this.text(centreAddressLine, MARGIN, 300, 9.5, 'normal', MUTED);
    this.text(`Phone ${centre.phones[0]} | ${centre.email}`, MARGIN, 300, 9.5, 'normal', MUTED);
    this.text(`Provider Tax ID (EIN): ${centre.providerTaxId}`, MARGIN, 300, 9.5, 'normal', MUTED);
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

  /** A label and its value on one row; the value wraps in its column. */
  field(label: string, value: string, labelWidth = 140) {
    const size = 10.5;
    this.font(size, 'normal');
    const lines = this.doc.splitTextToSize(pdfSafe(value), RIGHT - MARGIN - labelWidth) as string[];
    this.ensure(lines.length * this.lineHeight(size) + 4);
    this.font(size, 'bold', MUTED);
    this.doc.text(pdfSafe(label), MARGIN, this.y + size);
    this.font(size, 'normal', INK);
    for (const line of lines) {
      this.doc.text(line, MARGIN + labelWidth, this.y + size);
      this.y += this.lineHeight(size);
    }
    this.y += 4;
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
      this.doc.text(`Page ${i} of ${pages}`, RIGHT, PAGE_H - 36, { align: 'right' });
    }
  }

  bytes(): Buffer {
    return Buffer.from(this.doc.output('arraybuffer'));
  }
}

function paymentReference(r: ReceiptForPdf): { label: string; value: string } | null {
  if (r.checkNumber) return { label: 'Check Number', value: r.checkNumber };
  if (r.transactionId) return { label: 'Transaction ID', value: r.transactionId };
  return null;
}

/** One receipt, as e-mailed to the parent and downloaded from the dashboard or the portal. */
export function receiptPdf(r: ReceiptForPdf, issuedOn: string): Buffer {
  const page = new Page(`Payment Receipt ${r.receiptNumber}`);
  page.letterhead('Payment Receipt', [`Receipt # ${r.receiptNumber}`, `Issued ${formatPdfDate(issuedOn)}`]);

  page.field('Receipt Number', r.receiptNumber);
  page.field('Payment Date', formatPdfDate(r.paymentDate));
  page.field('Child', r.childName);
  page.field('Received From', `${r.parentName} (${r.parentEmail})`);
  page.field('Payment Type', paymentTypeLabel(r.paymentType));
  page.field('Payment Method', paymentMethodLabel(r.paymentMethod));
  const ref = paymentReference(r);
  if (ref) page.field(ref.label, ref.value);
  if (r.periodCovered) page.field('Period Covered', r.periodCovered);
  if (r.description) page.field('Description', r.description);

  // The amount in a box of its own, right-aligned as on any statement.
  page.y += 10;
  page.ensure(50);
  page.doc.setFillColor(240, 253, 250);
  page.doc.setDrawColor(...BRAND);
  page.doc.roundedRect(MARGIN, page.y, RIGHT - MARGIN, 44, 4, 4, 'FD');
  page.font(12, 'bold', INK);
  page.doc.text('Amount Received (USD)', MARGIN + 14, page.y + 27);
  page.font(16, 'bold', INK);
  page.doc.text(amountText(r.amount), RIGHT - 14, page.y + 28, { align: 'right' });
  page.y += 60;

  page.text(
    `${centre.name} acknowledges receipt of the payment above for child care services. Please keep this receipt for your records; ` +
      `the payments of each year are also listed on the year-end tax statement, which shows our provider tax ID for IRS Form 2441.`,
    MARGIN,
    RIGHT - MARGIN,
    9.5,
    'normal',
    MUTED,
  );
  page.footer(`${centre.name} - ${centreAddressLine} - EIN ${centre.providerTaxId}`);
  return page.bytes();
}

/** Column layout of the statement's payment table: x of each column's left edge, the amount right-aligned. */
const COLS = { date: MARGIN, receipt: MARGIN + 78, child: MARGIN + 160, detail: MARGIN + 280, amountRight: RIGHT };
const DETAIL_WIDTH = RIGHT - 80 - COLS.detail;

function tableHeader(page: Page) {
  page.font(9.5, 'bold', MUTED);
  const y = page.y + 9.5;
  page.doc.text('Date', COLS.date, y);
  page.doc.text('Receipt #', COLS.receipt, y);
  page.doc.text('Child', COLS.child, y);
  page.doc.text('Description', COLS.detail, y);
  page.doc.text('Amount', COLS.amountRight, y, { align: 'right' });
  page.y += 14;
  page.rule(4);
}

/** The year-end statement: provider, parent and children, every payment of the year, the total, a signature. */
export function taxStatementPdf(s: StatementForPdf): Buffer {
  const page = new Page(`Year-End Tax Statement ${s.taxYear} - ${s.parentName}`);
  page.letterhead(`Year-End Tax Statement ${s.taxYear}`, ['Child and dependent care payments', `Issued ${formatPdfDate(s.issuedOn)}`]);

  page.text(
    `This statement lists the payments ${centre.name} received in ${s.taxYear} for the care of the children named below. ` +
      'It gives the care provider information asked for on IRS Form 2441 (Child and Dependent Care Expenses) and may be used in place of Form W-10.',
    MARGIN,
    RIGHT - MARGIN,
    9.5,
    'normal',
    MUTED,
  );

  page.heading('Care Provider');
  page.field('Name', centre.name);
  page.field('Address', centreAddressLine);
  page.field('Taxpayer ID (EIN)', centre.providerTaxId);
  page.field('Phone', centre.phones[0]);

  page.heading('Parent / Guardian');
  page.field('Name', s.parentName);
  page.field('E-mail', s.parentEmail);
  page.field(s.children.length === 1 ? 'Child' : 'Children', s.children.join(', '));
  page.field('Tax Year', `January 1 - December 31, ${s.taxYear}`);

  page.heading(`Payments Received in ${s.taxYear}`);
  tableHeader(page);
  const size = 9.5;
  for (const p of s.payments) {
    page.font(size, 'normal');
    const detail = [
      paymentTypeLabel(p.paymentType),
      p.periodCovered,
      paymentReference(p) ? `${paymentReference(p)!.label} ${paymentReference(p)!.value}` : paymentMethodLabel(p.paymentMethod),
    ]
      .filter(Boolean)
      .join(' - ');
    const childLines = page.doc.splitTextToSize(pdfSafe(p.childName), COLS.detail - COLS.child - 8) as string[];
    const detailLines = page.doc.splitTextToSize(pdfSafe(detail), DETAIL_WIDTH) as string[];
    const rows = Math.max(childLines.length, detailLines.length, 1);
    if (page.ensure(rows * page.lineHeight(size) + 6)) tableHeader(page);
    page.font(size, 'normal');
    const y = page.y + size;
    page.doc.text(formatPdfDate(p.paymentDate), COLS.date, y);
    page.doc.text(pdfSafe(p.receiptNumber), COLS.receipt, y);
    childLines.forEach((line, i) => page.doc.text(line, COLS.child, y + i * page.lineHeight(size)));
    detailLines.forEach((line, i) => page.doc.text(line, COLS.detail, y + i * page.lineHeight(size)));
    page.doc.text(amountText(p.amount), COLS.amountRight, y, { align: 'right' });
    page.y += rows * page.lineHeight(size) + 6;
  }
  page.ensure(30);
  page.rule(6);
  page.font(11, 'bold', INK);
  page.doc.text(`Total paid in ${s.taxYear}`, COLS.detail, page.y + 12);
  page.doc.text(formatCents(s.totalCents), COLS.amountRight, page.y + 12, { align: 'right' });
  page.y += 24;
  page.font(8.5, 'normal', MUTED);
  const uncounted = s.payments.some((p) => parseCents(p.amount) === null)
    ? ' Entries whose amount is not a number are listed but not counted in the total.'
    : '';
  page.text(
    `${s.payments.length} payment${s.payments.length === 1 ? '' : 's'}. Amounts in US dollars.${uncounted}`,
    MARGIN,
    RIGHT - MARGIN,
    8.5,
    'normal',
    MUTED,
  );

  page.heading('Provider Certification');
  page.text(
    `I certify that ${centre.name} provided care for the children named above and received the payments listed in ${s.taxYear}, ` +
      `totalling ${formatCents(s.totalCents)}, and that the provider's name, address and taxpayer identification number above are correct.`,
    MARGIN,
    RIGHT - MARGIN,
    10,
  );
  page.y += 30;
  page.ensure(60);
  page.doc.setDrawColor(...INK);
  page.doc.setLineWidth(0.75);
  page.doc.line(MARGIN, page.y, MARGIN + 260, page.y);
  page.doc.line(MARGIN + 320, page.y, RIGHT, page.y);
  page.font(9, 'normal', MUTED);
  page.doc.text('Signature of provider (authorized representative)', MARGIN, page.y + 12);
  page.doc.text('Date', MARGIN + 320, page.y + 12);
  page.y += 40;
  page.doc.line(MARGIN, page.y, MARGIN + 260, page.y);
  page.doc.text('Printed name and title', MARGIN, page.y + 12);
  page.footer(`${centre.name} - ${centreAddressLine} - EIN ${centre.providerTaxId}`);
  return page.bytes();
}
