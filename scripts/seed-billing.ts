/**
 * Months of tuition billing (a year; ten for seed-scale.ts's scale size) for the families seed-scale.ts made (ADR
 * 100, ADR 101), written by the billing domain's own functions, so the rows are those production writes: the plans,
 * each active child's terms (a sibling discount on the second child, a subsidy for some families), the monthly
 * invoices generated on each month's first day (marked e-mailed that day), the
 * families' payments recorded as receipts (applied oldest first by the domain), credits added to open invoices,
 * and what a year leaves behind: a family that pays late, one that pays part of each invoice, one with a credit.
 * The clock moves through the year, so every issue, due and payment date, and every audit row, is the day it
 * would have been.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { adminUsers, enrolledChildren, invoices } from '../db/schema';
import type { Clock } from '../src/server/clock';
import type { StaffContext } from '../src/server/context';
import type { Config } from '../src/server/config';
import type { Db } from '../src/server/db';
import { createLimiters } from '../src/server/services/rate-limit';
import { createAdminSession } from '../src/server/auth/session';
import { guardWrites } from '../src/server/auth/write-rights';
import { createPlan } from '../src/server/billing/plans';
import { setTerms } from '../src/server/billing/terms';
import { generateInvoices } from '../src/server/billing/generate';
import { addInvoiceLine } from '../src/server/billing/invoices';
import { createReceipt } from '../src/server/payments/ledger';
import { monthPeriod } from '../src/shared/billing/proration';
import { centreDateOf, centreMidnight } from '../src/shared/centre-time';
import { centsToAmount } from '../src/shared/money';
import { invoiceLineSchema, planSchema, termsSchema } from '../src/shared/schemas/billing';
import { receiptSchema } from '../src/shared/schemas/payments';

/** Monthly tuition per program (the centre's programs: infant, preschool, kindergarten). */
const PLANS = [
  { name: 'Infant full time', program: 'infant', amount: '1300.00' },
  { name: 'Preschool full time', program: 'preschool', amount: '1080.00' },
  { name: 'Kindergarten full time', program: 'kindergarten', amount: '980.00' },
] as const;
const PLAN_OF: Record<string, (typeof PLANS)[number]['program']> = {
  infant: 'infant',
  preschool: 'preschool',
  'kindergarten-prep': 'kindergarten',
};
const METHODS = ['check', 'credit_card', 'bank_transfer', 'cash'] as const;
const AGENCY = 'Ohio publicly funded child care';

/** `YYYY-MM` moved by whole months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Noon in the centre on `date`: a moment whose centre day is `date` whatever the season. */
const noonOf = (date: string) => new Date(centreMidnight(date).getTime() + 12 * 3_600_000);

export interface BillingSeed {
  invoices: number;
  payments: number;
  credits: number;
}

/**
 * Bills the active children for the `months` months ending with the current one (their families are their parent
 * e-mails). Call it on the database seed-scale.ts filled, outside its transaction: generation writes one
 * transaction per family, as the scheduler does.
 */
