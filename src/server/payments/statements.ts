import { and, asc, desc, gte, lte, sql } from 'drizzle-orm';
import { enrolledChildren, paymentReceipts } from '~/db/schema';
import { sumCents } from '../../shared/money';
import { FIRST_TAX_YEAR } from '../../shared/schemas/payments';
import { type Clock, centreToday } from '../clock';
import type { Context } from '../context';
import type { Db } from '../db';
import type { StatementForPdf } from './pdf';
import { paidFrom, receiptColumns } from './receipts';
import { refuse } from '../refusal';

/** The years a parent can download a statement for, with their figures: over every receipt, not a page. */
export function statementYears(db: Db, email: string) {
  const rows = db
    .select({ paymentDate: paymentReceipts.paymentDate, amount: paymentReceipts.amount })
    .from(paymentReceipts)
    .where(paidFrom(email))
    .orderBy(desc(paymentReceipts.paymentDate))
    .all();
  const years = new Map<string, string[]>();
  for (const r of rows) {
    const year = r.paymentDate.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), r.amount]);
  }
  return [...years].map(([taxYear, amounts]) => ({ taxYear, paymentCount: amounts.length, totalCents: sumCents(amounts) }));
}

/** A tax year within what the system can answer for: 2000 to this year (the centre's calendar). */
export function assertTaxYear(clock: Clock, taxYear: string): void {
  const current = Number(centreToday(clock).slice(0, 4));
  const year = Number(taxYear);
  if (year < FIRST_TAX_YEAR || year > current) {
    throw refuse('BAD_REQUEST', 'error.taxYear', { first: String(FIRST_TAX_YEAR), last: String(current) });
  }
}

/**
 * Everything a year-end statement says: the payments whose payer e-mail is `parentEmail` and whose payment
 * date falls in the tax year (1 January to 31 December, by the date on the receipt), oldest first, with the
 * total in cents. Null when there are none.
 */
export function buildStatement(db: Db, clock: Clock, parentEmail: string, taxYear: string): StatementForPdf | null {
  const payments = db
    .select(receiptColumns)
    .from(paymentReceipts)
    .where(
      and(
        paidFrom(parentEmail),
        gte(paymentReceipts.paymentDate, `${taxYear}-01-01`),
        lte(paymentReceipts.paymentDate, `${taxYear}-12-31`),
      ),
    )
    .orderBy(asc(paymentReceipts.paymentDate), asc(paymentReceipts.receiptNumber))
    .all();
  if (payments.length === 0) return null;
  const latest = payments.at(-1)!;
  return {
    taxYear,
    parentName: latest.parentName,
    parentEmail: parentEmail.toLowerCase(),
    children: [...new Set(payments.map((p) => p.childName))].sort((a, b) => a.localeCompare(b)),
    payments,
    totalCents: sumCents(payments.map((p) => p.amount)),
    issuedOn: centreToday(clock),
  };
}

export function statementFileName(taxYear: string, parentEmail?: string): string {
  const who = parentEmail
    ? `-${parentEmail
        .split('@')[0]!
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 40)}`
    : '';
  return `tax-statement-${taxYear}${who}.pdf`;
}

/** The families a statement can be made for: parents of enrolled children, and payers on file (a child who left). */
export function taxParents(db: Db): { email: string; name: string }[] {
  const byEmail = new Map<string, string>();
  const receipts = db
    .select({ email: paymentReceipts.parentEmail, name: paymentReceipts.parentName })
    .from(paymentReceipts)
    .orderBy(asc(paymentReceipts.createdAt))
    .all();
  const children = db
    .select({ email: enrolledChildren.parentEmail, name: enrolledChildren.parentName })
    .from(enrolledChildren)
    .orderBy(asc(enrolledChildren.createdAt))
    .all();
  // The enrolled child's record names the parent as the family gave it; it wins over a payer's name.
  for (const row of [...receipts, ...children]) {
    const email = row.email.trim().toLowerCase();
    if (email) byEmail.set(email, row.name.trim() || email);
  }
  return [...byEmail].map(([email, name]) => ({ email, name })).sort((a, b) => a.email.localeCompare(b.email));
}

function knownParent(db: Db, email: string): boolean {
  const child = db
    .select({ id: enrolledChildren.id })
    .from(enrolledChildren)
    .where(sql`lower(${enrolledChildren.parentEmail}) = ${email}`)
    .limit(1)
    .get();
  if (child) return true;
  return !!db
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(sql`lower(${paymentReceipts.parentEmail}) = ${email}`)
    .limit(1)
    .get();
}

/** The admin's year-end statement: checked input, a 404 for an unknown family, a 400 when the year holds no payment. */
export function adminStatement(ctx: Pick<Context, 'db' | 'clock'>, input: { parentEmail: string; taxYear: string }): StatementForPdf {
  assertTaxYear(ctx.clock, input.taxYear);
  if (!knownParent(ctx.db, input.parentEmail)) {
    throw refuse('NOT_FOUND', 'error.noFamilyEmail', { email: input.parentEmail });
  }
  const statement = buildStatement(ctx.db, ctx.clock, input.parentEmail, input.taxYear);
  if (!statement) {
    throw refuse('BAD_REQUEST', 'error.noPaymentsFrom', { email: input.parentEmail, year: input.taxYear });
  }
  return statement;
}
