/**
 * The monthly attendance report as a PDF (`GET /api/admin/attendance/report.pdf?month=`): the same figures as the
 * CSV (report.ts), drawn with jspdf on US Letter turned sideways so that a day fits on one line: each child with
 * room, date of birth and totals, then a line per day; each staff member's days; the room's spells out of ratio.
 * Every fixed word from the PDFs' catalogue (shared/i18n/pdf-*.ts); long cells wrap, never clipped; a new page
 * repeats the table's header. The event loop turns between children (ADR 068).
 */
import { loadPdfLibrary, newPdfDocument } from '../pdf/library';
import { centre } from '../centre/profile';
import { centreTimeOf } from '../../shared/centre-clock';
import { centreDateOf } from '../../shared/centre-time';
import { CATALOGUES, type MessageKey } from '../../shared/i18n';
import { ratioTableFor } from '../../shared/ratios';
import type { PdfKey } from '../../shared/i18n/pdf-en';
import type { Db } from '../db';
import { monthName } from '../exports/child-record-pdf';
import { pdfSafe, PdfWords } from '../payments/pdf';
import { breathe } from '../services/rate-limit';
import { breachUntil, breachWho, childDayCells, childMonths, durationText, hours, ratioHistory, staffMonths } from './report';

const PAGE_W = 792;
const PAGE_H = 612;
const MARGIN = 36;
const BOTTOM = PAGE_H - 40;
const INK: [number, number, number] = [28, 25, 23];
const MUTED: [number, number, number] = [87, 83, 78];
const BRAND: [number, number, number] = [17, 94, 89];
const SIZE = 8.5;
const LINE = 10.5;
/** Children drawn between two turns of the event loop. */
const CHILDREN_PER_TURN = 10;

type Table = { keys: PdfKey[]; widths: number[] };

class ReportPage {
  readonly doc = newPdfDocument({ unit: 'pt', format: 'letter', orientation: 'landscape', compress: true });
  y = MARGIN;
  private table: Table | null = null;

  constructor(readonly w: PdfWords) {}

  text(value: string, size: number, style: 'normal' | 'bold' = 'normal', color = INK) {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
    for (const line of this.doc.splitTextToSize(pdfSafe(value), PAGE_W - 2 * MARGIN) as string[]) {
      this.ensure(size * 1.3);
      this.doc.text(line, MARGIN, this.y + size);
      this.y += size * 1.3;
    }
  }

  ensure(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    if (this.table) this.header(this.table);
  }

  /** Starts a table: its header now and again at the top of each new page until the next table. */
  startTable(table: Table) {
    this.table = null;
    this.ensure(LINE * 3);
    this.table = table;
    this.header(table);
  }

  endTable() {
    this.table = null;
    this.y += 6;
  }

  private header(table: Table) {
    this.cells(
      table.keys.map((k) => this.w.t(k)),
      table.widths,
      'bold',
    );
  }

  row(cells: string[]) {
    this.cells(cells, this.table!.widths, 'normal');
  }

  private cells(cells: string[], widths: number[], style: 'normal' | 'bold') {
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(SIZE);
    const lines = cells.map((c, i) => this.doc.splitTextToSize(pdfSafe(c), widths[i]! - 6) as string[]);
    const height = Math.max(1, ...lines.map((l) => l.length)) * LINE;
    if (this.y + height > BOTTOM) {
      this.doc.addPage();
      this.y = MARGIN;
      if (this.table && style === 'normal') this.header(this.table);
      this.doc.setFont('helvetica', style);
      this.doc.setFontSize(SIZE);
    }
    this.doc.setTextColor(...(style === 'bold' ? MUTED : INK));
    let x = MARGIN;
    lines.forEach((l, i) => {
      l.forEach((line, j) => this.doc.text(line, x, this.y + SIZE + j * LINE));
      x += widths[i]!;
    });
    this.y += height;
  }

  section(title: string) {
    this.y += 10;
    this.ensure(40);
    this.text(title, 13, 'bold', BRAND);
    this.y += 2;
  }

  footers(month: string) {
    const pages = this.doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      this.doc.setPage(i);
      this.doc.setFont('helvetica', 'normal');
      this.doc.setFontSize(8);
      this.doc.setTextColor(...MUTED);
      const footer = this.w.t('pdf.attendance.footer', { centre: centre.name, month, page: String(i), pages: String(pages) });
      this.doc.text(pdfSafe(footer), PAGE_W / 2, PAGE_H - 20, { align: 'center' });
    }
  }
}

