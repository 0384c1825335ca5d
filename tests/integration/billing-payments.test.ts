import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, invoices, lateFeeProposals, mailQueue, paymentAllocations } from '../../db/schema';
import { settleFamily } from '../../src/server/billing/settle';
import { agingBucket } from '../../src/server/billing/aging';
import { cacheStore } from '../../src/server/cache/store';
import { pendingLateFeeLines } from '../../src/server/billing/late-fees';
import { queueInvoiceReminders } from '../../src/server/billing/reminders';
import type { Db } from '../../src/server/db';
import { createMailer } from '../../src/server/services/mailer';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { insertInvoice, invoiceRow } from '../helpers/billing';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';
import { fakeClock } from '../helpers/server';

type Billing = {
  balance: string;
  credit: string;
  invoices: { id: string; number: string; total: string; paid: string; balance: string; status: string; overdue: boolean }[];
  payments: { receiptNumber: string; amount: string }[];
  ledger: { date: string; kind: string; amount: string; balance: string }[];
};

describe('payments applied to invoices (ADR 101)', () => {
  const s = sharedAdminServer();

  async function pay(
    family: { email: string; children: { id: string; parentName: string }[] },
    amount: string,
    paymentDate = '2026-11-20',
  ) {
    const res = await s.request('/api/admin/payment-receipts', {
      method: 'POST',
      json: {
        childId: family.children[0]!.id,
        parentName: family.children[0]!.parentName,
        parentEmail: family.email,
        paymentType: 'tuition',
        amount,
        paymentMethod: 'check',
        checkNumber: '1001',
        paymentDate,
      },
      ...as(s.admin),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return json<{ id: string; receiptNumber: string }>(res);
  }
  const billingOf = async (token: string) => {
    const res = await s.request('/api/parent/billing', bearer(token));
    expect(res.status).toBe(200);
    return json<Billing>(res);
  };

  it('pays the oldest due date first, leaves a partial balance on the next, and the rest open', async () => {
    const fam = await enrolFamily(s, 'Oldest.First@example.com', ['Olive Oldest']);
    const email = 'oldest.first@example.com';
    // Written newest first: the order applied is the due date's, not the order written.
    const nov = insertInvoice(s.db, { familyEmail: email, month: '2026-11', totalCents: 30000 });
    const oct = insertInvoice(s.db, { familyEmail: email, month: '2026-10', totalCents: 30000 });
    const sep = insertInvoice(s.db, { familyEmail: email, month: '2026-09', totalCents: 30000 });
    const receipt = await pay(fam, '400.00');

    expect(invoiceRow(s.db, sep)).toMatchObject({ paidCents: 30000, status: 'paid' });
    expect(invoiceRow(s.db, oct)).toMatchObject({ paidCents: 10000, status: 'open' });
    expect(invoiceRow(s.db, nov)).toMatchObject({ paidCents: 0, status: 'open' });
    const allocations = s.db.select().from(paymentAllocations).where(eq(paymentAllocations.receiptId, receipt.id)).all();
    expect(allocations.map((a) => [a.invoiceId, a.amountCents]).sort()).toEqual(
      [
        [oct, 10000],
        [sep, 30000],
      ].sort(),
    );

    const billing = await billingOf(fam.token);
    expect(billing.balance).toBe('500.00');
    expect(billing.credit).toBe('0.00');
    expect(billing.invoices.map((i) => [i.id, i.balance, i.status, i.overdue])).toEqual([
      [nov, '300.00', 'open', true],
      [oct, '200.00', 'open', true],
      [sep, '0.00', 'paid', false],
    ]);
    expect(billing.payments).toEqual([expect.objectContaining({ receiptNumber: receipt.receiptNumber, amount: '400.00' })]);
    // The ledger, newest first, ends (at its top) on the balance.
    expect(billing.ledger[0]).toMatchObject({ kind: 'payment', amount: '-400.00', balance: '500.00' });
    expect(billing.ledger.map((e) => e.kind)).toEqual(['payment', 'invoice', 'invoice', 'invoice']);
  });

  it('keeps an overpayment as a credit and applies it to the next invoice when it exists', async () => {
    const fam = await enrolFamily(s, 'over.pay@example.com', ['Oscar Over']);
    const first = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-10', totalCents: 50000 });
    await pay(fam, '700.00');
    expect(invoiceRow(s.db, first)).toMatchObject({ paidCents: 50000, status: 'paid' });
    let billing = await billingOf(fam.token);
    expect(billing).toMatchObject({ balance: '-200.00', credit: '200.00' });

    // The next invoice is generated: the credit pays part of it at once.
    const next = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', totalCents: 50000 });
    expect(invoiceRow(s.db, next)).toMatchObject({ paidCents: 20000, status: 'open' });
    billing = await billingOf(fam.token);
    expect(billing).toMatchObject({ balance: '300.00', credit: '0.00' });
  });

  it('undoes what a deleted receipt paid, in the same transaction', async () => {
    const fam = await enrolFamily(s, 'undo.pay@example.com', ['Ursula Undo']);
    const inv = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', totalCents: 12345 });
    const receipt = await pay(fam, '123.45');
    expect(invoiceRow(s.db, inv)).toMatchObject({ paidCents: 12345, status: 'paid' });
    const res = await s.request(`/api/admin/payment-receipts/${receipt.id}`, { method: 'DELETE', ...as(s.admin) });
    expect(res.status).toBe(200);
    expect(invoiceRow(s.db, inv)).toMatchObject({ paidCents: 0, status: 'open' });
    expect(s.db.select().from(paymentAllocations).where(eq(paymentAllocations.receiptId, receipt.id)).all()).toEqual([]);
    expect((await billingOf(fam.token)).balance).toBe('123.45');
  });

  it('releases what a void invoice held to the family’s next open invoice', async () => {
    const fam = await enrolFamily(s, 'void.pay@example.com', ['Vera Void']);
    const wrong = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-10', totalCents: 40000 });
    await pay(fam, '400.00');
    const right = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', totalCents: 40000 });
    expect(invoiceRow(s.db, right).paidCents).toBe(0);
    // The invoices half voids in a transaction of its own and settles the family there, as here.
    s.db.transaction((tx) => {
      const db = tx as unknown as Db;
      db.update(invoices).set({ status: 'void', voidReason: 'Billed twice', voidedAt: s.clock.now() }).where(eq(invoices.id, wrong)).run();
      settleFamily(db, fam.email);
    });
    expect(invoiceRow(s.db, right)).toMatchObject({ paidCents: 40000, status: 'paid' });
    const billing = await billingOf(fam.token);
    expect(billing.balance).toBe('0.00');
    expect(billing.ledger[0]).toMatchObject({ kind: 'void', amount: '-400.00', balance: '0.00' });
  });

  it('counts only receipts paid since the centre first billed: older ones are not a credit', async () => {
    const fam = await enrolFamily(s, 'before.billing@example.com', ['Bea Before']);
    await pay(fam, '999.00', '2024-03-01');
    const inv = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', totalCents: 10000 });
    expect(invoiceRow(s.db, inv)).toMatchObject({ paidCents: 0, status: 'open' });
    expect((await billingOf(fam.token)).payments).toEqual([]);
  });

  it('answers each parent their own family only, never stored by a cache on the way', async () => {
    const a = await enrolFamily(s, 'family.one@example.com', ['Ann One']);
    const b = await enrolFamily(s, 'family.two@example.com', ['Ben Two']);
    const invA = insertInvoice(s.db, { familyEmail: a.email, month: '2026-11', totalCents: 77700 });
    const res = await s.request('/api/parent/billing', bearer(b.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await res.text();
    expect(body).not.toContain(invA);
    expect(body).not.toContain('777.00');
    expect((await billingOf(a.token)).invoices.map((i) => i.id)).toEqual([invA]);
    // Staff and anonymous callers have no family.
    expect((await s.request('/api/parent/billing', as(s.admin))).status).toBe(403);
    expect((await s.request('/api/parent/billing')).status).toBe(401);
    // The parent's read takes no input naming a family: a query string is ignored, never obeyed.
    const asked = await s.request(`/api/parent/billing?familyEmail=${encodeURIComponent(a.email)}`, bearer(b.token));
    expect(await asked.text()).not.toContain(invA);
  });
});

describe('the aging report on known data (a fixed clock: 2026-11-21)', () => {
  const s = sharedAdminServer();

  it('puts each open balance in the bucket of its days past due, per family, with totals', async () => {
    const email = 'aging.family@example.com';
    let month = 0;
    // One invoice a period (a family has one per period): the periods of 2025, each with the due date under test.
    const due = (dueDate: string, cents: number) =>
      insertInvoice(s.db, {
        familyEmail: email,
        familyName: 'Avery Aging',
        month: `2025-${String(++month).padStart(2, '0')}`,
        dueDate,
        totalCents: cents,
      });
    due('2026-11-25', 100); // not yet due: current
    due('2026-11-21', 200); // due today: current
    due('2026-11-20', 300); // 1 day: 1–30
    due('2026-10-22', 400); // 30 days: 1–30
    due('2026-10-21', 500); // 31 days: 31–60
    due('2026-09-22', 600); // 60 days: 31–60
    due('2026-09-21', 700); // 61 days: 61–90
    due('2026-08-23', 800); // 90 days: 61–90
    due('2026-08-22', 900); // 91 days: over 90
    insertInvoice(s.db, { familyEmail: email, month: '2026-07', dueDate: '2026-07-10', totalCents: 5000, status: 'void' }, false);
    insertInvoice(s.db, {
      familyEmail: 'other.family@example.com',
      familyName: '=Bad, "Name"',
      month: '2026-11',
      dueDate: '2026-11-01',
      totalCents: 1050,
    });

    const res = await s.request('/api/admin/billing/aging', as(s.admin));
    expect(res.status).toBe(200);
    const report = await json<{ asOf: string; families: Record<string, string>[]; totals: Record<string, string> }>(res);
    expect(report.asOf).toBe('2026-11-21');
    // By name, as the spreadsheet sorts it ('=' before letters).
    expect(report.families).toEqual([
      {
        familyEmail: 'other.family@example.com',
        familyName: '=Bad, "Name"',
        current: '0.00',
        days1to30: '10.50',
        days31to60: '0.00',
        days61to90: '0.00',
        over90: '0.00',
        total: '10.50',
      },
      {
        familyEmail: email,
        familyName: 'Avery Aging',
        current: '3.00',
        days1to30: '7.00',
        days31to60: '11.00',
        days61to90: '15.00',
        over90: '9.00',
        total: '45.00',
      },
    ]);
    expect(report.totals).toEqual({
      current: '3.00',
      days1to30: '17.50',
      days31to60: '11.00',
      days61to90: '15.00',
      over90: '9.00',
      total: '55.50',
    });

    const csv = await s.request('/api/admin/billing/aging.csv', as(s.admin));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Family,Parent e-mail,Current,1-30 days,31-60 days,61-90 days,Over 90 days,Total');
    expect(lines[2]).toBe(`Avery Aging,${email},3.00,7.00,11.00,15.00,9.00,45.00`);
    // A formula-looking name is defused and quoted, as in every export.
    expect(lines[1]).toBe(`"'=Bad, ""Name""",other.family@example.com,0.00,10.50,0.00,0.00,0.00,10.50`);
    expect(lines[3]).toBe('All families,,3.00,17.50,11.00,15.00,9.00,55.50');
  });

  it('agingBucket: the edges of each bucket', () => {
    expect(agingBucket('2026-11-21', '2026-11-21')).toBe('current');
    expect(agingBucket('2026-11-20', '2026-11-21')).toBe('days1to30');
    expect(agingBucket('2026-02-28', '2026-03-30')).toBe('days1to30');
    expect(agingBucket('2026-02-28', '2026-03-31')).toBe('days31to60');
    expect(agingBucket('2026-03-01', '2026-06-01')).toBe('over90');
  });

  it('refuses a teacher (403), a parent (403) and a stranger (401), for the report and its CSV', async () => {
    const teacher = await s.adminCookie('aging.teacher@example.com', 'teacher');
    const { token } = await s.parentToken('aging.parent@example.com');
    for (const path of [
      '/api/admin/billing/aging',
      '/api/admin/billing/aging.csv',
      '/api/admin/billing/summary',
      '/api/admin/billing/late-fees',
    ]) {
      expect((await s.request(path, as(teacher))).status, path).toBe(403);
      expect((await s.request(path, bearer(token))).status, path).toBe(403);
      expect((await s.request(path)).status, path).toBe(401);
    }
  });

  it('sums this month: billed (void left out), collected, the agencies’ share', async () => {
    const res = await s.request('/api/admin/billing/summary', as(s.admin));
    expect(res.status).toBe(200);
    const summary = await json<Record<string, string>>(res);
    // Issued in November: only the other family's 10.50 (Avery's were issued in 2025); none paid; no agency.
    expect(summary).toMatchObject({ month: '2026-11', billed: '10.50', collected: '0.00', agencies: '0.00', outstanding: '55.50' });
  });
});

describe('late pickups and overdue reminders', () => {
  const s = sharedAdminServer();

  async function checkInAndOut(childId: string, by: string, inAt: string, outAt: string) {
    s.clock.set(outAt);
    for (const [kind, at] of [
      ['in', inAt],
      ['out', outAt],
    ] as const) {
      const res = await s.request('/api/admin/attendance', { method: 'POST', json: { childId, kind, by, at }, ...as(s.admin) });
      expect(res.status, await res.clone().text()).toBe(201);
    }
  }
  const fees = async () =>
    await json<{
      ratePerQuarterHour: string;
      proposals: { id: string; childId: string; minutesLate: number; fee: string; status: string }[];
    }>(await s.request('/api/admin/billing/late-fees', as(s.admin)));

  it('proposes a fee for a check-out after closing; confirmed, it is a line of the open invoice of that period', async () => {
    const fam = await enrolFamily(s, 'late.pickup@example.com', ['Lola Late']);
    const child = fam.children[0]!;
    const inv = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', totalCents: 100000 });
    // Friday 2026-11-20: the centre closes at 17:30 (New York); 18:10 is 40 minutes late.
    // On time the day before: no proposal.
    await checkInAndOut(child.id, child.parentName, '2026-11-19T13:00:00Z', '2026-11-19T22:29:00Z');
    await checkInAndOut(child.id, child.parentName, '2026-11-20T13:00:00Z', '2026-11-20T23:10:00Z');
    const list = await fees();
    expect(list.ratePerQuarterHour).toBe('5.00');
    const mine = list.proposals.filter((p) => p.childId === child.id);
    expect(mine).toEqual([expect.objectContaining({ minutesLate: 40, fee: '15.00', status: 'proposed' })]);

    const confirm = await s.request(`/api/admin/billing/late-fees/${mine[0]!.id}/confirm`, { method: 'POST', json: {}, ...as(s.admin) });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    expect(await json(confirm)).toMatchObject({ status: 'billed', fee: '15.00', invoiceId: inv });
    expect(invoiceRow(s.db, inv).totalCents).toBe(101500);
    const lines = s.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, inv), eq(invoiceLines.kind, 'late_fee')))
      .all();
    expect(lines).toEqual([expect.objectContaining({ amountCents: 1500, childId: child.id, position: 2 })]);
    expect(lines[0]!.description).toContain('Lola Late');

    // Decided once: a second decision is a 409 that changes nothing.
    const again = await s.request(`/api/admin/billing/late-fees/${mine[0]!.id}/dismiss`, { method: 'POST', json: {}, ...as(s.admin) });
    expect(again.status).toBe(409);
    expect(invoiceRow(s.db, inv).totalCents).toBe(101500);
  });

  it('keeps a confirmed fee with no open invoice for the next one generated (pendingLateFeeLines), once', async () => {
    const fam = await enrolFamily(s, 'late.waiting@example.com', ['Wes Waiting']);
    const child = fam.children[0]!;
    // Wednesday 2026-11-18, 17:31:30: one started minute late is one quarter hour.
    await checkInAndOut(child.id, child.parentName, '2026-11-18T13:00:00Z', '2026-11-18T22:31:30Z');
    const proposal = (await fees()).proposals.find((p) => p.childId === child.id)!;
    expect(proposal).toMatchObject({ minutesLate: 1, fee: '5.00' });
    const res = await s.request(`/api/admin/billing/late-fees/${proposal.id}/confirm`, { method: 'POST', json: {}, ...as(s.admin) });
    expect(await json(res)).toMatchObject({ status: 'confirmed', invoiceId: null });

    const before = pendingLateFeeLines(s.db, fam.email, '2026-10-01', '2026-10-31');
    expect(before).toEqual([]);
    const lines = s.db.transaction((tx) => pendingLateFeeLines(tx as unknown as Db, fam.email.toUpperCase(), '2026-12-01', '2026-12-31'));
    expect(lines).toEqual([expect.objectContaining({ proposalId: proposal.id, childId: child.id, kind: 'late_fee', amountCents: 500 })]);
    expect(s.db.transaction((tx) => pendingLateFeeLines(tx as unknown as Db, fam.email, '2026-12-01', '2026-12-31'))).toEqual([]);
    expect(
      s.db.select({ status: lateFeeProposals.status }).from(lateFeeProposals).where(eq(lateFeeProposals.id, proposal.id)).get(),
    ).toEqual({
      status: 'billed',
    });
  });

  it('refuses a late fee that is not there (404), a malformed id (400), and a teacher (403), changing nothing', async () => {
    expect((await s.request('/api/admin/billing/late-fees/no-such-fee/confirm', { method: 'POST', json: {}, ...as(s.admin) })).status).toBe(
      404,
    );
    expect(
      (await s.request(`/api/admin/billing/late-fees/${'x'.repeat(65)}/dismiss`, { method: 'POST', json: {}, ...as(s.admin) })).status,
    ).toBe(400);
    const bad = await s.request('/api/admin/billing/late-fees/x/confirm', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json', cookie: s.admin },
    });
    expect(bad.status).toBe(400);
    const teacher = await s.adminCookie('late.teacher@example.com', 'teacher');
    const any = (await fees()).proposals[0];
    if (any)
      expect((await s.request(`/api/admin/billing/late-fees/${any.id}/dismiss`, { method: 'POST', json: {}, ...as(teacher) })).status).toBe(
        403,
      );
  });

  it('sends one reminder per overdue open invoice, in the family’s language, and never twice (a restart included)', async () => {
    const fam = await enrolFamily(s, 'reminder.es@example.com', ['Rosa Recordatorio']);
    const saved = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' }, ...bearer(fam.token) });
    expect(saved.status).toBe(200);
    s.clock.set('2026-11-21T15:00:00Z');
    const overdue = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-10', dueDate: '2026-11-20', totalCents: 25000 });
    const notYet = insertInvoice(s.db, { familyEmail: fam.email, month: '2026-11', dueDate: '2026-11-21', totalCents: 25000 });
    const deps = () => ({ db: s.db, mailer: createMailer(s.config, s.db), clock: s.clock, config: s.config });
    const queued = () => s.db.select().from(mailQueue).where(eq(mailQueue.toAddress, fam.email)).all();
    const before = queued().length;
    queueInvoiceReminders(deps());
    const sent = queued().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('está vencida');
    expect(sent[0]!.textBody).toContain(invoiceRow(s.db, overdue).number);
    expect(invoiceRow(s.db, overdue).reminderSentAt).not.toBeNull();
    expect(invoiceRow(s.db, notYet).reminderSentAt).toBeNull();
    // A second look (another tick, or the server started again) sends nothing more.
    queueInvoiceReminders(deps());
    expect(queued().length).toBe(before + 1);
    // A paid invoice past due gets none.
    s.clock.set('2026-11-23T15:00:00Z');
    const paidLate = insertInvoice(
      s.db,
      { familyEmail: fam.email, month: '2026-09', dueDate: '2026-11-01', totalCents: 100, status: 'paid' },
      false,
    );
    queueInvoiceReminders(deps());
    expect(invoiceRow(s.db, paidLate).reminderSentAt).toBeNull();
  });
});

