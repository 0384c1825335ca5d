/**
 * The director's billing reports (ADR 101): the aging of what families owe, and this month's billed, collected and
 * agencies' share. Both are read from memory until the next write, per centre day (cache/store.ts).
 */
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { agencyCharges, invoices, paymentReceipts } from '~/db/schema';
import { addDays } from '~/shared/centre-time';
import { centsToAmount, sumCents } from '~/shared/money';
import type { StaffContext } from '../context';
import { centreToday } from '../clock';
import type { Db } from '../db';
import { dailyRead } from '../cache/store';

/** The aging buckets, by days past the due date: not yet due (current), 1–30, 31–60, 61–90, over 90. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an amount due on `dueDate`, seen on `today` (both YYYY-MM-DD on the centre's calendar). */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

type Buckets = Record<AgingBucket | 'total', string>;
export interface AgingRow extends Buckets {
  familyEmail: string;
  familyName: string;
}
export interface AgingReport {
  asOf: string;
  families: AgingRow[];
  totals: Buckets;
}

const zero = (): Record<AgingBucket | 'total', number> => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });
const asAmounts = (cents: Record<AgingBucket | 'total', number>): Buckets =>
  Object.fromEntries(Object.entries(cents).map(([k, v]) => [k, centsToAmount(v)])) as Buckets;

/** Every family with an open balance, by family name, each open invoice's balance in the bucket of its due date. */
export function agingReport(db: Db, today: string): AgingReport {
  const open = db
    .select({
      familyEmail: invoices.familyEmail,
      familyName: invoices.familyName,
      dueDate: invoices.dueDate,
      owed: sql<number>`${invoices.totalCents} - ${invoices.paidCents}`,
    })
    .from(invoices)
    .where(eq(invoices.status, 'open'))
    .all();
  const byFamily = new Map<string, { name: string; cents: ReturnType<typeof zero> }>();
  const totals = zero();
  for (const row of open) {
    if (row.owed <= 0) continue;
    const family = byFamily.get(row.familyEmail) ?? { name: row.familyName, cents: zero() };
    const bucket = agingBucket(row.dueDate, today);
    family.cents[bucket] += row.owed;
    family.cents.total += row.owed;
    totals[bucket] += row.owed;
    totals.total += row.owed;
    byFamily.set(row.familyEmail, family);
  }
  const families = [...byFamily.entries()]
    .map(([familyEmail, f]) => ({ familyEmail, familyName: f.name, ...asAmounts(f.cents) }))
    .sort((a, b) => a.familyName.localeCompare(b.familyName, 'en') || a.familyEmail.localeCompare(b.familyEmail));
  return { asOf: today, families, totals: asAmounts(totals) };
}

export function agingFor(ctx: StaffContext): AgingReport {
  return dailyRead(ctx, 'billing-aging', () => agingReport(ctx.db, centreToday(ctx.clock)));
}

export interface BillingSummary {
  month: string;
  /** Invoices issued this month, void ones left out. */
  billed: string;
  /** Receipts paid this month. */
  collected: string;
  /** What subsidy agencies owe for this month's invoices, reported apart from the families' totals. */
  agencies: string;
  /** Families' open balances today, all months. */
  outstanding: string;
}

export function billingSummary(db: Db, today: string): BillingSummary {
  const month = today.slice(0, 7);
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const thisMonth = and(gte(invoices.issueDate, first), lte(invoices.issueDate, last), ne(invoices.status, 'void'));
  const billed = db
    .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(thisMonth)
    .get()!.cents;
  const agencies = db
    .select({ cents: sql<number>`coalesce(sum(${agencyCharges.amountCents}), 0)` })
    .from(agencyCharges)
    .where(inArray(agencyCharges.invoiceId, db.select({ id: invoices.id }).from(invoices).where(thisMonth)))
    .get()!.cents;
  const collected = sumCents(
    db
      .select({ amount: paymentReceipts.amount })
      .from(paymentReceipts)
      .where(and(gte(paymentReceipts.paymentDate, first), lte(paymentReceipts.paymentDate, last)))
      .all()
      .map((r) => r.amount),
  );
  const outstanding = db
    .select({ cents: sql<number>`coalesce(sum(max(${invoices.totalCents} - ${invoices.paidCents}, 0)), 0)` })
    .from(invoices)
    .where(eq(invoices.status, 'open'))
    .get()!.cents;
  return {
    month,
    billed: centsToAmount(billed),
    collected: centsToAmount(collected),
    agencies: centsToAmount(agencies),
    outstanding: centsToAmount(outstanding),
  };
}

export function billingSummaryFor(ctx: StaffContext): BillingSummary {
  return dailyRead(ctx, 'billing-summary', () => billingSummary(ctx.db, centreToday(ctx.clock)));
}
