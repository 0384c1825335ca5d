/**
 * A child's emergency sheet (ADR 094): one page, printed to go with the child in an emergency transport, with what a
 * paramedic or a hospital asks first: the contacts, the authorized pickups, the allergies, the medications, the
 * physician and the care plan. Drawn with jspdf on US Letter, as the sign-in sheet is (attendance/sheet-pdf.ts);
 * staff's copy, English words from the PDFs' catalogue. Long texts are cut to fit the one page.
 */
import { newPdfDocument } from '../pdf/library';
import { centre } from '../centre/profile';
import type { PdfKey } from '../../shared/i18n/pdf-en';
import { pdfSafe, PdfWords } from '../payments/pdf';

export interface EmergencySheet {
  childName: string;
  dateOfBirth: string;
  madeOn: string;
  contacts: { parentName: string; parentPhone: string | null; parentEmail: string; emergencyContact: string | null };
  pickups: { name: string; relationship: string; phone: string }[];
  allergies: string | null;
  medications: string | null;
  physician: string | null;
  carePlan: string | null;
}

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const BOTTOM = 792 - 48;
/** Lines one section may take, so that the sheet stays one page. */
const SECTION_LINES = 6;

export function emergencySheetPdf(sheet: EmergencySheet): Buffer {
  const words = new PdfWords('en');
  const doc = newPdfDocument({ unit: 'pt', format: 'letter', compress: true });
  const title = words.t('pdf.emergency.title', { child: sheet.childName });
  doc.setProperties({ title: pdfSafe(title), author: centre.name, creator: centre.name });
  let y = MARGIN;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(pdfSafe(centre.name), MARGIN, y + 14);
  y += 24;
  doc.setFontSize(13);
  doc.text(pdfSafe(title), MARGIN, y + 12);
  y += 18;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  doc.text(
    pdfSafe(
      `${words.t('pdf.emergency.born', { date: words.date(sheet.dateOfBirth) })} - ${words.t('pdf.issued', { date: words.date(sheet.madeOn) })}`,
    ),
    MARGIN,
    y + 10,
  );
  y += 22;

  const section = (key: PdfKey, lines: string[]) => {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.text(pdfSafe(words.t(key)), MARGIN, y + 11);
    y += 16;
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    const wrapped = lines.flatMap((l) => doc.splitTextToSize(pdfSafe(l), WIDTH) as string[]);
    const shown = wrapped.length > SECTION_LINES ? [...wrapped.slice(0, SECTION_LINES - 1), `${wrapped[SECTION_LINES - 1]} ...`] : wrapped;
    for (const line of shown.length ? shown : [words.t('pdf.emergency.none')]) {
      if (y + 13 > BOTTOM) return;
      doc.text(line, MARGIN + 8, y + 10);
      y += 13;
    }
    y += 8;
  };
  const c = sheet.contacts;
  section('pdf.emergency.contacts', [
    [c.parentName, c.parentPhone, c.parentEmail].filter(Boolean).join(', '),
    ...(c.emergencyContact ? [words.t('pdf.emergency.emergencyContact', { contact: c.emergencyContact })] : []),
  ]);
  section(
    'pdf.emergency.pickups',
    sheet.pickups.map((p) => `${p.name} (${p.relationship}), ${p.phone}`),
  );
  section('pdf.emergency.allergies', sheet.allergies ? [sheet.allergies] : []);
  section('pdf.emergency.medications', sheet.medications ? [sheet.medications] : []);
  section('pdf.emergency.physician', sheet.physician ? [sheet.physician] : []);
  section('pdf.emergency.carePlan', sheet.carePlan ? [sheet.carePlan] : []);
  return Buffer.from(doc.output('arraybuffer'));
}
