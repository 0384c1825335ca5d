/**
 * The PDF at the heart of a family's archive (issue 33): a child's record as the family saw it in the portal,
 * rendered with jspdf in the style of the receipts (services/payment-pdf.ts): the centre's letterhead, then the
 * attendance summary (a line per month: days attended and hours, as the monthly report counts them), the
 * milestones achieved, the development notes that are not private, and the activities.
 */
import { jsPDF } from 'jspdf';
import { centre, centreAddressLine } from '../../shared/centre';
import type { AttendanceSummary } from '../attendance/report';
import { formatPdfDate, pdfSafe } from '../services/payment-pdf';

export interface RecordForPdf {
  childName: string;
  dateOfBirth: string;
  program: string;
  startDate: string;
  isActive: boolean;
  /** The centre's date the archive was made. */
  madeOn: string;
  activities: {
    activityDate: string;
    category: string;
    title: string;
    description: string;
    duration: number | null;
    skillsPracticed: string[];
    notes: string | null;
    authorName: string | null;
  }[];
  notes: {
    createdOn: string;
    category: string;
    title: string;
    content: string;
    skillsObserved: string[];
    developmentAreas: string[];
    authorName: string;
  }[];
  milestones: { achievedAt: string; name: string; category: string; notes: string | null; witnessedBy: string | null }[];
  attendance: AttendanceSummary;
}

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 54;
const WIDTH = PAGE_W - 2 * MARGIN;
const BOTTOM = PAGE_H - 64;
const INK: [number, number, number] = [28, 25, 23];
const MUTED: [number, number, number] = [87, 83, 78];
const BRAND: [number, number, number] = [17, 94, 89];
const RULE: [number, number, number] = [214, 211, 209];

class RecordPage {
  readonly doc = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
  y = MARGIN;

  constructor(title: string) {
    this.doc.setProperties({ title: pdfSafe(title), author: centre.name, creator: centre.name, subject: pdfSafe(title) });
  }

  ensure(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  text(value: string, size: number, style: 'normal' | 'bold' = 'normal', color = INK, indent = 0) {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
    for (const line of this.doc.splitTextToSize(pdfSafe(value), WIDTH - indent) as string[]) {
      this.ensure(size * 1.3);
      this.doc.text(line, MARGIN + indent, this.y + size);
      this.y += size * 1.3;
    }
  }

  rule(gap = 10) {
    this.y += gap / 2;
    this.doc.setDrawColor(...RULE);
    this.doc.setLineWidth(0.75);
    this.doc.line(MARGIN, this.y, PAGE_W - MARGIN, this.y);
    this.y += gap / 2;
  }

  section(title: string, count: number) {
    this.y += 12;
    this.ensure(40);
    this.text(`${title} (${count})`, 13, 'bold', BRAND);
    this.rule(8);
  }

  /** One entry: a bold first line, its details muted, its body in ink; kept together where it fits. */
  entry(heading: string, details: string[], body: string[]) {
    this.ensure(40);
    this.text(heading, 10.5, 'bold');
    for (const d of details) this.text(d, 9, 'normal', MUTED, 10);
    for (const b of body) this.text(b, 9.5, 'normal', INK, 10);
    this.y += 6;
  }

  footers() {
    const pages = this.doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      this.doc.setPage(i);
      this.doc.setFont('helvetica', 'normal');
      this.doc.setFontSize(8);
      this.doc.setTextColor(...MUTED);
      this.doc.text(pdfSafe(`${centre.name} - ${centreAddressLine} - page ${i} of ${pages}`), PAGE_W / 2, PAGE_H - 36, { align: 'center' });
    }
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A line per month, compact enough for ten years: "November 2026: 18 days, 151.50 hours". */
function attendanceSection(page: RecordPage, a: AttendanceSummary) {
  page.section('Attendance', a.months.length);
  if (!a.first || !a.last) {
    page.text('No attendance recorded yet.', 9.5, 'normal', MUTED);
    return;
  }
  page.text(`First day recorded: ${formatPdfDate(a.first)} - Last day recorded: ${formatPdfDate(a.last)}`, 9.5, 'normal', INK);
  page.text(`In all: ${daysText(a.days)}, ${a.hours} hours of care`, 9.5, 'normal', INK);
  page.y += 4;
  for (const m of a.months) page.text(`${monthName(m.month)}: ${daysText(m.days)}, ${m.hours} hours`, 9, 'normal', INK, 10);
}

const list = (label: string, items: string[]) => (items.length ? [`${label}: ${items.join(', ')}`] : []);

export function childRecordPdf(r: RecordForPdf): Buffer {
  const page = new RecordPage(`Record of ${r.childName}`);
  page.text(centre.name, 16, 'bold', BRAND);
  page.text(centreAddressLine, 9.5, 'normal', MUTED);
  page.y += 8;
  page.text(`Record of ${r.childName}`, 18, 'bold');
  page.text(
    `Born ${formatPdfDate(r.dateOfBirth)} - Program: ${r.program} - Started ${formatPdfDate(r.startDate)}` +
      (r.isActive ? '' : ' - No longer enrolled'),
    10,
    'normal',
    MUTED,
  );
  page.text(`Made ${formatPdfDate(r.madeOn)} for the child's family.`, 10, 'normal', MUTED);

  attendanceSection(page, r.attendance);

  page.section('Milestones achieved', r.milestones.length);
  if (!r.milestones.length) page.text('No milestones recorded yet.', 9.5, 'normal', MUTED);
  for (const m of r.milestones)
    page.entry(
      `${formatPdfDate(m.achievedAt)} - ${m.name}`,
      [`Category: ${m.category}`, ...(m.witnessedBy ? [`Witnessed by ${m.witnessedBy}`] : [])],
      m.notes ? [m.notes] : [],
    );

  page.section('Development notes', r.notes.length);
  if (!r.notes.length) page.text('No development notes shared yet.', 9.5, 'normal', MUTED);
  for (const n of r.notes)
    page.entry(
      `${formatPdfDate(n.createdOn)} - ${n.title}`,
      [
        `Category: ${n.category} - by ${n.authorName}`,
        ...list('Skills observed', n.skillsObserved),
        ...list('Development areas', n.developmentAreas),
      ],
      [n.content],
    );

  page.section('Activities', r.activities.length);
  if (!r.activities.length) page.text('No activities recorded yet.', 9.5, 'normal', MUTED);
  for (const a of r.activities)
    page.entry(
      `${formatPdfDate(a.activityDate)} - ${a.title}`,
      [
        `Category: ${a.category}${a.duration ? ` - ${a.duration} minutes` : ''}${a.authorName ? ` - by ${a.authorName}` : ''}`,
        ...list('Skills practiced', a.skillsPracticed),
      ],
      [a.description, ...(a.notes ? [a.notes] : [])],
    );

  page.footers();
  return Buffer.from(page.doc.output('arraybuffer'));
}
