/**
 * The receipt and year-end statement PDFs in the parent's saved language: a parent whose preference is
 * Spanish downloads them with every fixed word in Spanish and dates and money from the es-US formatter, while what
 * staff typed stays as typed; the same parent back in English gets the PDFs as they always were; staff's download
 * of the same receipt stays English; another family's receipt is still a 404.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { outboxMessages, parentChildRelationships } from '../../db/schema';
import { centre } from '../../src/shared/centre';
import { intlFor } from '../../src/shared/i18n';
import { pdfEn } from '../../src/shared/i18n/pdf-en';
import { pdfEs } from '../../src/shared/i18n/pdf-es';
import { addChild, type AdminTestServer, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { mimeAttachments, pdfText } from '../helpers/pdf';

type Receipt = { id: string; receiptNumber: string };

async function createReceipt(s: AdminTestServer, child: ChildBody, body: Record<string, unknown>): Promise<Receipt> {
  const res = await s.request('/api/admin/payment-receipts', {
    method: 'POST',
    json: { childId: child.id, parentName: child.parentName, parentEmail: child.parentEmail, ...body },
    ...as(s.admin),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Receipt>(res);
}

/** The words of a catalogue's messages, placeholders and ICU syntax left out. */
function words(messages: Record<string, string>): Set<string> {
  const out = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal) for (const w of el.value.toLowerCase().match(/\p{L}+/gu) ?? []) out.add(w);
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) walk(o.value);
    }
  };
  for (const message of Object.values(messages)) walk(parse(message));
  return out;
}

/** The PDFs' English words that Spanish never uses ('EIN', 'IRS', 'USD', 'Total' are in both). */
const spanishWords = words(pdfEs);
const ENGLISH_ONLY = [...words(pdfEn)].filter((w) => !spanishWords.has(w));

/** The English words left in a PDF's text once the centre's proper names and what staff typed are taken out. */
function englishLeft(text: string, typed: string[]): string[] {
  let rest = text;
  for (const name of [centre.name, centre.address.street, centre.address.city, centre.email, ...typed]) rest = rest.split(name).join(' ');
  return (rest.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => ENGLISH_ONLY.includes(w));
}

const es = intlFor('es');
const esMoney = (dollars: number) => es.formatNumber(dollars, { style: 'currency', currency: 'USD' });
const esDate = (iso: string, month: 'long' | 'short') =>
  es.formatDate(new Date(`${iso}T12:00:00Z`), { day: 'numeric', month, year: 'numeric' });