describe('the aging report and the family billing kept by the response cache (ADR 017, ADR 101)', () => {
  // 23:00 in the centre on 2026-11-21: the next centre day is an hour away, well within a session's idle life.
  const s = sharedAdminServer(() => ({ clock: fakeClock('2026-11-22T04:00:00Z') }));

  /** A read that must answer 200, never stored on the way, as its text. */
  const read = async (path: string, init: RequestInit) => {
    const res = await s.request(path, init);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('cache-control'), path).toContain('no-store');
    return res.text();
  };

  it('answers a repeat from memory, and anew after a payment, an invoice and on the next centre day', async () => {
    const a = await enrolFamily(s, 'cached.aging@example.com', ['Cora Cached']);
    const b = await enrolFamily(s, 'cached.other@example.com', ['Otto Other']);
    // Due today (2026-11-21): current, not yet overdue.
    const inv = insertInvoice(s.db, {
      familyEmail: a.email,
      familyName: 'Cora Cached',
      month: '2026-11',
      dueDate: '2026-11-21',
      totalCents: 50000,
    });
    const store = cacheStore(s.db);
    const reads: [string, RequestInit][] = [
      ['/api/admin/billing/aging', as(s.admin)],
      ['/api/parent/billing', bearer(a.token)],
    ];
    const answers: string[] = [];
    for (const [path, init] of reads) {
      const before = store.answers();
      const first = await read(path, init);
      // Kept: the second request is answered with the very same bytes, and nothing more is stored.
      expect(store.answers(), path).toBe(before + 1);
      expect(await read(path, init), path).toBe(first);
      expect(store.answers(), path).toBe(before + 1);
      answers.push(first);
    }
    const aging = () => read('/api/admin/billing/aging', as(s.admin)).then((t) => JSON.parse(t) as AgingAnswer);
    const family = (token: string) => read('/api/parent/billing', bearer(token)).then((t) => JSON.parse(t) as Billing);
    expect(JSON.parse(answers[0]!)).toMatchObject({ asOf: '2026-11-21', totals: { current: '500.00', days1to30: '0.00' } });
    expect(JSON.parse(answers[1]!)).toMatchObject({ balance: '500.00', invoices: [{ id: inv, overdue: false }] });
    // Another family's session, another teacher's or parent's: each its own answer or its own refusal.
    expect((await family(b.token)).invoices).toEqual([]);
    expect(await read('/api/parent/billing', bearer(a.token))).toBe(answers[1]);
    const teacher = await s.adminCookie('cached.teacher@example.com', 'teacher');
    expect((await s.request('/api/admin/billing/aging', as(teacher))).status).toBe(403);
    expect((await s.request('/api/admin/billing/aging', bearer(a.token))).status).toBe(403);

    // A payment is written: both answers move at once.
    const paid = await s.request('/api/admin/payment-receipts', {
      method: 'POST',
      json: {
        childId: a.children[0]!.id,
        parentName: a.children[0]!.parentName,
        parentEmail: a.email,
        paymentType: 'tuition',
        amount: '200.00',
        paymentMethod: 'check',
        checkNumber: '2001',
        paymentDate: '2026-11-21',
      },
      ...as(s.admin),
    });
    expect(paid.status).toBe(201);
    expect(await aging()).toMatchObject({ totals: { current: '300.00' } });
    expect(await family(a.token)).toMatchObject({ balance: '300.00', invoices: [{ id: inv, balance: '300.00', overdue: false }] });

    // An invoice is written: the same.
    insertInvoice(s.db, { familyEmail: a.email, familyName: 'Cora Cached', month: '2026-10', dueDate: '2026-10-10', totalCents: 1000 });
    expect(await aging()).toMatchObject({ totals: { current: '300.00', days31to60: '10.00', total: '310.00' } });
    expect((await family(a.token)).balance).toBe('310.00');

    // The next day in the centre, nothing written: the November invoice is a day late.
    s.clock.advance(2 * 3_600_000);
    expect(await aging()).toMatchObject({ asOf: '2026-11-22', totals: { current: '0.00', days1to30: '300.00' } });
    expect((await family(a.token)).invoices.find((i) => i.id === inv)).toMatchObject({ overdue: true });
  });
});

type AgingAnswer = { asOf: string; totals: Record<string, string> };
