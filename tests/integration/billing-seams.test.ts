import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lateFeeProposals } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { lateFeeProposalFor } from '../helpers/billing';
import { json } from '../helpers/enrollment-fixtures';

/**
 * Where the two halves of billing meet (ADRs 100 and 101): a generated invoice takes the family's unapplied payments
 * (an overpayment's credit) and the confirmed late-pickup fees waiting for it, in the generation's transaction.
 */
type Invoice = { id: string; total: string; paid: string; balance: string; status: string; lines: { kind: string; amount: string }[] };

describe('invoice generation meets payments and late fees', () => {
  const s = sharedAdminServer();
  const post = (path: string, body: unknown, method = 'POST') => s.request(path, { method, json: body, ...as(s.admin) });

  async function familyInvoices(email: string, period: string): Promise<Invoice[]> {
    const res = await s.request(`/api/admin/invoices?familyEmail=${encodeURIComponent(email)}&period=${period}`, as(s.admin));
    expect(res.status).toBe(200);
    const list = await json<{ id: string }[]>(res);
    return Promise.all(list.map(async (i) => json<Invoice>(await s.request(`/api/admin/invoices/${i.id}`, as(s.admin)))));
  }

  it("applies an overpayment's credit and a waiting late fee to the next month's invoice", async () => {
    const plan = await json<{ id: string }>(
      await post('/api/admin/billing/plans', { name: 'Seam plan', program: 'preschool', period: 'monthly', amount: '500.00' }),
    );
    const email = 'seam.family@example.com';
    const child = await addChild(s, { childName: 'Sol Seam', parentName: 'Rae Seam', parentEmail: email });
    const terms = await post(
      `/api/admin/children/${child.id}/billing`,
      {
        planId: plan.id,
        startDate: '2026-09-01',
        discountPercent: 0,
        discountReason: null,
        subsidy: null,
      },
      'PUT',
    );
    expect(terms.status, await terms.clone().text()).toBe(200);

    expect((await post('/api/admin/invoices/generate', { period: '2026-10' })).status).toBe(200);
    const [october] = await familyInvoices(email, '2026-10');
    expect(october).toMatchObject({ total: '500.00', paid: '0.00', status: 'open' });

    // 650.00 paid: October is paid and 150.00 stays as the family's credit.
    const receipt = await post('/api/admin/payment-receipts', {
      childId: child.id,
      parentName: 'Rae Seam',
      parentEmail: email,
      paymentType: 'tuition',
      amount: '650.00',
      paymentMethod: 'check',
      checkNumber: '2040',
      paymentDate: '2026-10-05',
    });
    expect(receipt.status, await receipt.clone().text()).toBe(201);
    expect((await familyInvoices(email, '2026-10'))[0]).toMatchObject({ paid: '500.00', status: 'paid' });

    // A confirmed late pickup of 20 minutes (two started quarter hours at the default 5.00) waits for November.
    const proposal = lateFeeProposalFor(s.db, child.id, '2026-10-28', 20);
    const confirmed = await post(`/api/admin/billing/late-fees/${proposal}/confirm`, {});
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    expect((await post('/api/admin/invoices/generate', { period: '2026-11' })).status).toBe(200);
    const [november] = await familyInvoices(email, '2026-11');
    expect(november!.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['tuition', '500.00'],
      ['late_fee', '10.00'],
    ]);
    expect(november).toMatchObject({ total: '510.00', paid: '150.00', balance: '360.00', status: 'open' });
    const row = s.db.select().from(lateFeeProposals).where(eq(lateFeeProposals.id, proposal)).get()!;
    expect(row).toMatchObject({ status: 'billed', invoiceId: november!.id });

    // Generating November again takes neither the fee nor the credit twice.
    expect(await json<{ created: number }>(await post('/api/admin/invoices/generate', { period: '2026-11' }))).toEqual({ created: 0 });
    expect((await familyInvoices(email, '2026-11'))[0]).toMatchObject({ total: '510.00', paid: '150.00' });
  });
});