const CHILD_TABLE: Table = {
  keys: [
    'pdf.attendance.column.date',
    'pdf.attendance.column.status',
    'pdf.attendance.column.in',
    'pdf.attendance.column.droppedOffBy',
    'pdf.attendance.column.out',
    'pdf.attendance.column.pickedUpBy',
    'pdf.attendance.column.hours',
    'pdf.attendance.column.details',
  ],
  widths: [62, 48, 50, 170, 50, 170, 42, 128],
};
const STAFF_TABLE: Table = {
  keys: [
    'pdf.attendance.column.name',
    'pdf.attendance.column.date',
    'pdf.attendance.column.rooms',
    'pdf.attendance.column.in',
    'pdf.attendance.column.out',
    'pdf.attendance.column.hours',
    'pdf.attendance.column.details',
  ],
  widths: [150, 70, 190, 60, 60, 50, 140],
};
const RATIO_TABLE: Table = {
  keys: [
    'pdf.attendance.column.date',
    'pdf.attendance.column.room',
    'pdf.attendance.column.from',
    'pdf.attendance.column.until',
    'pdf.attendance.column.duration',
    'pdf.attendance.column.status',
    'pdf.attendance.column.who',
  ],
  widths: [62, 100, 50, 80, 64, 140, 224],
};

/** The month's report as PDF bytes; staff's copy is English. */
export async function attendanceReportPdf(db: Db, month: string, now: Date): Promise<Buffer> {
  await loadPdfLibrary();
  const w = new PdfWords('en');
  const page = new ReportPage(w);
  const today = centreDateOf(now);
  const name = monthName(w, month);
  page.doc.setProperties({ title: pdfSafe(w.t('pdf.attendance.documentTitle', { month })), author: centre.name, creator: centre.name });
  page.text(centre.name, 15, 'bold', BRAND);
  page.text(w.t('pdf.attendance.title', { month: name }), 17, 'bold');
  const { city, state } = centre.address;
  // The state by its name where the catalogue has one ('Ohio'), else by its code.
  const stateName = CATALOGUES[w.language][`enrollment.state.${state}` as MessageKey] ?? state;
  page.text(w.t('pdf.attendance.made', { date: w.date(today), city, state: stateName }), 9.5, 'normal', MUTED);
  const days = (n: number) => w.t('pdf.attendance.days', { count: n, n: String(n) });

  page.section(w.t('pdf.attendance.children'));
  let drawn = 0;
  for (const child of childMonths(db, month, today)) {
    if (++drawn % CHILDREN_PER_TURN === 0) await breathe();
    page.ensure(LINE * 5);
    page.y += 4;
    page.text(child.childName, 10.5, 'bold');
    page.text(
      w.t('pdf.attendance.childSummary', {
        room: child.room ?? w.t('pdf.attendance.noRoom'),
        born: w.date(child.dateOfBirth),
        present: days(child.daysPresent),
        absent: days(child.daysAbsent),
        hours: hours(child.ms),
      }),
      9,
      'normal',
      MUTED,
    );
    page.startTable(CHILD_TABLE);
    for (const day of child.days) {
      const c = childDayCells(w, day, centreTimeOf);
      page.row([w.date(day.date, 'short'), c.status, c.in, c.droppedOffBy, c.out, c.pickedUpBy, c.hours, c.details]);
    }
    page.endTable();
  }
  if (drawn === 0) page.text(w.t('pdf.attendance.noChildren'), 9.5, 'normal', MUTED);

  await breathe();
  page.section(w.t('pdf.attendance.staff'));
  const staff = staffMonths(db, month, today);
  if (staff.length === 0) page.text(w.t('pdf.attendance.noStaff'), 9.5, 'normal', MUTED);
  else {
    page.startTable(STAFF_TABLE);
    for (const person of staff) {
      for (const day of person.days)
        page.row([
          person.staffName,
          w.date(day.date, 'short'),
          day.rooms.join(', '),
          day.firstIn ? centreTimeOf(day.firstIn) : '',
          day.lastOut ? centreTimeOf(day.lastOut) : day.open === 'stillIn' ? w.t('pdf.attendance.stillIn') : '',
          hours(day.ms),
          day.open === 'noClockOut' ? w.t('pdf.attendance.noClockOut') : '',
        ]);
      page.row([
        person.staffName,
        w.t('pdf.attendance.total'),
        '',
        '',
        '',
        hours(person.ms),
        w.t('pdf.attendance.staffSummary', { days: days(person.days.length), hours: hours(person.ms) }),
      ]);
    }
    page.endTable();
  }

  await breathe();
  page.section(w.t('pdf.attendance.ratio'));
  page.text(w.t('pdf.attendance.ratioIntro'), 9, 'normal', MUTED);
  const breaches = ratioHistory(db, month, now);
  if (!ratioTableFor(centre.licensingState))
    page.text(w.t('pdf.attendance.noRatioTable', { state: centre.licensingState }), 9.5, 'normal', MUTED);
  else if (breaches.length === 0) page.text(w.t('pdf.attendance.noBreaches'), 9.5, 'normal', MUTED);
  else {
    page.startTable(RATIO_TABLE);
    for (const b of breaches)
      page.row([
        w.date(b.date, 'short'),
        b.room,
        centreTimeOf(b.from),
        breachUntil(w, b, centreTimeOf),
        durationText(w, b.ms),
        w.t('pdf.attendance.breach', { count: b.children, n: String(b.children), staff: b.staff, needed: b.needed }),
        breachWho(w, b),
      ]);
    page.endTable();
  }

  await breathe();
  page.footers(name);
  await breathe();
  return Buffer.from(page.doc.output('arraybuffer'));
}
