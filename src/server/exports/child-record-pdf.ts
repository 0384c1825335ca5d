/**
 * The PDF at the heart of a family's archive: a child's record as the family saw it in the portal,
 * rendered with jspdf in the style of the receipts (payments/pdf.ts): the centre's letterhead, then the
 * attendance summary (a line per month: days attended and hours, as the monthly report counts them), the
 * milestones achieved, the development notes that are not private, and the activities. In the parent's saved
 * language: fixed words from the PDFs' catalogue (shared/i18n/pdf-*.ts), dates from the language's
 * formatter; what staff wrote (titles, notes, names) as they wrote it. Staff's copy is English.
 */
import { loadPdfLibrary, newPdfDocument } from '../pdf/library';
import { ACTIVITY_CATEGORIES, MILESTONE_CATEGORIES, NOTE_CATEGORIES, PROGRAMS } from '../../shared/constants';
import { centre } from '../centre/profile';
import type { Language } from '../../shared/i18n';
import type { PdfKey } from '../../shared/i18n/pdf-en';
import type { AttendanceSummary } from '../attendance/report';
import { pdfSafe, PdfWords } from '../payments/pdf';
import { breathe } from '../services/rate-limit';

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

/**
 * Entries drawn between two turns of the event loop (ADR 068): a few milliseconds of drawing, so a request
 * that arrives meanwhile is answered after at most that, however long the record.
 */
export const ENTRIES_PER_TURN = 4;

class RecordPage {
  // Not compressed here: jspdf deflates every page in one synchronous call at the end, a long pause for a long
  // record. The archive deflates this entry instead, with zlib off the main thread (family-archive.ts).
  readonly doc = newPdfDocument({ unit: 'pt', format: 'letter', compress: false });
  y = MARGIN;

