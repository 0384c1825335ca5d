import { paymentReceipts } from '~/db/schema';
import { centsToAmount, sumCents } from '../../shared/money';
import { cachedRead } from '../cache/store';
import { type Clock, centreToday } from '../clock';
import type { Db } from '../db';

/** The Payments tab's summary cards: every receipt, and this month's, summed in cents. */
export function summarise(db: Db, clock: Clock) {
  // docs/product.md §9: 'This Month' is the current month and year, on the centre's calendar.
  const month = centreToday(clock).slice(0, 7);
  // Every receipt is read and summed: from memory until the next write or the next month (cache/store.ts).
  return cachedRead(db, `payments-summary:${month}`, () => summariseMonth(db, month));
}

function summariseMonth(db: Db, month: string) {
  const rows = db
    .select({ amount: paymentReceipts.amount, paymentDate: paymentReceipts.paymentDate, emailSent: paymentReceipts.emailSent })
    .from(paymentReceipts)
    .all();
  const thisMonth = rows.filter((r) => r.paymentDate.startsWith(`${month}-`));
  const totalCents = sumCents(rows.map((r) => r.amount));
  const thisMonthCents = sumCents(thisMonth.map((r) => r.amount));
  return {
    month,
    totalCents,
    totalAmount: centsToAmount(totalCents),
    thisMonthCents,
    thisMonthAmount: centsToAmount(thisMonthCents),
    receiptCount: rows.length,
    thisMonthCount: thisMonth.length,
    emailSentCount: rows.filter((r) => r.emailSent).length,
    notSentCount: rows.filter((r) => !r.emailSent).length,
  };
}
