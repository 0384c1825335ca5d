import { readFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, parentChildRelationships, paymentReceipts } from '../../db/schema';
import { centre } from '../../src/shared/centre';
import { addChild, type AdminTestServer, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { loopbackSmtp } from '../helpers/smtp';
import { mimeAttachments, pdfText } from '../helpers/pdf';

type Receipt = typeof paymentReceipts.$inferSelect & { emailSentAt: string | null };
type Summary = {
  month: string;
  totalCents: number;
  totalAmount: string;
  thisMonthCents: number;
  thisMonthAmount: string;
  receiptCount: number;
  thisMonthCount: number;
  emailSentCount: number;
  notSentCount: number;
};
type SendBody = { emailSent: boolean; emailError: string | null; via: string | null; message: string; receipt: Receipt };
type StatementBody = {
  message: string;
  emailSent: boolean;
  summary: { taxYear: string; parentName: string; yearlyTotal: number; yearlyTotalCents: number; paymentCount: number };
};

function receiptBody(child: ChildBody, overrides: Record<string, unknown> = {}) {
  return {
    childId: child.id,
    parentName: child.parentName,
    parentEmail: child.parentEmail,
    paymentType: 'tuition',
    amount: '250.00',
    paymentMethod: 'cash',
    paymentDate: '2026-11-02',
    ...overrides,
  };
}

async function createReceipt(s: AdminTestServer, child: ChildBody, overrides: Record<string, unknown> = {}): Promise<Receipt> {
  const res = await s.request('/api/admin/payment-receipts', { method: 'POST', json: receiptBody(child, overrides), ...as(s.admin) });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Receipt>(res);
}

/** A receipt written straight into the table, as an older record might hold it (free-text amount included). */
function insertReceipt(
  s: AdminTestServer,
  values: Partial<typeof paymentReceipts.$inferInsert> & { parentEmail: string; amount: string; paymentDate: string },
) {
  return s.db
    .insert(paymentReceipts)
    .values({
      childName: 'Legacy Child',
      parentName: 'Legacy Parent',
      paymentType: 'tuition',
      paymentMethod: 'cash',
      receiptNumber: `LEGACY-${crypto.randomUUID()}`,
      ...values,
    })
    .returning()
    .get();
}

async function postError(s: AdminTestServer, path: string, body: unknown): Promise<{ status: number; message: string }> {
  const res = await s.request(path, { method: 'POST', json: body, ...as(s.admin) });
  return { status: res.status, message: (await json<{ message: string }>(res)).message };
}

describe('receipts', () => {
  const s = sharedAdminServer();

  it('creates a receipt with a server-made number, the child name from the record and the amount to the cent', async () => {
    const child = await addChild(s);
    const r = await createReceipt(s, child, { amount: '$1,234.5', childName: 'Someone Else', receiptNumber: 'HACKED', emailSent: true });
    expect(r.receiptNumber).toMatch(/^2026-\d{6}$/);
    expect(r).toMatchObject({ childName: child.childName, amount: '1234.50', emailSent: false, checkNumber: null });
    // tRPC answers the same list as REST.
    const list = await json<Receipt[]>(await s.request('/api/admin/payment-receipts', as(s.admin)));
    expect(list.map((x) => x.id)).toEqual((await s.caller('admin').payments.list()).items.map((x) => x.id));
  });

  it('keeps the check number only for checks and the transaction ID only for cards and transfers', async () => {
    const child = await addChild(s);
    const check = await createReceipt(s, child, { paymentMethod: 'check', checkNumber: '1042', transactionId: 'TX-1' });
    expect(check).toMatchObject({ checkNumber: '1042', transactionId: null });
    const card = await createReceipt(s, child, { paymentMethod: 'credit_card', checkNumber: '1042', transactionId: 'TX-9' });
    expect(card).toMatchObject({ checkNumber: null, transactionId: 'TX-9' });
    const cash = await createReceipt(s, child, { paymentMethod: 'cash', checkNumber: '1042', transactionId: 'TX-9' });
    expect(cash).toMatchObject({ checkNumber: null, transactionId: null });
  });

  it('refuses bad amounts, dates, types and children with a clear 400/404 and writes nothing', async () => {
    const child = await addChild(s);
    const before = s.count(paymentReceipts);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 'abc' }, 400, 'Please enter an amount in dollars and cents, e.g. 125.50'],
      [{ amount: '12.345' }, 400, 'Please enter an amount in dollars and cents, e.g. 125.50'],
      [{ amount: '0' }, 400, 'The amount must be greater than $0.00'],
      [{ amount: '-5' }, 400, 'Please enter an amount in dollars and cents, e.g. 125.50'],
      [{ amount: '1000000.01' }, 400, 'The amount must be at most $1,000,000.00'],
      [{ amount: '' }, 400, 'Amount is required'],
      [{ amount: null }, 400, 'Amount is required'],
      [{ paymentType: 'bribe' }, 400, 'Please choose a payment type'],
      [{ paymentMethod: 'barter' }, 400, 'Please choose a payment method'],
      [{ paymentDate: '2026-02-30' }, 400, 'Please enter a valid date (YYYY-MM-DD)'],
      [{ paymentDate: '2026-11-22' }, 400, 'The payment date cannot be in the future.'],
      [{ parentEmail: 'not-an-email' }, 400, 'Please enter a valid email address'],
      [{ childId: '' }, 400, 'Please choose a child'],
      [{ childId: 'no-such-child' }, 404, 'Child not found'],
    ];
    for (const [overrides, status, message] of cases) {
      expect(await postError(s, '/api/admin/payment-receipts', receiptBody(child, overrides)), JSON.stringify(overrides)).toEqual({
        status,
        message,
      });
    }
    expect(s.count(paymentReceipts)).toBe(before);
  });

  it("accepts a receipt dated today in the centre's calendar and refuses one dated tomorrow, whatever the date in UTC", async () => {
    const child = await addChild(s);
    const moments: [string, string, string][] = [
      // 00:30 in Columbus on 21 November (05:30 UTC): today has just begun there.
      ['2026-11-21T05:30:00Z', '2026-11-21', '2026-11-22'],
      // 19:30 in Columbus on 21 November, already 22 November in UTC: the 22nd is still tomorrow at the centre.
      ['2026-11-22T00:30:00Z', '2026-11-21', '2026-11-22'],
    ];
    try {
      for (const [now, today, tomorrow] of moments) {
        s.clock.set(now);
        const before = s.count(paymentReceipts);
        expect(await postError(s, '/api/admin/payment-receipts', receiptBody(child, { paymentDate: tomorrow })), now).toEqual({
          status: 400,
          message: 'The payment date cannot be in the future.',
        });
        expect(s.count(paymentReceipts)).toBe(before);
        expect((await createReceipt(s, child, { paymentDate: today })).paymentDate).toBe(today);
      }
    } finally {
      s.clock.set('2026-11-21T15:00:00Z');
    }
  });

  it('accepts an amount sent as a number, and the labels of the form', async () => {
    const child = await addChild(s);
    const r = await createReceipt(s, child, {
      amount: 99.9,
      paymentType: 'Activity Fee',
      paymentMethod: 'Bank Transfer',
      transactionId: 'ACH-77',
    });
    expect(r).toMatchObject({ amount: '99.90', paymentType: 'activity_fee', paymentMethod: 'bank_transfer', transactionId: 'ACH-77' });
  });

  it('gives 40 receipts created in parallel 40 different, consecutive numbers', async () => {
    const child = await addChild(s);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.request('/api/admin/payment-receipts', { method: 'POST', json: receiptBody(child, { amount: `${i + 1}.00` }), ...as(s.admin) }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    const numbers = (await Promise.all(responses.map((r) => json<Receipt>(r)))).map((r) => r.receiptNumber);
    expect(new Set(numbers).size).toBe(40);
    const sequence = numbers.map((n) => Number(n.slice(5))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(39);
  });

  it('never gives out the number of a deleted receipt again', async () => {
    const child = await addChild(s);
    const first = await createReceipt(s, child);
    const del = await s.request(`/api/admin/payment-receipts/${first.id}`, { method: 'DELETE', ...as(s.admin) });
    expect(del.status).toBe(200);
    expect(await json(del)).toMatchObject({
      message: `Receipt #${first.receiptNumber} was deleted.`,
      notice: { id: 'staff.notice.receiptDeleted', values: { number: first.receiptNumber } },
    });
    const next = await createReceipt(s, child);
    expect(Number(next.receiptNumber.slice(5))).toBe(Number(first.receiptNumber.slice(5)) + 1);
    expect((await s.request(`/api/admin/payment-receipts/${first.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(404);
  });

  it('skips a number already used by an imported record', async () => {
    const child = await addChild(s);
    const last = await createReceipt(s, child);
    const taken = `2026-${String(Number(last.receiptNumber.slice(5)) + 1).padStart(6, '0')}`;
    insertReceipt(s, { parentEmail: 'import@example.com', amount: '1.00', paymentDate: '2026-01-05', receiptNumber: taken });
    const next = await createReceipt(s, child);
    expect(next.receiptNumber).not.toBe(taken);
    expect(Number(next.receiptNumber.slice(5))).toBe(Number(taken.slice(5)) + 1);
  });
});

describe('sums in cents', () => {
  const s = sharedAdminServer();

  it('adds 0.1 and 0.2 to exactly 30 cents and ignores amounts that are not numbers', async () => {
    const child = await addChild(s);
    await createReceipt(s, child, { amount: '0.1', paymentDate: '2026-11-03' });
    await createReceipt(s, child, { amount: '0.2', paymentDate: '2026-11-04' });
    let summary = await json<Summary>(await s.request('/api/admin/payment-receipts/summary', as(s.admin)));
    expect(summary).toMatchObject({
      totalCents: 30,
      totalAmount: '0.30',
      thisMonthCents: 30,
      receiptCount: 2,
      thisMonthCount: 2,
      notSentCount: 2,
      emailSentCount: 0,
    });

    for (const amount of ['abc', '', 'twelve dollars', '1.2.3', 'NaN', 'Infinity'])
      insertReceipt(s, { parentEmail: 'x@example.com', amount, paymentDate: '2026-11-05' });
    insertReceipt(s, { parentEmail: 'x@example.com', amount: '$1,000.005', paymentDate: '2026-10-31' });
    summary = await json<Summary>(await s.request('/api/admin/payment-receipts/summary', as(s.admin)));
    // 0.30 + 1000.01 (half a cent rounds up); the six words count as receipts but add nothing.
    expect(summary).toMatchObject({ totalCents: 100031, totalAmount: '1000.31', thisMonthCents: 30, receiptCount: 9, thisMonthCount: 8 });
  });

  it("counts 'This Month' on the centre's calendar, not UTC", async () => {
    // 1 December 03:00 UTC is still 30 November in Columbus.
    s.clock.set('2026-12-01T03:00:00Z');
    try {
      insertReceipt(s, { parentEmail: 'tz@example.com', amount: '5.00', paymentDate: '2026-12-01' });
      const summary = await s.caller('admin').payments.summary();
      expect(summary.month).toBe('2026-11');
      expect(summary.thisMonthCents).toBe(30);
      s.clock.set('2026-12-01T05:30:00Z');
      const december = await s.caller('admin').payments.summary();
      expect(december).toMatchObject({ month: '2026-12', thisMonthCents: 500, thisMonthCount: 1 });
    } finally {
      s.clock.set('2026-11-21T15:00:00Z');
    }
  });
});

describe('year-end tax statement', () => {
  const s = sharedAdminServer();
  let ana: ChildBody;
  let ben: ChildBody;

  beforeAll(async () => {
    ana = await addChild(s, { childName: 'Ana Rivera', parentName: 'Carmen Rivera', parentEmail: 'carmen@example.com' });
    ben = await addChild(s, { childName: 'Ben Rivera', parentName: 'Carmen Rivera', parentEmail: 'carmen@example.com' });
    const other = await addChild(s, { childName: 'Zoe Other', parentName: 'Olga Other', parentEmail: 'olga@example.com' });
    // 2025: two children, the year's first and last day, amounts that a float would get wrong.
    await createReceipt(s, ana, { amount: '0.10', paymentDate: '2025-01-01', periodCovered: 'January 2025' });
    await createReceipt(s, ben, { amount: '0.20', paymentDate: '2025-06-15', paymentMethod: 'check', checkNumber: '5521' });
    await createReceipt(s, ana, { amount: '1200.35', paymentDate: '2025-12-31', paymentType: 'registration' });
    // Outside 2025 on both sides of the boundary, and another family's payment.
    await createReceipt(s, ana, { amount: '999.99', paymentDate: '2024-12-31' });
    await createReceipt(s, ben, { amount: '888.88', paymentDate: '2026-01-01' });
    await createReceipt(s, other, { amount: '777.77', paymentDate: '2025-05-05' });
    insertReceipt(s, {
      parentEmail: 'carmen@example.com',
      parentName: 'Carmen Rivera',
      childName: 'Ana Rivera',
      amount: 'waived',
      paymentDate: '2025-03-03',
    });
  });

  it('totals one parent’s payments of the year for every child, from 1 January to 31 December', async () => {
    const res = await s.request('/api/admin/year-end-tax-receipt', {
      method: 'POST',
      json: { parentEmail: 'Carmen@Example.com', taxYear: '2025' },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    const body = await json<StatementBody>(res);
    expect(body.summary).toEqual({
      taxYear: '2025',
      parentName: 'Carmen Rivera',
      yearlyTotal: 1200.65,
      yearlyTotalCents: 120065,
      paymentCount: 4,
    });
    expect(body.emailSent).toBe(true);
    expect(body.message).toBe('The 2025 year-end tax statement ($1,200.65) was e-mailed to Carmen Rivera at carmen@example.com.');
    expect(body).toMatchObject({
      notice: {
        id: 'staff.notice.taxSent',
        values: { year: '2025', total: '$1,200.65', parent: 'Carmen Rivera', email: 'carmen@example.com' },
      },
    });

    const pdf = await s.request(`/api/admin/year-end-tax-receipt/pdf?parentEmail=carmen%40example.com&taxYear=2025`, as(s.admin));
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    // Each payment's line names its type and method as people read them, never a stored code.
    expect(text).toContain('Tuition');
    expect(text).not.toMatch(/\b(tuition|cash|credit_card|bank_transfer)\b/);
    for (const expected of [
      centre.name,
      centre.address.street,
      `Columbus, OH ${centre.address.zip}`,
      centre.providerTaxId,
      'Form 2441',
      'W-10',
      'Carmen Rivera',
      'carmen@example.com',
      'Ana Rivera, Ben Rivera',
      'Jan 01, 2025',
      'Dec 31, 2025',
      '$0.10',
      '$0.20',
      '$1,200.35',
      'Check Number 5521',
      'Total paid in 2025 $1,200.65',
      'I certify',
      'Signature of provider',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const absent of ['$999.99', '$888.88', '$777.77', 'Zoe Other']) expect(text).not.toContain(absent);
  });

  it('answers the 2026 statement with only the 1 January payment', async () => {
    const body = await s.caller('admin').payments.sendTaxStatement({ parentEmail: 'carmen@example.com', taxYear: '2026' });
    expect(body.summary).toMatchObject({ yearlyTotalCents: 88888, paymentCount: 1 });
  });

  it('refuses missing or impossible input with 400, an unknown family with 404, an empty year with 400', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Please select a parent and enter a tax year.'],
      [{ parentEmail: '', taxYear: '2025' }, 400, 'Please select a parent and enter a tax year.'],
      [{ parentEmail: 'carmen@example.com', taxYear: '' }, 400, 'Please select a parent and enter a tax year.'],
      [{ parentEmail: 'carmen@example.com', taxYear: '25' }, 400, 'The tax year must be a four-digit year, e.g. 2025'],
      [{ parentEmail: 'carmen@example.com', taxYear: '1999' }, 400, 'Please choose a tax year from 2000 to 2026.'],
      [{ parentEmail: 'carmen@example.com', taxYear: '2027' }, 400, 'Please choose a tax year from 2000 to 2026.'],
      [{ parentEmail: 'nobody@example.com', taxYear: '2025' }, 404, 'No enrolled family or payment uses the e-mail nobody@example.com.'],
      [
        { parentEmail: 'carmen@example.com', taxYear: '2023' },
        400,
        'No payments from carmen@example.com were recorded in 2023, so there is no statement to send.',
      ],
    ];
    const sent = s.count(outboxMessages);
    for (const [body, status, message] of cases)
      expect(await postError(s, '/api/admin/year-end-tax-receipt', body), JSON.stringify(body)).toEqual({ status, message });
    expect(s.count(outboxMessages)).toBe(sent);
  });

  it('offers each parent e-mail once, sorted, with the name', async () => {
    const parents = await json<{ email: string; name: string }[]>(await s.request('/api/admin/tax-statement-parents', as(s.admin)));
    expect(parents.filter((p) => p.email === 'carmen@example.com')).toEqual([{ email: 'carmen@example.com', name: 'Carmen Rivera' }]);
    expect(parents.map((p) => p.email)).toEqual([...parents.map((p) => p.email)].sort());
  });

  it('keeps the statement, with its PDF attached, in the outbox .eml when no SMTP server is set', async () => {
    await s.caller('admin').payments.sendTaxStatement({ parentEmail: 'carmen@example.com', taxYear: '2025' });
    const row = s.db.select().from(outboxMessages).all().at(-1)!;
    expect(row).toMatchObject({ toAddress: 'carmen@example.com', subject: `Your 2025 year-end tax statement from ${centre.name}` });
    const [attachment] = mimeAttachments(readFileSync(row.emlFile, 'utf8'));
    expect(attachment).toMatchObject({ filename: 'tax-statement-2025.pdf', contentType: 'application/pdf' });
    expect(await pdfText(attachment!.content)).toContain('Total paid in 2025 $1,200.65');
  });
});

describe('e-mails through a real SMTP server on loopback', () => {
  const { received, smtpUrl } = loopbackSmtp();
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: smtpUrl() } }));

  it('sends the receipt as a PDF to the parent and only then marks it sent', async () => {
    const child = await addChild(s, { childName: 'Lena Müller', parentName: 'Jonas Müller', parentEmail: 'jonas@example.com' });
    const r = await createReceipt(s, child, {
      amount: '640.25',
      paymentMethod: 'check',
      checkNumber: '3107',
      periodCovered: 'November 2026',
      description: 'Monthly tuition',
      paymentDate: '2026-11-20',
    });
    const res = await s.request(`/api/admin/payment-receipts/${r.id}/send-email`, { method: 'POST', json: {}, ...as(s.admin) });
    expect(res.status).toBe(200);
    const body = await json<SendBody>(res);
    expect(body).toMatchObject({ emailSent: true, via: 'smtp', receipt: { emailSent: true, emailSentBy: 'director@example.com' } });
    expect(body).toMatchObject({
      message: `Receipt #${r.receiptNumber} was e-mailed to jonas@example.com.`,
      notice: { id: 'staff.notice.receiptEmailed', values: { number: r.receiptNumber, email: 'jonas@example.com' } },
    });
    expect(body.receipt.emailSentAt).toBeTruthy();

    expect(received.at(-1)!.to).toEqual(['jonas@example.com']);
    const [attachment] = mimeAttachments(received.at(-1)!.raw);
    expect(attachment).toMatchObject({ filename: `receipt-${r.receiptNumber}.pdf`, contentType: 'application/pdf' });
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(attachment!.content);
    for (const expected of [
      centre.name,
      centre.address.street,
      centre.providerTaxId,
      `Receipt # ${r.receiptNumber}`,
      'Lena Müller',
      'Jonas Müller (jonas@example.com)',
      '$640.25',
      'Nov 20, 2026',
      // The labels people read, not the stored codes.
      'Payment Type Tuition',
      'Payment Method Check',
      'Check Number 3107',
      'Period Covered November 2026',
      'Monthly tuition',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const stored = s.db.select().from(paymentReceipts).where(eq(paymentReceipts.id, r.id)).get()!;
    expect(stored).toMatchObject({ emailSent: true, emailSentBy: 'director@example.com' });
  });

  it('delivers the year-end statement with its PDF', async () => {
    const child = await addChild(s, { parentEmail: 'yearend@example.com', parentName: 'Year End' });
    await createReceipt(s, child, { amount: '100.10', paymentDate: '2025-02-01' });
    await createReceipt(s, child, { amount: '100.20', paymentDate: '2025-03-01' });
    const res = await s.request('/api/admin/year-end-tax-receipt', {
      method: 'POST',
      json: { parentEmail: 'yearend@example.com', taxYear: '2025' },
      ...as(s.admin),
    });
    expect((await json<StatementBody>(res)).summary.yearlyTotalCents).toBe(20030);
    expect(received.at(-1)!.to).toEqual(['yearend@example.com']);
    const [attachment] = mimeAttachments(received.at(-1)!.raw);
    expect(await pdfText(attachment!.content)).toContain('Total paid in 2025 $200.30');
  });
});

describe('an SMTP server that cannot be reached', () => {
  let port: number;
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  const s = sharedAdminServer(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }));

  it('keeps the receipt Not Sent and says why', async () => {
    const child = await addChild(s);
    const r = await createReceipt(s, child);
    const res = await s.request(`/api/admin/payment-receipts/${r.id}/send-email`, { method: 'POST', json: {}, ...as(s.admin) });
    expect(res.status).toBe(200);
    const body = await json<SendBody>(res);
    expect(body).toMatchObject({ emailSent: false, receipt: { id: r.id, emailSent: false } });
    expect(body.emailError).toMatch(/^The e-mail could not be sent/);
    expect(s.db.select().from(paymentReceipts).where(eq(paymentReceipts.id, r.id)).get()).toMatchObject({
      emailSent: false,
      emailSentAt: null,
      emailSentBy: null,
    });
  });
});

describe('downloads', () => {
  const s = sharedAdminServer();
  let mine: Receipt;
  let theirs: Receipt;
  let parent: { token: string; parentId: string };

  beforeAll(async () => {
    const child = await addChild(s, { childName: 'Mia Family', parentName: 'Pat Parent', parentEmail: 'parent@example.com' });
    const otherChild = await addChild(s, { childName: 'Other Kid', parentName: 'Other Parent', parentEmail: 'other@example.com' });
    mine = await createReceipt(s, child, { amount: '310.00', paymentDate: '2025-09-01' });
    await createReceipt(s, child, { amount: '20.05', paymentDate: '2026-02-01' });
    theirs = await createReceipt(s, otherChild, { amount: '410.00', paymentDate: '2025-09-01' });
    parent = await s.parentToken('parent@example.com');
    s.db.insert(parentChildRelationships).values({ parentId: parent.parentId, childId: child.id }).run();
    // Linked to the other family's child too (a shared custody link), but that family paid: its receipts stay its own.
    s.db.insert(parentChildRelationships).values({ parentId: parent.parentId, childId: otherChild.id }).run();
  });

  const bearer = () => ({ headers: { authorization: `Bearer ${parent.token}` } });

  function expectPdfHeaders(res: Response, fileName: string) {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  }

  it('lets staff download any receipt', async () => {
    const res = await s.request(`/api/admin/payment-receipts/${theirs.id}/pdf`, as(s.admin));
    expectPdfHeaders(res, `receipt-${theirs.receiptNumber}.pdf`);
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain('$410.00');
    expect((await s.request('/api/admin/payment-receipts/nope/pdf', as(s.admin))).status).toBe(404);
  });

  it('shows a parent only their own receipts, without staff notes, and the years they can download', async () => {
    const res = await s.request('/api/parent/payment-receipts', bearer());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json<{
      receipts: Record<string, unknown>[];
      statements: { taxYear: string; totalCents: number; paymentCount: number }[];
    }>(res);
    expect(body.receipts.map((r) => r.amount)).toEqual(['20.05', '310.00']);
    expect(body.receipts[0]).not.toHaveProperty('notes');
    expect(body.receipts[0]).not.toHaveProperty('emailSentBy');
    expect(body.statements).toEqual([
      { taxYear: '2026', paymentCount: 1, totalCents: 2005 },
      { taxYear: '2025', paymentCount: 1, totalCents: 31000 },
    ]);
  });

  it('lets a parent download their own receipt and statement, and answers 404 for another family’s', async () => {
    const own = await s.request(`/api/parent/payment-receipts/${mine.id}/pdf`, bearer());
    expectPdfHeaders(own, `receipt-${mine.receiptNumber}.pdf`);
    expect(await pdfText(new Uint8Array(await own.arrayBuffer()))).toContain('$310.00');

    const foreign = await s.request(`/api/parent/payment-receipts/${theirs.id}/pdf`, bearer());
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual({ message: 'Receipt not found' });

    const statement = await s.request('/api/parent/tax-statements/2025/pdf', bearer());
    expectPdfHeaders(statement, 'tax-statement-2025.pdf');
    const text = await pdfText(new Uint8Array(await statement.arrayBuffer()));
    expect(text).toContain('Total paid in 2025 $310.00');
    expect(text).not.toContain('$410.00');

    expect((await s.request('/api/parent/tax-statements/2019/pdf', bearer())).status).toBe(404);
    expect((await s.request('/api/parent/tax-statements/20x5/pdf', bearer())).status).toBe(400);
  });

  it('refuses the parent the staff downloads and the anonymous caller everything', async () => {
    expect((await s.request(`/api/admin/payment-receipts/${mine.id}/pdf`, bearer())).status).toBe(403);
    expect((await s.request(`/api/parent/payment-receipts/${mine.id}/pdf`)).status).toBe(401);
    expect((await s.request('/api/parent/tax-statements/2025/pdf', as(s.admin))).status).toBe(403);
  });
});