export function seedBilling(db: Db, privateDir: string, now: Date, months = 12): BillingSeed {
  const at = { ms: now.getTime() };
  const clock: Clock = { now: () => new Date(at.ms) };
  const setDay = (date: string) => (at.ms = noonOf(date).getTime());
  db.insert(adminUsers)
    .values({ email: 'billing.seed@example.com', name: 'Centre Director', role: 'director', passwordHash: 'no-password' })
    .onConflictDoNothing()
    .run();
  const director = db.select().from(adminUsers).where(eq(adminUsers.email, 'billing.seed@example.com')).get()!;
  const identity = { id: director.id, email: director.email, name: director.name, role: 'director' as const, lastLoginAt: null };
  // A session of the director's own, and the guarded handle a director's procedure gets (ADR 063): each write
  // checks it again inside its transaction, as it would in production.
  const { token, expiresAt } = createAdminSession(db, clock, director.id);
  const auth = { kind: 'admin' as const, sessionId: token.split('.')[0]!, expiresAt, refreshed: false, admin: identity };
  const ctx = {
    db: guardWrites(db, auth, 'director'),
    clock,
    config: { privateDir } as Config,
    mailer: null as never,
    ip: '127.0.0.1',
    limits: createLimiters(),
    resHeaders: new Headers(),
    auth,
    admin: identity,
  } as unknown as StaffContext;

  const thisMonth = centreDateOf(now).slice(0, 7);
  const first = addMonths(thisMonth, -(months - 1));
  setDay(`${first}-01`);
  const plans = new Map(PLANS.map((p) => [p.program, createPlan(ctx, planSchema.parse({ ...p, period: 'monthly' })).id]));

  // The families of the active children, in a fixed order: a family's place decides how it pays.
  const children = db
    .select({
      id: enrolledChildren.id,
      program: enrolledChildren.program,
      parentName: enrolledChildren.parentName,
      parentEmail: enrolledChildren.parentEmail,
    })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.isActive, true))
    .orderBy(enrolledChildren.childName)
    .all();
  const families = new Map<string, typeof children>();
  for (const c of children) {
    const key = c.parentEmail.trim().toLowerCase();
    families.set(key, [...(families.get(key) ?? []), c]);
  }
  const order = [...families.keys()];
  order.forEach((family, f) =>
    families.get(family)!.forEach((c, sibling) =>
      setTerms(
        ctx,
        termsSchema.parse({
          childId: c.id,
          planId: plans.get(PLAN_OF[c.program] ?? 'preschool')!,
          startDate: `${first}-01`,
          discountPercent: sibling > 0 ? 10 : 0,
          discountReason: sibling > 0 ? 'Sibling' : '',
          // One family in six has the state's subsidy: it pays its share, the agency the rest.
          subsidy: f % 6 === 2 ? { agency: AGENCY, familyShare: '300.00' } : null,
        }),
      ),
    ),
  );

  const out: BillingSeed = { invoices: 0, payments: 0, credits: 0 };
  const today = centreDateOf(now);
  const invoiceOf = (family: string, month: string) =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.familyEmail, family), eq(invoices.periodStart, `${month}-01`)))
      .get();
  const pay = (family: string, cents: number, date: string, n: number) => {
    if (cents <= 0 || date > today) return;
    const c = families.get(family)![0]!;
    const method = METHODS[n % METHODS.length]!;
    setDay(date);
    createReceipt(
      ctx,
      receiptSchema.parse({
        childId: c.id,
        parentName: c.parentName,
        parentEmail: c.parentEmail,
        paymentType: 'tuition',
        amount: centsToAmount(cents),
        paymentMethod: method,
        checkNumber: method === 'check' ? String(1000 + n) : undefined,
        transactionId: method === 'credit_card' || method === 'bank_transfer' ? `seed-${n}` : undefined,
        paymentDate: date,
        periodCovered: date.slice(0, 7),
      }),
    );
    out.payments++;
  };

  for (let k = 0; k < months; k++) {
    const month = addMonths(first, k);
    setDay(`${month}-01`);
    out.invoices += generateInvoices({ db: ctx.db, audit: ctx }, monthPeriod(month), false).length;
    // E-mailed the day they were issued, as the scheduler's run does (billing/invoice-mail.ts): left unmarked, the
    // first start of a server on this database would send every invoice of the years seeded, a PDF each, and each
    // send is a write that empties the response cache (ADR 017) while a benchmark measures.
    db.update(invoices).set({ emailedAt: clock.now() }).where(isNull(invoices.emailedAt)).run();
    order.forEach((family, f) => {
      const invoice = invoiceOf(family, month);
      if (!invoice) return;
      // A credit now and then: a day the centre closed, given back on that month's invoice.
      if ((f + k) % 9 === 4) {
        setDay(`${month}-03`);
        addInvoiceLine(ctx, invoiceLineSchema.parse({ id: invoice.id, description: 'Credit: centre closed for snow', amount: '-45.00' }));
        out.credits++;
      }
      const day = `${month}-${String(5 + (f % 10)).padStart(2, '0')}`;
      const owed = (month: string) => {
        const i = invoiceOf(family, month);
        return i && i.status === 'open' ? i.totalCents - i.paidCents : 0;
      };
      if (f % 10 === 3) {
        // Pays late: each month, what was owed two months before (its latest invoices stay open, 31-60 days).
        if (k >= 2) pay(family, owed(addMonths(month, -2)), day, k * 100 + f);
      } else if (f % 10 === 7) {
        // Pays part of each invoice: a balance that grows old month by month (the aging report's over-90 column).
        pay(family, Math.round(owed(month) * 0.8), day, k * 100 + f);
      } else if (f % 10 === 5 && k === months - 3) {
        // Pays more than it owes once: the rest is its credit, applied to the next invoice.
        pay(family, owed(month) + 15_000, day, k * 100 + f);
      } else {
        pay(family, owed(month), day, k * 100 + f);
      }
    });
  }
  at.ms = now.getTime();
  return out;
}
