/**
 * Payments applied to invoices (ADR 101). A family's receipts are its payments; `settleFamily` reconciles, inside
 * the caller's write transaction, what each receipt paid with what each invoice owes:
 * - an allocation to a void invoice is released (the money is the family's again);
 * - an invoice whose total went down (a credit line) below what was applied to it gives the newest allocations back;
 * - then every receipt amount not yet applied (the oldest payment first) pays the family's open invoices, the
 *   oldest due date first; what is left over is the family's credit, applied the next time an invoice exists;
 * - each invoice's `paid_cents` is the sum of its allocations, and its status `paid` once nothing is left to pay.
 * Only receipts paid on or after the first day the centre ever billed count: the years of receipts recorded before
 * billing began are not a credit against the first invoice.
 */
import { and, asc, eq, gte, inArray, min, ne, sql } from 'drizzle-orm';
import { invoices, paymentAllocations, paymentReceipts } from '~/db/schema';
import { parseCents } from '~/shared/money';
import type { Db } from '../db';
import { paidFrom } from '../payments/receipts';

/** The first day the centre billed (the earliest period start of any invoice), or null before its first invoice. */
export function billingStart(db: Db): string | null {
  return (
    db
      .select({ start: min(invoices.periodStart) })
      .from(invoices)
      .get()?.start ?? null
  );
}

export interface CountedReceipt {
  id: string;
  receiptNumber: string;
  paymentDate: string;
  paymentMethod: string;
  amountCents: number;
  createdAt: Date;
}

/** The family's receipts that count as payments of its invoices, the oldest payment first. */
export function countedReceipts(db: Db, familyEmail: string, start = billingStart(db)): CountedReceipt[] {
  if (start === null) return [];
  const rows = db
    .select({
      id: paymentReceipts.id,
      receiptNumber: paymentReceipts.receiptNumber,
      paymentDate: paymentReceipts.paymentDate,
      paymentMethod: paymentReceipts.paymentMethod,
      amount: paymentReceipts.amount,
      createdAt: paymentReceipts.createdAt,
    })
    .from(paymentReceipts)
    .where(and(paidFrom(familyEmail), gte(paymentReceipts.paymentDate, start)))
    .orderBy(asc(paymentReceipts.paymentDate), asc(paymentReceipts.createdAt), asc(paymentReceipts.receiptNumber))
    .all();
  const counted: CountedReceipt[] = [];
  for (const { amount, ...row } of rows) {
    const cents = parseCents(amount);
    // A stored amount that is not a number, or not above zero, pays nothing (as the sums of docs/product.md §5).
    if (cents !== null && cents > 0) counted.push({ ...row, amountCents: cents });
  }
  return counted;
}

export interface Settlement {
  /** Cents applied to invoices by this call. */
  appliedCents: number;
  /** The family's payments not applied to any invoice: its credit. */
  creditCents: number;
}

/**
 * Applies every payment of `familyEmail` not yet applied to its open invoices, the oldest due date first, and
 * brings each invoice's paid amount and status up to date. Call it inside the transaction that changed a receipt
 * or an invoice of the family; it writes nothing when nothing changed.
 */
