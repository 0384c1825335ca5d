/**
 * Generating a period's invoices (ADR 100): one invoice per family (the parent e-mail, lower-cased) for a month or
 * a week, a tuition line per child prorated by the weekdays enrolled, a discount line per discounted child, and
 * with a subsidy the family's share on the invoice and the rest as an agency charge. Each family's invoice is
 * written in one transaction of its own (`issueFamilyInvoice`), which first looks for the family's invoice of that
 * period: generating the same period twice, from two calls at once, or after a restart creates nothing new; the
 * partial unique index `invoices_family_period_uq` refuses a second one even if that look were skipped.
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  agencyCharges,
  billingPlans,
  childBillingTerms,
  enrolledChildren,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
  lateFeeProposals,
} from '~/db/schema';
import { addDays, discountCents, enrolledDays, monthPeriod, type Period, prorateCents, weekPeriod } from '../../shared/billing/proration';
import type { GenerateInput } from '../../shared/schemas/billing';
import { type AuditContext, type AuditEntry, recordAudit } from '../audit/record';
import { centreProfile } from '../centre/profile';
import { centreToday } from '../clock';
import type { Db } from '../db';
import { type InvoiceMailDeps, sendIssuedInvoices } from './invoice-mail';
import { pendingLateFeeLines } from './late-fees';
import { settleFamily } from './settle';

/** The next invoice number of `year`, `INV-2026-0001`: one UPSERT in the caller's transaction, as receipts do. */
export function nextInvoiceNumber(db: Db, year: string): string {
  const row = db
    .insert(invoiceNumberCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberCounters.year, set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber })
    .get();
  return `INV-${year}-${String(row.lastNumber).padStart(4, '0')}`;
}

/** The period a request names: a month `YYYY-MM`, or the week of a Monday. */
export function periodOf(input: { period: string } | { weekOf: string }): Period {
  return 'period' in input ? monthPeriod(input.period) : weekPeriod(input.weekOf);
}

export type PeriodInput = GenerateInput;

interface ChildTerms {
  childId: string;
  childName: string;
  parentName: string;
  family: string;
  planName: string;
  amountCents: number;
  startDate: string;
  endDate: string | null;
  discountPercent: number;
  discountReason: string | null;
  subsidyAgency: string | null;
  subsidyFamilyShareCents: number | null;
}

/** The children billed in `period`: terms on a plan of the period's kind, enrolled on at least one of its days. */
function billedChildren(db: Db, period: Period): ChildTerms[] {
  return db
    .select({
      childId: enrolledChildren.id,
      childName: enrolledChildren.childName,
      parentName: enrolledChildren.parentName,
      family: sql<string>`lower(trim(${enrolledChildren.parentEmail}))`,
      planName: billingPlans.name,
      amountCents: billingPlans.amountCents,
      startDate: childBillingTerms.startDate,
      endDate: childBillingTerms.endDate,
      discountPercent: childBillingTerms.discountPercent,
      discountReason: childBillingTerms.discountReason,
      subsidyAgency: childBillingTerms.subsidyAgency,
      subsidyFamilyShareCents: childBillingTerms.subsidyFamilyShareCents,
    })
    .from(childBillingTerms)
    .innerJoin(billingPlans, eq(billingPlans.id, childBillingTerms.planId))
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, childBillingTerms.childId))
    .where(
      and(
        eq(billingPlans.period, period.kind),
        lte(childBillingTerms.startDate, period.end),
        or(isNull(childBillingTerms.endDate), gte(childBillingTerms.endDate, period.start)),
      ),
    )
    .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
    .all();
}

interface Line {
  childId: string | null;
  kind: 'tuition' | 'discount';
  description: string;
  amountCents: number;
}

interface AgencyShare {
  childId: string;
  agency: string;
  amountCents: number;
}

/** One child's lines and agency share for `period`: the arithmetic of ADR 100, in cents. */
export function childLines(c: ChildTerms, period: Period): { lines: Line[]; agency: AgencyShare | null } {
  const planCents = prorateCents(c.amountCents, period, c.startDate, c.endDate);
  if (planCents === 0) return { lines: [], agency: null };
  const subsidised = c.subsidyAgency !== null && c.subsidyFamilyShareCents !== null;
  const familyCents = subsidised ? prorateCents(c.subsidyFamilyShareCents!, period, c.startDate, c.endDate) : planCents;
  const days = enrolledDays(period, c.startDate, c.endDate);
  const part = days.enrolled < days.billable ? ` (${days.enrolled}/${days.billable})` : '';
  const lines: Line[] = [
    { childId: c.childId, kind: 'tuition', description: `${c.childName} - ${c.planName}${part}`, amountCents: familyCents },
  ];
  const discount = c.discountPercent > 0 ? discountCents(familyCents, c.discountPercent) : 0;
  if (discount > 0) {
    lines.push({
      childId: c.childId,
      kind: 'discount',
      description: `${c.childName} - ${c.discountReason ?? ''} ${c.discountPercent}%`.replace(/\s+/g, ' '),
      amountCents: -discount,
    });
  }
  const agencyCents = planCents - familyCents;
  return {
    lines,
    agency: subsidised && agencyCents > 0 ? { childId: c.childId, agency: c.subsidyAgency!, amountCents: agencyCents } : null,
  };
}

