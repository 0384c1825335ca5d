/**
 * The printable daily sign-in sheet: for each room, each child with the times and adults of the day's
 * check-ins and check-outs, and blank lines for a paper signature. Drawn with jspdf on US Letter, as the
 * payment PDFs are (payments/pdf.ts).
 */
import { newPdfDocument } from '../pdf/library';
import { centre } from '../centre/profile';
import { centreTimeOf } from '../../shared/centre-clock';
import { pdfSafe } from '../payments/pdf';
import type { attendanceDay } from './records';

type Day = ReturnType<typeof attendanceDay>;

const MARGIN = 40;
const PAGE_H = 792;
const BOTTOM = PAGE_H - 48;
const COLS = [MARGIN, 200, 270, 390, 460] as const;

export function signInSheetPdf(day: Day): Buffer {
  const doc = newPdfDocument({ unit: 'pt', format: 'letter', compress: true });
  const title = `Daily sign-in sheet ${day.date}`;
  doc.setProperties({ title, author: centre.name, creator: centre.name });
  let y = MARGIN;
  const line = (cells: string[], bold = false) => {
    if (y + 16 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(9.5);
    cells.forEach((cell, i) => {
      const width = (COLS[i + 1] ?? 572) - COLS[i]! - 6;
      const text = (doc.splitTextToSize(pdfSafe(cell), width) as string[])[0] ?? '';
      doc.text(text, COLS[i]!, y + 10);
    });
    y += 16;
  };
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(pdfSafe(centre.name), MARGIN, y + 14);
  y += 22;
  doc.setFontSize(12);
  doc.text(pdfSafe(title), MARGIN, y + 12);
  y += 26;
  const groups = [...day.classrooms.map((r) => ({ name: r.name, id: r.classroomId as string | null })), { name: 'No classroom', id: null }];
  for (const group of groups) {
    const kids = day.children.filter((c) => c.classroomId === group.id);
    if (kids.length === 0) continue;
    y += 6;
    line([group.name], true);
    line(['Child', 'In', 'Dropped off by', 'Out', 'Picked up by'], true);
    for (const c of kids) {
      const pairs: { in?: (typeof c.events)[number]; out?: (typeof c.events)[number] }[] = [];
      for (const e of c.events) {
        if (e.kind === 'in' || pairs.length === 0 || pairs.at(-1)!.out) pairs.push({});
        pairs.at(-1)![e.kind] = e;
      }
      if (pairs.length === 0) pairs.push({});
      for (const p of pairs)
        line([
          c.childName,
          p.in ? centreTimeOf(p.in.at) : '______',
          p.in?.by ?? '________________',
          p.out ? centreTimeOf(p.out.at) : '______',
          p.out ? `${p.out.by}${p.out.override ? ' (override)' : ''}` : '________________',
        ]);
    }
  }
  return Buffer.from(doc.output('arraybuffer'));
}