  constructor(
    readonly words: PdfWords,
    title: string,
  ) {
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
    this.text(this.words.t('pdf.record.section', { title, count: String(count) }), 13, 'bold', BRAND);
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
      const footer = this.words.t('pdf.record.footer', {
        centre: centre.name,
        address: centre.addressLine,
        page: String(i),
        pages: String(pages),
      });
      this.doc.text(pdfSafe(footer), PAGE_W / 2, PAGE_H - 36, { align: 'center' });
    }
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month (`YYYY-MM`): "November 2026" as it always was in English, "Noviembre de 2026" from the formatter in Spanish. */
export function monthName(w: PdfWords, month: string): string {
  if (w.language === 'en') return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
  const text = w.intl.formatDate(new Date(`${month}-15T12:00:00Z`), { month: 'long', year: 'numeric' });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
const daysText = (w: PdfWords, n: number) => w.t('pdf.record.days', { count: n, n: String(n) });

const CATEGORIES: readonly string[] = [...new Set([...MILESTONE_CATEGORIES, ...NOTE_CATEGORIES, ...ACTIVITY_CATEGORIES])];
/** A stored category in the reader's language; one the lists never had as it is stored. */
const categoryText = (w: PdfWords, c: string) => (CATEGORIES.includes(c) ? w.t(`pdf.record.category.${c}` as PdfKey) : c);
const programText = (w: PdfWords, p: string) =>
  (PROGRAMS as readonly string[]).includes(p) ? w.t(`pdf.record.program.${p}` as PdfKey) : p;

/** A line per month, compact enough for ten years: "November 2026: 18 days, 151.50 hours". */
function attendanceSection(page: RecordPage, a: AttendanceSummary) {
  const w = page.words;
  page.section(w.t('pdf.record.attendance'), a.months.length);
  if (!a.first || !a.last) {
    page.text(w.t('pdf.record.noAttendance'), 9.5, 'normal', MUTED);
    return;
  }
  page.text(w.t('pdf.record.firstLast', { first: w.date(a.first), last: w.date(a.last) }), 9.5, 'normal', INK);
  page.text(w.t('pdf.record.inAll', { days: daysText(w, a.days), hours: a.hours }), 9.5, 'normal', INK);
  page.y += 4;
  for (const m of a.months)
    page.text(w.t('pdf.record.month', { month: monthName(w, m.month), days: daysText(w, m.days), hours: m.hours }), 9, 'normal', INK, 10);
}

const list = (label: string, items: string[]) => (items.length ? [`${label}: ${items.join(', ')}`] : []);

/**
 * The record of one child, in `language` (the parent's; staff's is English). Drawn in steps of ENTRIES_PER_TURN
 * entries, the event loop turning between them, so the other requests are answered while a long record is drawn.
 */
export async function childRecordPdf(r: RecordForPdf, language: Language = 'en'): Promise<Buffer> {
  await loadPdfLibrary();
  let drawn = 0;
  const step = async () => {
    if (++drawn % ENTRIES_PER_TURN === 0) await breathe();
  };
  const w = new PdfWords(language);
  const title = w.t('pdf.record.title', { child: r.childName });
  const page = new RecordPage(w, title);
  page.text(centre.name, 16, 'bold', BRAND);
  page.text(centre.addressLine, 9.5, 'normal', MUTED);
  page.y += 8;
  page.text(title, 18, 'bold');
  page.text(
    [
      w.t('pdf.record.summary', { born: w.date(r.dateOfBirth), program: programText(w, r.program), started: w.date(r.startDate) }),
      ...(r.isActive ? [] : [w.t('pdf.record.notEnrolled')]),
    ].join(' - '),
    10,
    'normal',
    MUTED,
  );
  page.text(w.t('pdf.record.made', { date: w.date(r.madeOn) }), 10, 'normal', MUTED);

  attendanceSection(page, r.attendance);

  page.section(w.t('pdf.record.milestones'), r.milestones.length);
  if (!r.milestones.length) page.text(w.t('pdf.record.noMilestones'), 9.5, 'normal', MUTED);
  for (const m of r.milestones) {
    await step();
    page.entry(
      `${w.date(m.achievedAt)} - ${m.name}`,
      [
        w.t('pdf.record.category', { category: categoryText(w, m.category) }),
        ...(m.witnessedBy ? [w.t('pdf.record.witnessedBy', { name: m.witnessedBy })] : []),
      ],
      m.notes ? [m.notes] : [],
    );
  }

  page.section(w.t('pdf.record.notes'), r.notes.length);
  if (!r.notes.length) page.text(w.t('pdf.record.noNotes'), 9.5, 'normal', MUTED);
  for (const n of r.notes) {
    await step();
    page.entry(
      `${w.date(n.createdOn)} - ${n.title}`,
      [
        [w.t('pdf.record.category', { category: categoryText(w, n.category) }), w.t('pdf.record.by', { author: n.authorName })].join(' - '),
        ...list(w.t('pdf.record.skillsObserved'), n.skillsObserved),
        ...list(w.t('pdf.record.developmentAreas'), n.developmentAreas),
      ],
      [n.content],
    );
  }

  page.section(w.t('pdf.record.activities'), r.activities.length);
  if (!r.activities.length) page.text(w.t('pdf.record.noActivities'), 9.5, 'normal', MUTED);
  for (const a of r.activities) {
    await step();
    page.entry(
      `${w.date(a.activityDate)} - ${a.title}`,
      [
        [
          w.t('pdf.record.category', { category: categoryText(w, a.category) }),
          ...(a.duration ? [w.t('pdf.record.minutes', { count: a.duration, n: String(a.duration) })] : []),
          ...(a.authorName ? [w.t('pdf.record.by', { author: a.authorName })] : []),
        ].join(' - '),
        ...list(w.t('pdf.record.skillsPracticed'), a.skillsPracticed),
      ],
      [a.description, ...(a.notes ? [a.notes] : [])],
    );
  }

  await breathe();
  page.footers();
  await breathe();
  return Buffer.from(page.doc.output('arraybuffer'));
}