export function settleFamily(tx: Db, familyEmail: string): Settlement {
  const family = familyEmail.trim().toLowerCase();
  const bills = tx
    .select({ id: invoices.id, totalCents: invoices.totalCents, paidCents: invoices.paidCents, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.familyEmail, family))
    .orderBy(asc(invoices.dueDate), asc(invoices.periodStart), asc(invoices.number))
    .all();
  const billIds = bills.map((b) => b.id);
  const allocations = billIds.length
    ? tx
        .select({
          id: paymentAllocations.id,
          receiptId: paymentAllocations.receiptId,
          invoiceId: paymentAllocations.invoiceId,
          amountCents: paymentAllocations.amountCents,
        })
        .from(paymentAllocations)
        .where(inArray(paymentAllocations.invoiceId, billIds))
        .orderBy(asc(paymentAllocations.createdAt), asc(paymentAllocations.id))
        .all()
    : [];

  // The allocations kept after the releases below, and what each invoice holds.
  const kept: typeof allocations = [];
  const held = new Map<string, number>();
  const release = (a: (typeof allocations)[number], back: number) => {
    if (back >= a.amountCents) tx.delete(paymentAllocations).where(eq(paymentAllocations.id, a.id)).run();
    else
      tx.update(paymentAllocations)
        .set({ amountCents: a.amountCents - back })
        .where(eq(paymentAllocations.id, a.id))
        .run();
    const gone = Math.min(back, a.amountCents);
    a.amountCents -= gone;
    held.set(a.invoiceId, (held.get(a.invoiceId) ?? 0) - gone);
  };
  const receipts = countedReceipts(tx, family);
  const counted = new Set(receipts.map((r) => r.id));
  for (const bill of bills) {
    // What a void invoice held is released; an invoice holding more than its total gives the newest back first.
    const limit = bill.status === 'void' ? 0 : Math.max(bill.totalCents, 0);
    const mine = allocations.filter((a) => a.invoiceId === bill.id);
    held.set(
      bill.id,
      mine.reduce((sum, a) => sum + a.amountCents, 0),
    );
    let over = (held.get(bill.id) ?? 0) - limit;
    for (const a of [...mine].reverse()) {
      // A receipt that no longer counts (its date or amount edited by hand) gives back all it paid.
      if (!counted.has(a.receiptId)) {
        if (over > 0) over -= a.amountCents;
        release(a, a.amountCents);
      } else if (over > 0) {
        const back = Math.min(over, a.amountCents);
        release(a, back);
        over -= back;
      }
    }
    for (const a of mine) if (a.amountCents > 0) kept.push(a);
  }
  const given = new Map<string, number>();
  for (const a of kept) given.set(a.receiptId, (given.get(a.receiptId) ?? 0) + a.amountCents);
  const left = receipts.map((r) => ({ id: r.id, cents: r.amountCents - (given.get(r.id) ?? 0) }));
  // A receipt that has given more than its amount (edited down by hand) takes its newest allocations back.
  for (const r of left) {
    for (const a of [...kept].reverse()) {
      if (r.cents >= 0) break;
      if (a.receiptId !== r.id || a.amountCents <= 0) continue;
      const back = Math.min(a.amountCents, -r.cents);
      release(a, back);
      r.cents += back;
    }
  }

  let appliedCents = 0;
  let next = 0;
  for (const bill of bills) {
    if (bill.status === 'void') continue;
    let owed = bill.totalCents - (held.get(bill.id) ?? 0);
    while (owed > 0 && next < left.length) {
      const source = left[next]!;
      if (source.cents <= 0) {
        next++;
        continue;
      }
      const pay = Math.min(owed, source.cents);
      tx.insert(paymentAllocations).values({ receiptId: source.id, invoiceId: bill.id, amountCents: pay }).run();
      source.cents -= pay;
      owed -= pay;
      appliedCents += pay;
      held.set(bill.id, (held.get(bill.id) ?? 0) + pay);
    }
  }

  for (const bill of bills) {
    if (bill.status === 'void') continue;
    const paidCents = held.get(bill.id) ?? 0;
    const status = bill.totalCents - paidCents <= 0 ? 'paid' : 'open';
    if (paidCents !== bill.paidCents || status !== bill.status) {
      tx.update(invoices)
        .set({ paidCents, status, updatedAt: sql`(unixepoch('subsec') * 1000)` })
        .where(and(eq(invoices.id, bill.id), ne(invoices.status, 'void')))
        .run();
    }
  }
  const creditCents = left.reduce((sum, r) => sum + Math.max(r.cents, 0), 0);
  return { appliedCents, creditCents };
}
