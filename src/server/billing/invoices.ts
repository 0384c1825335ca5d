/**
 * Reading and changing invoices (ADR 100): the director's paged list and one invoice with its lines, a line added
 * (a fee or a credit, only on an open invoice), and a void with its reason (never undone, refused once a payment
 * is applied). Invoices are never deleted. A parent reads only their own family's (404 otherwise).
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { agencyCharges, invoiceLines, invoices } from '~/db/schema';
import { centsToAmount } from '../../shared/money';
import type { invoiceLineSchema, invoiceListSchema, invoiceVoidSchema } from '../../shared/schemas/billing';
import type { ParentContext, StaffContext } from '../context';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';
import { recordAudit } from '../audit/record';
import { settleFamily } from './settle';
import { refuse } from '../refusal';
import { monthPeriod } from '../../shared/billing/proration';

export const INVOICE_NOT_FOUND = 'error.invoiceNotFound';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** An invoice as it is answered: amounts as text with two decimals (and their cents), the balance computed. */
export function invoiceOut(i: InvoiceRow) {
  const balanceCents = i.status === 'void' ? 0 : i.totalCents - i.paidCents;
  return {
    id: i.id,
    number: i.number,
    familyEmail: i.familyEmail,
    familyName: i.familyName,
    periodKind: i.periodKind,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    total: centsToAmount(i.totalCents),
    paid: centsToAmount(i.paidCents),
    balance: centsToAmount(balanceCents),
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents,
    status: i.status,
    voidReason: i.voidReason,
    emailed: i.emailedAt !== null,
  };
}

function lineOut(l: InvoiceLineRow) {
  return {
    id: l.id,
    childId: l.childId,
    kind: l.kind,
    description: l.description,
    amount: centsToAmount(l.amountCents),
    amountCents: l.amountCents,
  };
}

/** Newest period first, then the number (unique): a total order for keyset pages. */
const invoiceOrder: SortKey<Pick<InvoiceRow, 'periodStart' | 'number'>>[] = [
  { column: invoices.periodStart, kind: 'text', of: (r) => r.periodStart },
  { column: invoices.number, kind: 'text', of: (r) => r.number },
];

export function listInvoices(ctx: StaffContext, input: z.output<typeof invoiceListSchema>) {
  const filters: (SQL | undefined)[] = [
    input.status ? eq(invoices.status, input.status) : undefined,
    input.familyEmail ? eq(invoices.familyEmail, input.familyEmail.toLowerCase()) : undefined,
    input.period ? eq(invoices.periodStart, monthPeriod(input.period).start) : undefined,
  ];
  const page = keysetPage(invoiceOrder, input, (after, orderBy, n) =>
    ctx.db
      .select()
      .from(invoices)
      .where(and(...filters, after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
  return { items: page.items.map(invoiceOut), nextCursor: page.nextCursor };
}

export function findInvoice(db: Db, id: string, family?: string): InvoiceRow {
  const row = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), family === undefined ? undefined : eq(invoices.familyEmail, family.toLowerCase())))
    .get();
  if (!row) throw refuse('NOT_FOUND', INVOICE_NOT_FOUND);
  return row;
}

export function invoiceLinesOf(db: Db, id: string): InvoiceLineRow[] {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)).all();
}

export function agencyCentsOf(db: Db, id: string): number {
  const row = db
    .select({ cents: sql<number>`coalesce(sum(${agencyCharges.amountCents}), 0)` })
    .from(agencyCharges)
    .where(eq(agencyCharges.invoiceId, id))
    .get();
  return row?.cents ?? 0;
}

/** One invoice with its lines, totals, what is paid, the balance and the agencies' share. */
export function invoiceDetail(db: Db, row: InvoiceRow) {
  const agencyCents = agencyCentsOf(db, row.id);
  return {
    ...invoiceOut(row),
    agencyShare: centsToAmount(agencyCents),
    agencyShareCents: agencyCents,
    lines: invoiceLinesOf(db, row.id).map(lineOut),
  };
}

export function getInvoice(ctx: StaffContext, id: string) {
  return invoiceDetail(ctx.db, findInvoice(ctx.db, id));
}

/** The status an open or paid invoice has for its total and what is paid. */
const statusFor = (totalCents: number, paidCents: number) => (paidCents >= totalCents ? 'paid' : 'open');

/**
 * A fee (positive) or a credit (negative) on an open invoice, in one transaction with the new total and status.
 * A credit larger than what is left to pay is refused: the total never drops below what is already paid.
 */
export function addInvoiceLine(ctx: StaffContext, input: z.output<typeof invoiceLineSchema>) {
  return ctx.db.transaction(
    (tx) => {
      const db = tx as unknown as Db;
      const invoice = findInvoice(db, input.id);
      if (invoice.status !== 'open') throw refuse('CONFLICT', 'error.invoiceNotOpen', { number: invoice.number });
      const totalCents = invoice.totalCents + input.amount;
      if (totalCents < invoice.paidCents || totalCents < 0)
        throw refuse('BAD_REQUEST', 'error.invoiceCreditTooLarge', { balance: centsToAmount(invoice.totalCents - invoice.paidCents) });
      const last = db
        .select({ position: sql<number>`coalesce(max(${invoiceLines.position}), -1)` })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoice.id))
        .get();
      const line = db
        .insert(invoiceLines)
        .values({
          invoiceId: invoice.id,
          kind: input.amount > 0 ? 'fee' : 'credit',
          description: input.description,
          amountCents: input.amount,
          position: (last?.position ?? -1) + 1,
          createdById: ctx.admin.id,
        })
        .returning()
        .get();
      const updated = db
        .update(invoices)
        .set({ totalCents, status: statusFor(totalCents, invoice.paidCents), updatedAt: ctx.clock.now() })
        .where(eq(invoices.id, invoice.id))
        .returning()
        .get();
      recordAudit(db, ctx, { action: 'update', entity: 'invoice', entityId: invoice.id, fields: { lineId: line.id, kind: line.kind } });
      // A family's unapplied payments (a credit) meet the new amount at once (ADR 101).
      settleFamily(db, updated.familyEmail);
      return invoiceDetail(db, findInvoice(db, updated.id));
    },
    { behavior: 'immediate' },
  );
}

/** Voids an invoice with its reason (kept on the invoice, not in the audit row). Never undone. */
export function voidInvoice(ctx: StaffContext, input: z.output<typeof invoiceVoidSchema>) {
  return ctx.db.transaction(
    (tx) => {
      const db = tx as unknown as Db;
      const invoice = findInvoice(db, input.id);
      if (invoice.status === 'void') throw refuse('CONFLICT', 'error.invoiceAlreadyVoid', { number: invoice.number });
      if (invoice.paidCents > 0) throw refuse('CONFLICT', 'error.invoicePaymentsApplied', { number: invoice.number });
      const now = ctx.clock.now();
      const updated = db
        .update(invoices)
        .set({ status: 'void', voidReason: input.reason, voidedAt: now, voidedById: ctx.admin.id, updatedAt: now })
        .where(eq(invoices.id, invoice.id))
        .returning()
        .get();
      recordAudit(db, ctx, { action: 'status', entity: 'invoice', entityId: invoice.id, fields: { status: 'void' } });
      return invoiceDetail(db, updated);
    },
    { behavior: 'immediate' },
  );
}

/** A parent's own family's invoice: any other id is "not found". */
export function findParentInvoice(ctx: ParentContext, id: string): InvoiceRow {
  return findInvoice(ctx.db, id, ctx.parent.email);
}