export interface IssueContext {
  audit: AuditContext;
  /** Who, when no staff session generates (the scheduler). */
  actor?: AuditEntry['actor'];
  issueDate: string;
  dueDate: string;
  /** Whether a family whose invoice of the period was voided gets a new one (the director's call) or not (the scheduler). */
  replaceVoided: boolean;
}

/**
 * The invoice of one family for `period`, inside the caller's transaction: nothing when the family has one already
 * (open or paid; a void one too unless `replaceVoided`) or owes nothing. Answers the new invoice's id.
 */
export function issueFamilyInvoice(tx: Db, family: string, children: ChildTerms[], period: Period, issue: IssueContext): string | null {
  const existing = tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.familyEmail, family),
        eq(invoices.periodKind, period.kind),
        eq(invoices.periodStart, period.start),
        issue.replaceVoided ? ne(invoices.status, 'void') : undefined,
      ),
    )
    .get();
  if (existing) return null;
  const lines: Line[] = [];
  const shares: AgencyShare[] = [];
  for (const child of children) {
    const out = childLines(child, period);
    lines.push(...out.lines);
    if (out.agency) shares.push(out.agency);
  }
  // Confirmed late-pickup fees waiting for this family's next invoice (ADR 101), marked billed in this transaction.
  const fees = pendingLateFeeLines(tx, family, period.start, period.end);
  if (lines.length === 0 && fees.length === 0) return null;
  const allLines: Array<Pick<Line, 'childId' | 'description' | 'amountCents'> & { kind: Line['kind'] | 'late_fee' }> = [...lines, ...fees];
  const totalCents = allLines.reduce((sum, l) => sum + l.amountCents, 0);
  const number = nextInvoiceNumber(tx, issue.issueDate.slice(0, 4));
  const invoice = tx
    .insert(invoices)
    .values({
      number,
      familyEmail: family,
      familyName: children[0]!.parentName,
      periodKind: period.kind,
      periodStart: period.start,
      periodEnd: period.end,
      issueDate: issue.issueDate,
      dueDate: issue.dueDate,
      totalCents,
      paidCents: 0,
      status: totalCents <= 0 ? 'paid' : 'open',
    })
    .returning({ id: invoices.id })
    .get();
  tx.insert(invoiceLines)
    .values(
      allLines.map((l, position) => ({
        invoiceId: invoice.id,
        childId: l.childId,
        kind: l.kind,
        description: l.description,
        amountCents: l.amountCents,
        position,
      })),
    )
    .run();
  if (shares.length)
    tx.insert(agencyCharges)
      .values(shares.map((s) => ({ invoiceId: invoice.id, ...s })))
      .run();
  if (fees.length)
    tx.update(lateFeeProposals)
      .set({ invoiceId: invoice.id })
      .where(
        inArray(
          lateFeeProposals.id,
          fees.map((f) => f.proposalId),
        ),
      )
      .run();
  // The family's payments not yet applied (an earlier overpayment: its credit) go to the new invoice (ADR 101).
  settleFamily(tx, family);
  recordAudit(tx, issue.audit, {
    action: 'create',
    entity: 'invoice',
    entityId: invoice.id,
    fields: { number, periodStart: period.start, kind: period.kind },
    ...(issue.actor ? { actor: issue.actor } : {}),
  });
  return invoice.id;
}

export interface GenerateDeps {
  db: Db;
  audit: AuditContext;
  actor?: AuditEntry['actor'];
}

/**
 * Generates `period`'s invoices: one transaction per family (taking the write lock at its start, so two runs at
 * once see each other's invoices). Answers the ids of the invoices created.
 */
export function generateInvoices(deps: GenerateDeps, period: Period, replaceVoided: boolean): string[] {
  const issueDate = centreToday(deps.audit.clock);
  const dueDate = addDays(issueDate, centreProfile().billing.invoiceDueDays);
  const byFamily = new Map<string, ChildTerms[]>();
  for (const child of billedChildren(deps.db, period)) {
    const list = byFamily.get(child.family) ?? [];
    list.push(child);
    byFamily.set(child.family, list);
  }
  const created: string[] = [];
  for (const [family, children] of byFamily) {
    const id = deps.db.transaction(
      (tx) =>
        issueFamilyInvoice(tx as unknown as Db, family, children, period, {
          audit: deps.audit,
          actor: deps.actor,
          issueDate,
          dueDate,
          replaceVoided,
        }),
      { behavior: 'immediate' },
    );
    if (id) created.push(id);
  }
  return created;
}

/** POST /api/admin/invoices/generate: the director's run (a voided invoice is replaced), then the e-mails. */
export async function generateForDirector(
  ctx: { db: Db; mailer: InvoiceMailDeps['mailer']; config: InvoiceMailDeps['config'] } & AuditContext,
  input: PeriodInput,
): Promise<{ created: number }> {
  const created = generateInvoices({ db: ctx.db, audit: ctx }, periodOf(input), true);
  if (created.length) await sendIssuedInvoices({ db: ctx.db, mailer: ctx.mailer, clock: ctx.clock, config: ctx.config });
  return { created: created.length };
}