describe("a parent's receipt and statement PDFs in their saved language", () => {
  const s = sharedAdminServer();
  const TYPED = ['Lucía Ortega', 'Rosa Ortega', 'rosa@example.com', 'Field trip to the zoo', 'Fall term', 'TX-77'];
  let trip: Receipt;
  let tuition: Receipt;
  let theirs: Receipt;
  let parent: { token: string; parentId: string };
  const bearer = () => ({ headers: { authorization: `Bearer ${parent.token}` } });

  async function setLanguage(language: 'en' | 'es') {
    const res = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language }, ...bearer() });
    expect(res.status).toBe(200);
    expect(await json<{ language: string }>(res)).toMatchObject({ language });
  }

  async function download(path: string, init: { headers: Record<string, string> } = bearer()): Promise<string> {
    const res = await s.request(path, init);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return pdfText(new Uint8Array(await res.arrayBuffer()));
  }

  beforeAll(async () => {
    const child = await addChild(s, { childName: 'Lucía Ortega', parentName: 'Rosa Ortega', parentEmail: 'rosa@example.com' });
    const other = await addChild(s, { childName: 'Other Kid', parentName: 'Other Parent', parentEmail: 'other-family@example.com' });
    trip = await createReceipt(s, child, {
      paymentType: 'activity_fee',
      amount: '1234.50',
      paymentMethod: 'check',
      checkNumber: '1042',
      paymentDate: '2025-09-22',
      periodCovered: 'Fall term',
      description: 'Field trip to the zoo',
    });
    tuition = await createReceipt(s, child, {
      paymentType: 'tuition',
      amount: '20.05',
      paymentMethod: 'credit_card',
      transactionId: 'TX-77',
      paymentDate: '2025-01-01',
    });
    theirs = await createReceipt(s, other, { amount: '410.00', paymentMethod: 'cash', paymentDate: '2025-09-01' });
    parent = await s.parentToken('rosa@example.com');
    s.db.insert(parentChildRelationships).values({ parentId: parent.parentId, childId: child.id }).run();
  });

  it('draws the receipt in Spanish for a parent whose language is Spanish, keeping what staff typed', async () => {
    await setLanguage('es');
    const text = await download(`/api/parent/payment-receipts/${trip.id}/pdf`);
    for (const expected of [
      'Recibo de pago',
      `Recibo n.º ${trip.receiptNumber}`,
      'Fecha de emisión:',
      'Número de recibo',
      'Fecha de pago 22 de septiembre de 2025',
      `Fecha de pago ${esDate('2025-09-22', 'long')}`,
      'Niño o niña Lucía Ortega',
      'Recibido de Rosa Ortega (rosa@example.com)',
      'Tipo de pago Cuota de actividades',
      'Forma de pago Cheque',
      'Número de cheque 1042',
      // What staff typed, as typed.
      'Período cubierto Fall term',
      'Descripción Field trip to the zoo',
      `Monto recibido (USD) ${esMoney(1234.5)}`,
      'Conserve este recibo para sus archivos',
      'formulario 2441 del IRS',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    // The check has teeth: the English words it looks for include the receipt's own.
    expect(ENGLISH_ONLY).toEqual(expect.arrayContaining(['receipt', 'amount', 'payment', 'received', 'child', 'page', 'issued']));
    expect(englishLeft(text, TYPED)).toEqual([]);
    expect(text).not.toMatch(/Receipt|Amount|Payment|Issued|Sep 22|Page 1/);
  });

  it('draws the year-end statement in Spanish, with es-US dates and money', async () => {
    await setLanguage('es');
    const text = await download('/api/parent/tax-statements/2025/pdf');
    for (const expected of [
      'Estado de cuenta anual para impuestos 2025',
      'Pagos por el cuidado de hijos y dependientes',
      'Este estado de cuenta detalla los pagos que',
      'formulario 2441 del IRS (Gastos del cuidado de hijos y dependientes)',
      'Proveedor de cuidado',
      `Teléfono ${centre.phones[0]}`,
      'Padre, madre o tutor',
      'Correo electrónico rosa@example.com',
      'Niño o niña Lucía Ortega',
      'Año fiscal Del 1 de enero al 31 de diciembre de 2025',
      'Pagos recibidos en 2025',
      'Fecha Recibo n.º Niño o niña Descripción Monto',
      // The table's dates are the short es-US form; the types and references in Spanish, the typed period as typed.
      `${esDate('2025-01-01', 'short')} ${tuition.receiptNumber}`,
      '1 ene 2025',
      '22 sept 2025',
      'Colegiatura - Número de transacción TX-77',
      'Cuota de actividades - Fall term - Número de cheque 1042',
      `Total pagado en 2025 ${esMoney(1254.55)}`,
      '2 pagos. Montos en dólares estadounidenses.',
      'Certificación del proveedor',
      `por un total de ${esMoney(1254.55)}`,
      'Firma del proveedor (representante autorizado)',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    expect(englishLeft(text, TYPED)).toEqual([]);
    expect(text).not.toMatch(/Statement|Total paid|Payments|Tuition|Child and Dependent|Page 1/);
    expect(text).not.toContain(esMoney(410));
  });

  it('gives the same parent back in English the PDFs as they always were', async () => {
    await setLanguage('en');
    const receipt = await download(`/api/parent/payment-receipts/${trip.id}/pdf`);
    for (const expected of [
      'Payment Receipt',
      `Receipt # ${trip.receiptNumber}`,
      'Payment Date Sep 22, 2025',
      'Payment Type Activity Fee',
      'Payment Method Check',
      'Amount Received (USD) $1,234.50',
      'Page 1 of 1',
    ])
      expect(receipt).toContain(expected);
    const statement = await download('/api/parent/tax-statements/2025/pdf');
    for (const expected of [
      'Year-End Tax Statement 2025',
      'Jan 01, 2025',
      'Tuition - Transaction ID TX-77',
      'Total paid in 2025 $1,254.55',
      '2 payments. Amounts in US dollars.',
      'Tax Year January 1 - December 31, 2025',
    ])
      expect(statement).toContain(expected);
    expect(`${receipt} ${statement}`).not.toMatch(/Recibo|Monto|Página|Colegiatura/);
  });

  it("keeps staff's download English, and another family's receipt a 404, for a Spanish parent", async () => {
    await setLanguage('es');
    const staff = await download(`/api/admin/payment-receipts/${trip.id}/pdf`, as(s.admin));
    expect(staff).toContain('Payment Receipt');
    expect(staff).toContain('Amount Received (USD) $1,234.50');
    expect(staff).not.toContain('Recibo');
    const staffStatement = await download('/api/admin/year-end-tax-receipt/pdf?parentEmail=rosa%40example.com&taxYear=2025', as(s.admin));
    expect(staffStatement).toContain('Total paid in 2025 $1,254.55');

    const foreign = await s.request(`/api/parent/payment-receipts/${theirs.id}/pdf`, bearer());
    expect(foreign.status).toBe(404);
    // Refused in the parent's language too (tests/integration/parent-language-errors.test.ts).
    expect(await json(foreign)).toEqual({ message: 'No encontramos ese recibo' });
  });
  it('e-mails the receipt and the statement in Spanish, with Spanish PDFs, to a Spanish parent; in English to an English one', async () => {
    const lastMail = () => {
      const row = s.db.select().from(outboxMessages).all().at(-1)!;
      const eml = readFileSync(row.emlFile, 'utf8');
      return { row, eml, pdf: mimeAttachments(eml)[0]! };
    };
    await setLanguage('es');
    await s.caller('admin').payments.sendEmail(trip.id);
    let mail = lastMail();
    expect(mail.row).toMatchObject({ toAddress: 'rosa@example.com', subject: `Recibo de pago ${trip.receiptNumber} de ${centre.name}` });
    expect(await pdfText(mail.pdf.content)).toContain('Recibo de pago');
    await s.caller('admin').payments.sendTaxStatement({ parentEmail: 'rosa@example.com', taxYear: '2025' });
    mail = lastMail();
    expect(mail.row.subject).toBe(`Su estado de cuenta anual 2025 para impuestos de ${centre.name}`);
    expect(await pdfText(mail.pdf.content)).toContain(esMoney(1254.55));

    await setLanguage('en');
    await s.caller('admin').payments.sendEmail(trip.id);
    mail = lastMail();
    expect(mail.row.subject).toBe(`Payment receipt ${trip.receiptNumber} from ${centre.name}`);
    expect(await pdfText(mail.pdf.content)).toContain('Amount Received (USD) $1,234.50');
    await s.caller('admin').payments.sendTaxStatement({ parentEmail: 'rosa@example.com', taxYear: '2025' });
    expect(lastMail().row.subject).toBe(`Your 2025 year-end tax statement from ${centre.name}`);
  });
});
