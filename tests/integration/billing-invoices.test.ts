import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centreProfile, invoiceLines, invoices, outboxMessages } from '../../db/schema';
import { loadCentreProfile } from '../../src/server/centre/profile';
import { DEFAULT_CENTRE_BILLING } from '../../src/shared/centre-profile';
import { billingTick } from '../../src/server/billing/scheduler';
import { openDatabase } from '../../src/server/db';
import { updatePreferences } from '../../src/server/parents/preferences';
import { addChild, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { mimeAttachments, pdfText } from '../helpers/pdf';

type Plan = { id: string; name: string; program: string; period: string; amount: string; active: boolean };
type Line = { kind: string; description: string; amount: string };
type Invoice = {
  id: string;
  number: string;
  familyEmail: string;
  periodStart: string;
  issueDate: string;
  dueDate: string;
  total: string;
  paid: string;
  balance: string;
  status: string;
  agencyShare: string;
  voidReason: string | null;
  lines: Line[];
};

const s = sharedAdminServer();
let plan: Plan;
let siblings: ChildBody[];
let late: ChildBody;

async function post(path: string, body: unknown, method = 'POST') {
  return s.request(path, { method, json: body, ...as(s.admin) });
}

async function newPlan(body: Record<string, unknown> = {}): Promise<Plan> {
  const res = await post('/api/admin/billing/plans', {
    name: 'Preschool full time',
    program: 'preschool',
    period: 'monthly',
    amount: '1080.00',
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Plan>(res);
}

async function setTerms(childId: string, body: Record<string, unknown>) {
  const res = await post(`/api/admin/children/${childId}/billing`, body, 'PUT');
  expect(res.status, await res.clone().text()).toBe(200);
}

async function invoicesOf(query: string): Promise<Invoice[]> {
  const res = await s.request(`/api/admin/invoices?${query}`, as(s.admin));
  expect(res.status).toBe(200);
  return json<Invoice[]>(res);
}

async function detail(id: string): Promise<Invoice> {
  const res = await s.request(`/api/admin/invoices/${id}`, as(s.admin));
  expect(res.status).toBe(200);
  return json<Invoice>(res);
}

async function generate(body: unknown): Promise<number> {
  const res = await post('/api/admin/invoices/generate', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ created: number }>(res)).created;
}

beforeAll(async () => {
  plan = await newPlan();
  // Two children of one family (the e-mail in two cases: one family), a third starting mid-month in another.
  siblings = [
    await addChild(s, { childName: 'Ana Ortega', parentName: 'Rosa Ortega', parentEmail: 'rosa.ortega@example.com' }),
    await addChild(s, { childName: 'Luis Ortega', parentName: 'Rosa Ortega', parentEmail: 'Rosa.Ortega@example.com' }),
  ];
  late = await addChild(s, { childName: 'Mia Brook', parentName: 'Sam Brook', parentEmail: 'sam.brook@example.com' });
  // The Ortegas read the portal in Spanish: their invoice e-mail and PDF are in Spanish.
  const { parentId } = await s.parentToken('rosa.ortega@example.com');
  updatePreferences(s.db, parentId, { language: 'es' }, s.clock.now());
  await setTerms(siblings[0]!.id, {
    planId: plan.id,
    startDate: '2026-09-01',
    discountPercent: 10,
    discountReason: 'Sibling',
    subsidy: null,
  });
  await setTerms(siblings[1]!.id, {
    planId: plan.id,
    startDate: '2026-09-01',
    discountPercent: 0,
    discountReason: null,
    subsidy: { agency: 'Ohio PFCC', familyShare: '250.00' },
  });
  await setTerms(late.id, { planId: plan.id, startDate: '2026-11-18', discountPercent: 0, discountReason: null, subsidy: null });
});

describe('plans and terms', () => {
  it('lists the plans and refuses a plan for a program the centre does not run, writing nothing', async () => {
    const before = (await json<Plan[]>(await s.request('/api/admin/billing/plans', as(s.admin)))).length;
    for (const bad of [
      { program: 'college' },
      { period: 'daily' },
      { amount: '0' },
      { amount: '10.999' },
      { amount: 'lots' },
      { name: '' },
    ]) {
      const res = await post('/api/admin/billing/plans', { name: 'X', program: 'preschool', period: 'monthly', amount: '10.00', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const plans = await json<Plan[]>(await s.request('/api/admin/billing/plans', as(s.admin)));
    expect(plans).toHaveLength(before);
    expect(plans.find((p) => p.id === plan.id)).toMatchObject({ amount: '1080.00', period: 'monthly', program: 'preschool', active: true });
  });

  it("reads a child's terms back, and refuses a share above the plan, a bad percent, a missing reason or a retired plan", async () => {
    const res = await s.request(`/api/admin/children/${siblings[1]!.id}/billing`, as(s.admin));
    expect(await json(res)).toMatchObject({ terms: { planId: plan.id, subsidy: { agency: 'Ohio PFCC', familyShare: '250.00' } } });
    const child = await addChild(s);
    const base = { planId: plan.id, startDate: '2026-11-01', discountPercent: 0, discountReason: null, subsidy: null };
    for (const bad of [
      { subsidy: { agency: 'Ohio PFCC', familyShare: '1080.01' } },
      { discountPercent: 101 },
      { discountPercent: 12.5, discountReason: 'Staff' },
      { discountPercent: 10, discountReason: '' },
      { endDate: '2026-10-31' },
      { planId: 'no-such-plan' },
    ]) {
      const put = await post(`/api/admin/children/${child.id}/billing`, { ...base, ...bad }, 'PUT');
      expect([400, 404], JSON.stringify(bad)).toContain(put.status);
    }
    const share = await post(
      `/api/admin/children/${child.id}/billing`,
      { ...base, subsidy: { agency: 'A', familyShare: '1080.01' } },
      'PUT',
    );
    expect((await json<{ message: string }>(share)).message).toBe("The family's share cannot be more than the plan's amount (1080.00)");
    const retired = await newPlan({ name: 'Old plan' });
    expect((await post(`/api/admin/billing/plans/${retired.id}`, { active: false }, 'PATCH')).status).toBe(200);
    expect((await post(`/api/admin/children/${child.id}/billing`, { ...base, planId: retired.id }, 'PUT')).status).toBe(400);
    expect(await json(await s.request(`/api/admin/children/${child.id}/billing`, as(s.admin)))).toEqual({ terms: null });
    expect((await s.request('/api/admin/children/nobody/billing', as(s.admin))).status).toBe(404);
  });
});

describe('generating a month', () => {
  let ortega: Invoice;

  it('bills each family once, a line per child, the discount and the subsidy in cents', async () => {
    expect(await generate({ period: '2026-11' })).toBe(2);
    const [listed] = await invoicesOf('period=2026-11&familyEmail=ROSA.ORTEGA@example.com');
    ortega = await detail(listed!.id);
    expect(ortega).toMatchObject({
      familyEmail: 'rosa.ortega@example.com',
      periodStart: '2026-11-01',
      issueDate: '2026-11-21',
      dueDate: '2026-12-01',
      status: 'open',
      paid: '0.00',
      // 1080.00 - 108.00 (10% Sibling) + 250.00 (the family's share; the agency owes 830.00).
      total: '1222.00',
      balance: '1222.00',
      agencyShare: '830.00',
    });
    expect(ortega.number).toMatch(/^INV-2026-\d{4}$/);
    expect(ortega.lines).toEqual([
      expect.objectContaining({ kind: 'tuition', description: 'Ana Ortega - Preschool full time', amount: '1080.00' }),
      expect.objectContaining({ kind: 'discount', description: 'Ana Ortega - Sibling 10%', amount: '-108.00' }),
      expect.objectContaining({ kind: 'tuition', description: 'Luis Ortega - Preschool full time', amount: '250.00' }),
    ]);
    const [brook] = await invoicesOf('period=2026-11&familyEmail=sam.brook@example.com');
    // From Wednesday the 18th: 9 of November's 21 weekdays, 462.857… half up.
    expect(await detail(brook!.id)).toMatchObject({
      total: '462.86',
      lines: [expect.objectContaining({ description: 'Mia Brook - Preschool full time (9/21)' })],
    });
  });

  it('e-mails each invoice when issued, in the family language, with its PDF', async () => {
    const mail = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, 'rosa.ortega@example.com')).all();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Factura ${ortega.number} de Little Buckeyes Learning Center`);
    expect(mail[0]!.textBody).toContain('noviembre de 2026');
    const [attachment] = mimeAttachments(readFileSync(mail[0]!.emlFile, 'utf8'));
    expect(attachment!.contentType).toContain('application/pdf');
    const text = await pdfText(attachment!.content);
    expect(text).toContain('Factura');
    expect(text).toContain('Sibling 10%');
    expect(text).toContain('Saldo a pagar');
    expect(s.db.select().from(invoices).where(eq(invoices.id, ortega.id)).get()!.emailedAt).not.toBeNull();
  });

  it('creates nothing new when the same month is generated again, twice at once, or by the scheduler after a restart', async () => {
    const count = () => s.db.select().from(invoices).all().length;
    const mails = () => s.db.select().from(outboxMessages).all().length;
    const before = count();
    const sent = mails();
    expect(await generate({ period: '2026-11' })).toBe(0);
    // December, asked for twice at the same moment: one invoice per family.
    const both = await Promise.all([generate({ period: '2026-12' }), generate({ period: '2026-12' })]);
    expect(both[0] + both[1]).toBe(2);
    expect(count()).toBe(before + 2);
    // A restarted process: a second handle on the same file, its scheduler ticking on December 1st.
    const restarted = openDatabase(s.config.databasePath);
    try {
      s.clock.set('2026-12-01T15:00:00Z');
      const deps = { db: restarted, mailer: { send: () => Promise.reject(new Error('no mail')) }, clock: s.clock, config: s.config };
      expect(await billingTick(deps)).toBe(0);
      expect(await billingTick(deps)).toBe(0);
    } finally {
      restarted.$client.close();
      s.clock.set('2026-11-21T15:00:00Z');
    }
    expect(count()).toBe(before + 2);
    // Each new invoice e-mailed once.
    expect(mails()).toBe(sent + 2);
    // The partial unique index refuses a second invoice of a family and period even when written directly.
    const row = s.db.select().from(invoices).where(eq(invoices.id, ortega.id)).get()!;
    expect(() =>
      s.db
        .insert(invoices)
        .values({ ...row, id: 'duplicate', number: 'INV-2026-9999' })
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it("refuses a bad period, a week that does not start on a Monday, and a teacher's call", async () => {
    const before = s.db.select().from(invoices).all().length;
    for (const bad of [
      { period: '2026-13' },
      { period: '2026-1' },
      { weekOf: '2026-11-24' },
      { period: '2026-11', weekOf: '2026-11-23' },
      {},
      [],
    ]) {
      expect((await post('/api/admin/invoices/generate', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const teacher = await s.adminCookie('teacher.billing@example.com', 'teacher');
    const res = await s.request('/api/admin/invoices/generate', { method: 'POST', json: { period: '2027-01' }, ...as(teacher) });
    expect(res.status).toBe(403);
    expect((await s.request('/api/admin/invoices', as(teacher))).status).toBe(403);
    expect(s.db.select().from(invoices).all().length).toBe(before);
  });

  it('generates a weekly plan for its week, prorating a child who leaves mid-week', async () => {
    const weekly = await newPlan({ name: 'Drop-in week', period: 'weekly', amount: '250.00' });
    const child = await addChild(s, { childName: 'Kai Lane', parentEmail: 'kai.lane@example.com' });
    await setTerms(child.id, {
      planId: weekly.id,
      startDate: '2026-11-02',
      endDate: '2026-11-25',
      discountPercent: 0,
      discountReason: null,
      subsidy: null,
    });
    expect(await generate({ weekOf: '2026-11-23' })).toBe(1);
    const [invoice] = await invoicesOf('familyEmail=kai.lane@example.com');
    expect(await detail(invoice!.id)).toMatchObject({ total: '150.00', periodStart: '2026-11-23' });
    // The week after the last day: nothing to bill.
    expect(await generate({ weekOf: '2026-11-30' })).toBe(0);
  });
});

describe('changing an invoice', () => {
  async function openInvoice(): Promise<Invoice> {
    const [invoice] = await invoicesOf('period=2026-12&familyEmail=sam.brook@example.com');
    return detail(invoice!.id);
  }

  it('adds a fee and a credit to an open invoice, recomputing the total, and refuses a credit beyond the balance', async () => {
    const invoice = await openInvoice();
    const fee = await post(`/api/admin/invoices/${invoice.id}/lines`, { description: 'Late pickup', amount: '15.00' });
    expect(fee.status).toBe(201);
    const withFee = await json<Invoice>(fee);
    expect(withFee.total).toBe('1095.00');
    expect(withFee.lines.at(-1)).toMatchObject({ kind: 'fee', description: 'Late pickup', amount: '15.00' });
    const credit = await json<Invoice>(
      await post(`/api/admin/invoices/${invoice.id}/lines`, { description: 'Closed for snow', amount: '-95.00' }),
    );
    expect(credit).toMatchObject({ total: '1000.00', balance: '1000.00', status: 'open' });
    const linesBefore = s.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).all().length;
    for (const bad of [
      { description: 'Too much', amount: '-1000.01' },
      { description: 'Zero', amount: '0.00' },
      { description: '', amount: '5.00' },
      { amount: '5.00' },
    ]) {
      expect((await post(`/api/admin/invoices/${invoice.id}/lines`, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(s.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id)).all().length).toBe(linesBefore);
    expect((await detail(invoice.id)).total).toBe('1000.00');
    expect((await post('/api/admin/invoices/nothing/lines', { description: 'Fee', amount: '5.00' })).status).toBe(404);
  });

  it('voids with a reason kept on the invoice, never in the audit row; a void is final, and DELETE answers 405', async () => {
    const invoice = await openInvoice();
    expect((await post(`/api/admin/invoices/${invoice.id}/void`, { reason: '' })).status).toBe(400);
    expect((await detail(invoice.id)).status).toBe('open');
    const res = await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Billed the wrong family' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'void', voidReason: 'Billed the wrong family', balance: '0.00' });
    const audit = s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityId, invoice.id)))
      .all();
    expect(JSON.stringify(audit)).not.toContain('wrong family');
    expect(JSON.stringify(audit.map((a) => a.fields))).not.toMatch(/1000|1095/);
    const again = await post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect((await post(`/api/admin/invoices/${invoice.id}/lines`, { description: 'Fee', amount: '5.00' })).status).toBe(409);
    const del = await s.request(`/api/admin/invoices/${invoice.id}`, { method: 'DELETE', ...as(s.admin) });
    expect(del.status).toBe(405);
    expect((await json<{ message: string }>(del)).message).toBe('Invoices are never deleted: void it with a reason instead');
    expect(s.db.select().from(invoices).where(eq(invoices.id, invoice.id)).get()).toBeDefined();
    // The director's next generation of that month bills the family again; its filter finds both.
    expect(await generate({ period: '2026-12' })).toBe(1);
    expect(await invoicesOf('period=2026-12&familyEmail=sam.brook@example.com&status=void')).toHaveLength(1);
    expect(await invoicesOf('period=2026-12&familyEmail=sam.brook@example.com&status=open')).toHaveLength(1);
    expect((await s.request('/api/admin/invoices?status=late', as(s.admin))).status).toBe(400);
  });

  it('refuses to void an invoice with a payment applied, with a clear message', async () => {
    const [invoice] = await invoicesOf('period=2026-12&familyEmail=rosa.ortega@example.com');
    s.db.update(invoices).set({ paidCents: 10000 }).where(eq(invoices.id, invoice!.id)).run();
    const res = await post(`/api/admin/invoices/${invoice!.id}/void`, { reason: 'Mistake' });
    expect(res.status).toBe(409);
    expect((await json<{ message: string }>(res)).message).toBe(
      `Invoice ${invoice!.number} has payments applied to it, so it cannot be voided: add a credit line instead`,
    );
    expect((await detail(invoice!.id)).status).toBe('open');
  });
});

describe('the invoice PDF', () => {
  it("answers the family's own invoice only, in the parent's language, never cached", async () => {
    const [invoice] = await invoicesOf('period=2026-11&familyEmail=rosa.ortega@example.com');
    const { token } = await s.parentToken('rosa.ortega@example.com');
    const res = await s.request(`/api/parent/invoices/${invoice!.id}/invoice.pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Colegiatura');
    const other = await s.parentToken('sam.brook@example.com');
    const theirs = await s.request(`/api/parent/invoices/${invoice!.id}/invoice.pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(404);
    const staff = await s.request(`/api/admin/invoices/${invoice!.id}/invoice.pdf`, as(s.admin));
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toContain('no-store');
  });
});

describe("the centre's billing settings", () => {
  it('sets the due date from the days to pay, and a profile stored before billing reads the defaults', async () => {
    const patch = await post('/api/admin/centre', { billing: { invoiceDueDays: 30, lateFeePerQuarterHour: '7.50' } }, 'PATCH');
    expect(patch.status, await patch.clone().text()).toBe(200);
    expect((await post('/api/admin/centre', { billing: { invoiceDueDays: 91, lateFeePerQuarterHour: '7.50' } }, 'PATCH')).status).toBe(400);
    const child = await addChild(s, { parentEmail: 'due.days@example.com' });
    await setTerms(child.id, { planId: plan.id, startDate: '2026-01-01', discountPercent: 0, discountReason: null, subsidy: null });
    expect(await generate({ period: '2027-01' })).toBeGreaterThan(0);
    const [invoice] = await invoicesOf('period=2027-01&familyEmail=due.days@example.com');
    expect(invoice!.dueDate).toBe('2026-12-21');
    // Another field's patch leaves the billing settings as they are.
    expect((await post('/api/admin/centre', { licenceNumber: 'LIC-BILLING' }, 'PATCH')).status).toBe(200);
    const centre = await json<{ billing: unknown }>(await s.request('/api/admin/centre', as(s.admin)));
    expect(centre.billing).toEqual({ invoiceDueDays: 30, lateFeePerQuarterHour: '7.50' });
    // A profile row written before billing existed: read with the default settings, not refused.
    const { billing: _billing, ...older } = s.db.select().from(centreProfile).get()!.profile as unknown as Record<string, unknown>;
    s.db
      .update(centreProfile)
      .set({ profile: older as never })
      .run();
    expect(loadCentreProfile(s.db).billing).toEqual(DEFAULT_CENTRE_BILLING);
    expect(loadCentreProfile(s.db).licenceNumber).toBe('LIC-BILLING');
  });
});
