/**
 * What a family owes (ADR 101): its balance, its invoices, its payments and a ledger with a running balance. The
 * family is the parent e-mail, lower-cased. Read by the parent's Payments tab (`GET /api/parent/billing`) from
 * memory until the next write, per family and centre day (an invoice's "overdue" depends on the day).
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { invoiceLines, invoices } from '~/db/schema';
import { centreDateOf } from '~/shared/centre-time';
import { centsToAmount } from '~/shared/money';
import type { ParentContext } from '../context';
import { centreToday } from '../clock';
import type { Db } from '../db';
import { dailyRead } from '../cache/store';
import { billingStart, countedReceipts } from './settle';

/** A line added this long after its invoice was issued is a ledger entry of its own, on the day it was added. */
export const ADDED_AFTER_ISSUE_MS = 60_000;
/** How many of the newest invoices, payments and ledger entries the portal is sent (open invoices always). */
export const FAMILY_LIST_LIMIT = 24;
export const FAMILY_LEDGER_LIMIT = 60;

export type LedgerKind = 'invoice' | 'line' | 'payment' | 'void';

export interface LedgerEntry {
  date: string;
  kind: LedgerKind;
  /** The invoice or receipt number the entry is about. */
  reference: string;
  /** The line's own words, for a line added after issue (a late-pickup fee, a credit). */
  description: string | null;
  /** Signed: what the family owes more (an invoice, a fee) is positive; a payment, a credit or a void negative. */
  amount: string;
  /** The family's balance after this entry. */
  balance: string;
}

export interface FamilyInvoice {
  id: string;
  number: string;
  periodKind: string;
  periodStart: string;
  periodEnd: string;
  issueDate: string;
  dueDate: string;
  total: string;
  paid: string;
  balance: string;
  status: string;
  overdue: boolean;
}

export interface FamilyPayment {
  id: string;
  receiptNumber: string;
  paymentDate: string;
  paymentMethod: string;
  amount: string;
}

export interface FamilyBilling {
  /** Open invoices' balances minus the family's unapplied credit; negative when the centre owes the family. */
  balance: string;
  /** The unapplied payments (already taken off `balance`). */
  credit: string;
  invoices: FamilyInvoice[];
  payments: FamilyPayment[];
  /** The newest entries, newest first, each with the balance after it. */
  ledger: LedgerEntry[];
}

interface Entry {
  date: string;
  order: number;
  at: number;
  kind: LedgerKind;
  reference: string;
  description: string | null;
  cents: number;
}

/** The family's billing, computed from its invoices and counted receipts (settle.ts) as `today` sees them. */
export function familyBilling(db: Db, familyEmail: string, today: string): FamilyBilling {
  const family = familyEmail.trim().toLowerCase();
  const bills = db
    .select({
      id: invoices.id,
      number: invoices.number,
      periodKind: invoices.periodKind,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      status: invoices.status,
      voidedAt: invoices.voidedAt,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(eq(invoices.familyEmail, family))
    .orderBy(desc(invoices.periodStart), desc(invoices.number))
    .all();
  const start = bills.length ? billingStart(db) : null;
  const receipts = countedReceipts(db, family, start);
  const later = bills.length
    ? db
        .select({
          invoiceId: invoiceLines.invoiceId,
          number: invoices.number,
          description: invoiceLines.description,
          amountCents: invoiceLines.amountCents,
          createdAt: invoiceLines.createdAt,
        })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(
          and(eq(invoices.familyEmail, family), gt(sql`${invoiceLines.createdAt}`, sql`${invoices.createdAt} + ${ADDED_AFTER_ISSUE_MS}`)),
        )
        .orderBy(asc(invoiceLines.createdAt))
        .all()
    : [];

  const laterByInvoice = new Map<string, number>();
  for (const line of later) laterByInvoice.set(line.invoiceId, (laterByInvoice.get(line.invoiceId) ?? 0) + line.amountCents);
  const entries: Entry[] = [];
  for (const bill of bills) {
    const at = bill.createdAt.getTime();
    // What the invoice said when it was issued: its total without the lines added since.
    entries.push({
      date: bill.issueDate,
      order: 0,
      at,
      kind: 'invoice',
      reference: bill.number,
      description: null,
      cents: bill.totalCents - (laterByInvoice.get(bill.id) ?? 0),
    });
    if (bill.status === 'void') {
      const voidedAt = bill.voidedAt ?? bill.createdAt;
      entries.push({
        date: centreDateOf(voidedAt),
        order: 2,
        at: voidedAt.getTime(),
        kind: 'void',
        reference: bill.number,
        description: null,
        cents: -bill.totalCents,
      });
    }
  }
  for (const line of later) {
    entries.push({
      date: centreDateOf(line.createdAt),
      order: 1,
      at: line.createdAt.getTime(),
      kind: 'line',
      reference: line.number,
      description: line.description,
      cents: line.amountCents,
    });
  }
  for (const r of receipts) {
    entries.push({
      date: r.paymentDate,
      order: 3,
      at: r.createdAt.getTime(),
      kind: 'payment',
      reference: r.receiptNumber,
      description: null,
      cents: -r.amountCents,
    });
  }
  entries.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.order - y.order || x.at - y.at));
  let running = 0;
  const ledger: LedgerEntry[] = entries.map((e) => {
    running += e.cents;
    return {
      date: e.date,
      kind: e.kind,
      reference: e.reference,
      description: e.description,
      amount: centsToAmount(e.cents),
      balance: centsToAmount(running),
    };
  });

  const allocated = bills.reduce((sum, b) => sum + (b.status === 'void' ? 0 : b.paidCents), 0);
  const paidIn = receipts.reduce((sum, r) => sum + r.amountCents, 0);
  const creditCents = Math.max(paidIn - allocated, 0);
  const owedCents = bills.reduce((sum, b) => sum + (b.status === 'open' ? Math.max(b.totalCents - b.paidCents, 0) : 0), 0);

  const shown = bills.filter((b, i) => i < FAMILY_LIST_LIMIT || b.status === 'open');
  return {
    balance: centsToAmount(owedCents - creditCents),
    credit: centsToAmount(creditCents),
    invoices: shown.map((b) => {
      const balance = b.status === 'void' ? 0 : b.totalCents - b.paidCents;
      return {
        id: b.id,
        number: b.number,
        periodKind: b.periodKind,
        periodStart: b.periodStart,
        periodEnd: b.periodEnd,
        issueDate: b.issueDate,
        dueDate: b.dueDate,
        total: centsToAmount(b.totalCents),
        paid: centsToAmount(b.paidCents),
        balance: centsToAmount(balance),
        status: b.status,
        overdue: b.status === 'open' && balance > 0 && b.dueDate < today,
      };
    }),
    payments: receipts
      .slice(-FAMILY_LIST_LIMIT)
      .reverse()
      .map((r) => ({
        id: r.id,
        receiptNumber: r.receiptNumber,
        paymentDate: r.paymentDate,
        paymentMethod: r.paymentMethod,
        amount: centsToAmount(r.amountCents),
      })),
    ledger: ledger.slice(-FAMILY_LEDGER_LIMIT).reverse(),
  };
}

/** The signed-in parent's own family (the account's e-mail), never another's: there is no input to name one. */
export function parentBilling(ctx: ParentContext): FamilyBilling {
  const family = ctx.parent.email.toLowerCase();
  return dailyRead(ctx, `family-billing:${family}`, () => familyBilling(ctx.db, family, centreToday(ctx.clock)));
}
