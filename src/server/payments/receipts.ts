import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { paymentReceipts, receiptNumberCounters } from '~/db/schema';
import type { Db } from '../db';
import type { SortKey } from '../pagination';
import { refuse } from '../refusal';

export const receiptColumns = getTableColumns(paymentReceipts);

/** What a parent sees of a receipt: staff's internal notes and who sent the e-mail stay in the office. */
const { notes: _notes, emailSentBy: _emailSentBy, ...parentReceiptColumns } = receiptColumns;
export { parentReceiptColumns };

export type Receipt = typeof paymentReceipts.$inferSelect;

export const RECEIPT_NOT_FOUND = 'error.receiptNotFound';

/**
 * The next receipt number of `year`: `2026-000042`. One UPSERT bumps the year's counter and answers the new
 * value, inside the caller's write transaction, so two receipts created at the same moment never share a
 * number, and the number of a deleted receipt is never given out again.
 */
export function nextReceiptNumber(db: Db, year: string): string {
  const row = db
    .insert(receiptNumberCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptNumberCounters.year, set: { lastNumber: sql`${receiptNumberCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptNumberCounters.lastNumber })
    .get();
  return `${year}-${String(row.lastNumber).padStart(6, '0')}`;
}

export function findReceipt(db: Db, id: string): Receipt {
  const receipt = db.select(receiptColumns).from(paymentReceipts).where(eq(paymentReceipts.id, id)).get();
  if (!receipt) throw refuse('NOT_FOUND', RECEIPT_NOT_FOUND);
  return receipt;
}

/** A parent's own receipt: one whose payer e-mail is the parent's account e-mail. Anything else is "not found". */
export function findParentReceipt(db: Db, parentEmail: string, id: string): Receipt {
  const receipt = db
    .select(receiptColumns)
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.id, id), sql`lower(${paymentReceipts.parentEmail}) = ${parentEmail.toLowerCase()}`))
    .get();
  if (!receipt) throw refuse('NOT_FOUND', RECEIPT_NOT_FOUND);
  return receipt;
}

/**
 * Newest payment first; receipts of the same day by the order they were written, then the receipt number
 * (unique), which makes the order total for keyset pages (pagination.ts).
 */
export const receiptOrder: SortKey<Pick<Receipt, 'paymentDate' | 'createdAt' | 'receiptNumber'>>[] = [
  { column: paymentReceipts.paymentDate, kind: 'text', of: (r) => r.paymentDate },
  { column: paymentReceipts.createdAt, kind: 'time', of: (r) => r.createdAt },
  { column: paymentReceipts.receiptNumber, kind: 'text', of: (r) => r.receiptNumber },
];

/** Receipts whose payer e-mail is `email` (compared without case, through payment_receipts_parent_lower_idx). */
export const paidFrom = (email: string) => sql`lower(${paymentReceipts.parentEmail}) = ${email.toLowerCase()}`;

export function receiptFileName(r: Pick<Receipt, 'receiptNumber'>): string {
  return `receipt-${r.receiptNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}
