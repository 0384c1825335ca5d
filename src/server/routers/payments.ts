import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { enrolledChildren, paymentReceipts, receiptNumberCounters } from '~/db/schema';
import { centsToAmount, formatAmount, formatCents, sumCents } from '../../shared/money';
import { idSchema } from '../../shared/schemas/content';
import { pageInput } from '../../shared/schemas/page';
import { FIRST_TAX_YEAR, parentReceiptsInput, receiptSchema, taxStatementSchema, taxYearField } from '../../shared/schemas/payments';
import { type Clock, centreToday } from '../clock';
import type { Context } from '../context';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';
import { parentChildOr404 } from '../parents/access';
import { preferencesOf } from '../parents/preferences';
import { paymentReceiptEmail, taxStatementEmail } from '../services/mail-templates';
import { sendToParent } from '../services/parent-mail';
import { formatPdfDate, receiptPdf, type StatementForPdf, taxStatementPdf } from '../services/payment-pdf';
import { cachedRead, firstPageRead } from '../cache/store';
import { audited, recordAudit } from '../audit/record';
import { directorProcedure, parentProcedure, router } from '../trpc';
import { consumeForAccount } from '../services/rate-limit';

const receiptColumns = getTableColumns(paymentReceipts);

/** What a parent sees of a receipt: staff's internal notes and who sent the e-mail stay in the office. */
const { notes: _notes, emailSentBy: _emailSentBy, ...parentReceiptColumns } = receiptColumns;

type Receipt = typeof paymentReceipts.$inferSelect;

const RECEIPT_NOT_FOUND = 'Receipt not found';

/** A PDF as a procedure answers it: base64 travels through tRPC's JSON; the REST paths send the bytes. */
export interface PdfFile {
  fileName: string;
  contentBase64: string;
}

function pdfFile(fileName: string, bytes: Buffer): PdfFile {
  return { fileName, contentBase64: bytes.toString('base64') };
}

/**
 * The next receipt number of `year`: `2026-000042`. One UPSERT bumps the year's counter and answers the new
 * value, inside the caller's write transaction, so two receipts created at the same moment never share a
 * number, and the number of a deleted receipt is never given out again.
 */
function nextReceiptNumber(db: Db, year: string): string {
  const row = db
    .insert(receiptNumberCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptNumberCounters.year, set: { lastNumber: sql`${receiptNumberCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptNumberCounters.lastNumber })
    .get();
  return `${year}-${String(row.lastNumber).padStart(6, '0')}`;
}

function findReceipt(db: Db, id: string): Receipt {
  const receipt = db.select(receiptColumns).from(paymentReceipts).where(eq(paymentReceipts.id, id)).get();
  if (!receipt) throw new TRPCError({ code: 'NOT_FOUND', message: RECEIPT_NOT_FOUND });
  return receipt;
}

/** A parent's own receipt: one whose payer e-mail is the parent's account e-mail. Anything else is "not found". */
function findParentReceipt(db: Db, parentEmail: string, id: string): Receipt {
  const receipt = db
    .select(receiptColumns)
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.id, id), sql`lower(${paymentReceipts.parentEmail}) = ${parentEmail.toLowerCase()}`))
    .get();
  if (!receipt) throw new TRPCError({ code: 'NOT_FOUND', message: RECEIPT_NOT_FOUND });
  return receipt;
}

/**
 * Newest payment first; receipts of the same day by the order they were written, then the receipt number
 * (unique), which makes the order total for keyset pages (pagination.ts).
 */
const receiptOrder: SortKey<Pick<Receipt, 'paymentDate' | 'createdAt' | 'receiptNumber'>>[] = [
  { column: paymentReceipts.paymentDate, kind: 'text', of: (r) => r.paymentDate },
  { column: paymentReceipts.createdAt, kind: 'time', of: (r) => r.createdAt },
  { column: paymentReceipts.receiptNumber, kind: 'text', of: (r) => r.receiptNumber },
];

/** Receipts whose payer e-mail is `email` (compared without case, through payment_receipts_parent_lower_idx). */
const paidFrom = (email: string) => sql`lower(${paymentReceipts.parentEmail}) = ${email.toLowerCase()}`;

/** The years a parent can download a statement for, with their figures: over every receipt, not a page. */
function statementYears(db: Db, email: string) {
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
function assertTaxYear(clock: Clock, taxYear: string): void {
  const current = Number(centreToday(clock).slice(0, 4));
  const year = Number(taxYear);
  if (year < FIRST_TAX_YEAR || year > current) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Please choose a tax year from ${FIRST_TAX_YEAR} to ${current}.` });
  }
}

/**
 * Everything a year-end statement says: the payments whose payer e-mail is `parentEmail` and whose payment
 * date falls in the tax year (1 January to 31 December, by the date on the receipt), oldest first, with the
 * total in cents. Null when there are none.
 */
function buildStatement(db: Db, clock: Clock, parentEmail: string, taxYear: string): StatementForPdf | null {
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

function statementFileName(taxYear: string, parentEmail?: string): string {
  const who = parentEmail
    ? `-${parentEmail
        .split('@')[0]!
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 40)}`
    : '';
  return `tax-statement-${taxYear}${who}.pdf`;
}

function receiptFileName(r: Pick<Receipt, 'receiptNumber'>): string {
  return `receipt-${r.receiptNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** The families a statement can be made for: parents of enrolled children, and payers on file (a child who left). */
function taxParents(db: Db): { email: string; name: string }[] {
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
function adminStatement(ctx: Pick<Context, 'db' | 'clock'>, input: { parentEmail: string; taxYear: string }): StatementForPdf {
  assertTaxYear(ctx.clock, input.taxYear);
  if (!knownParent(ctx.db, input.parentEmail)) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `No enrolled family or payment uses the e-mail ${input.parentEmail}.` });
  }
  const statement = buildStatement(ctx.db, ctx.clock, input.parentEmail, input.taxYear);
  if (!statement) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `No payments from ${input.parentEmail} were recorded in ${input.taxYear}, so there is no statement to send.`,
    });
  }
  return statement;
}

function summarise(db: Db, clock: Clock) {
  // SPEC.md §9: 'This Month' is the current month and year, on the centre's calendar.
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

export const paymentsRouter = router({
  /** A page of the receipts, newest payment first (GET /api/admin/payment-receipts). */
  list: directorProcedure.input(pageInput).query(({ ctx, input }) =>
    // The first page from memory until the next write (cache/store.ts): every director opening the tab reads it.
    firstPageRead(ctx.db, `staff-receipts:${input.limit}`, input.cursor, () =>
      keysetPage(receiptOrder, input, (after, orderBy, n) =>
        ctx.db
          .select(receiptColumns)
          .from(paymentReceipts)
          .where(after)
          .orderBy(...orderBy)
          .limit(n)
          .all(),
      ),
    ),
  ),

  /** The summary cards, summed in cents on the server over every receipt (never from the page shown). */
  summary: directorProcedure.query(({ ctx }) => summarise(ctx.db, ctx.clock)),

  /** POST /api/admin/payment-receipts: the child's name comes from the child's record, the number from the server. */
  create: directorProcedure.input(receiptSchema).mutation(({ ctx, input }) => {
    const today = centreToday(ctx.clock);
    if (input.paymentDate > today) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The payment date cannot be in the future.' });
    if (input.paymentDate < `${FIRST_TAX_YEAR}-01-01`)
      throw new TRPCError({ code: 'BAD_REQUEST', message: `The payment date must be in ${FIRST_TAX_YEAR} or later.` });
    const year = today.slice(0, 4);
    return ctx.db.transaction(
      (tx) => {
        const db = tx as unknown as Db;
        const child = db
          .select({ childName: enrolledChildren.childName })
          .from(enrolledChildren)
          .where(eq(enrolledChildren.id, input.childId))
          .get();
        if (!child) throw new TRPCError({ code: 'NOT_FOUND', message: 'Child not found' });
        let receiptNumber = nextReceiptNumber(db, year);
        // A number already on file (typed into an imported record) is skipped, never shared.
        while (db.select({ id: paymentReceipts.id }).from(paymentReceipts).where(eq(paymentReceipts.receiptNumber, receiptNumber)).get()) {
          receiptNumber = nextReceiptNumber(db, year);
        }
        const receipt = db
          .insert(paymentReceipts)
          .values({ ...input, childName: child.childName, receiptNumber })
          .returning(receiptColumns)
          .get();
        recordAudit(db, ctx, { action: 'create', entity: 'receipt', entityId: receipt.id, fields: { ...input, receiptNumber } });
        return receipt;
      },
      // Takes the write lock at the start, so the counter is read and bumped by one writer at a time.
      { behavior: 'immediate' },
    );
  }),

  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => {
    const deleted = audited(
      ctx,
      (db) =>
        db.delete(paymentReceipts).where(eq(paymentReceipts.id, input)).returning({ receiptNumber: paymentReceipts.receiptNumber }).get(),
      (gone) => ({ action: 'delete', entity: 'receipt', entityId: input, fields: { receiptNumber: gone?.receiptNumber } }),
    );
    if (!deleted) throw new TRPCError({ code: 'NOT_FOUND', message: RECEIPT_NOT_FOUND });
    return { success: true, message: `Receipt #${deleted.receiptNumber} was deleted.` };
  }),

  /**
   * POST /api/admin/payment-receipts/{id}/send-email: e-mails the receipt to the parent as a PDF. The receipt is
   * marked sent only once the mail server (or the outbox) accepted the message; a failure leaves it 'Not Sent'
   * and answers the reason, so staff can try again.
   */
  sendEmail: directorProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findReceipt(ctx.db, input);
    const pdf = receiptPdf(receipt, centreToday(ctx.clock));
    const content = paymentReceiptEmail(
      {
        receiptNumber: receipt.receiptNumber,
        parentName: receipt.parentName,
        childName: receipt.childName,
        amountText: formatAmount(receipt.amount),
        paymentDateText: formatPdfDate(receipt.paymentDate),
      },
      ctx.config,
    );
    const outcome = await sendToParent(ctx, receipt.parentEmail, content, ctx.admin.email, content.text, [
      { filename: receiptFileName(receipt), content: pdf, contentType: 'application/pdf' },
    ]);
    if (!outcome.emailSent) {
      recordAudit(ctx.db, ctx, {
        action: 'send',
        entity: 'receipt',
        entityId: receipt.id,
        fields: { parentEmail: receipt.parentEmail, emailSent: false },
      });
      return { ...outcome, receipt, message: `Receipt #${receipt.receiptNumber} could not be e-mailed to ${receipt.parentEmail}.` };
    }
    const updated =
      audited(
        ctx,
        (db) =>
          db
            .update(paymentReceipts)
            .set({ emailSent: true, emailSentAt: ctx.clock.now(), emailSentBy: ctx.admin.email, updatedAt: ctx.clock.now() })
            .where(eq(paymentReceipts.id, receipt.id))
            .returning(receiptColumns)
            .get(),
        () => ({ action: 'send', entity: 'receipt', entityId: receipt.id, fields: { parentEmail: receipt.parentEmail, emailSent: true } }),
      ) ?? receipt;
    return { ...outcome, receipt: updated, message: `Receipt #${receipt.receiptNumber} was e-mailed to ${receipt.parentEmail}.` };
  }),

  /** The tax panel's parent choices: unique non-empty e-mails, sorted, each with a name. */
  taxParents: directorProcedure.query(({ ctx }) => taxParents(ctx.db)),

  /** POST /api/admin/year-end-tax-receipt: builds the statement PDF and e-mails it to the parent. */
  sendTaxStatement: directorProcedure.input(taxStatementSchema).mutation(async ({ ctx, input }) => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const statement = adminStatement(ctx, input);
    const pdf = taxStatementPdf(statement);
    const totalText = formatCents(statement.totalCents);
    const content = taxStatementEmail(
      { taxYear: statement.taxYear, parentName: statement.parentName, totalText, paymentCount: statement.payments.length },
      ctx.config,
    );
    const outcome = await sendToParent(ctx, statement.parentEmail, content, ctx.admin.email, content.text, [
      { filename: statementFileName(statement.taxYear), content: pdf, contentType: 'application/pdf' },
    ]);
    const summary = {
      taxYear: statement.taxYear,
      parentName: statement.parentName,
      /** In dollars, as SPEC.md names it; `yearlyTotalCents` is the exact figure. */
      yearlyTotal: statement.totalCents / 100,
      yearlyTotalCents: statement.totalCents,
      paymentCount: statement.payments.length,
    };
    recordAudit(ctx.db, ctx, {
      action: 'send',
      entity: 'tax-statement',
      entityId: null,
      fields: { parentEmail: statement.parentEmail, taxYear: statement.taxYear, emailSent: outcome.emailSent },
    });
    const message = outcome.emailSent
      ? `The ${statement.taxYear} year-end tax statement (${totalText}) was e-mailed to ${statement.parentName} at ${statement.parentEmail}.`
      : `The ${statement.taxYear} year-end tax statement could not be e-mailed to ${statement.parentEmail}. ${outcome.emailError} You can download it and hand it over instead.`;
    return { ...outcome, message, summary };
  }),

  /** A receipt's PDF for staff (GET /api/admin/payment-receipts/{id}/pdf). */
  receiptPdf: directorProcedure.input(idSchema).query(({ ctx, input }): PdfFile => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findReceipt(ctx.db, input);
    return pdfFile(receiptFileName(receipt), receiptPdf(receipt, centreToday(ctx.clock)));
  }),

  /** A year-end statement's PDF for staff, without e-mailing it. */
  taxStatementPdf: directorProcedure.input(taxStatementSchema).query(({ ctx, input }): PdfFile => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const statement = adminStatement(ctx, input);
    return pdfFile(statementFileName(statement.taxYear, statement.parentEmail), taxStatementPdf(statement));
  }),

  /**
   * A page of the signed-in parent's own receipts (payer e-mail = the account's e-mail, see ADR 008), newest
   * first, optionally of one child only; and the years a statement can be downloaded for, with their totals
   * over every receipt of the family (not the page).
   */
  parentReceipts: parentProcedure.input(parentReceiptsInput).query(({ ctx, input }) => {
    const email = ctx.parent.email.toLowerCase();
    // A child named must be one of the parent's own: another family's child is a 404, as everywhere in the portal.
    if (input.childId) parentChildOr404(ctx.db, ctx.parent.id, input.childId);
    // The first page from memory until the next write (cache/store.ts), keyed by the payer e-mail it filters on.
    return firstPageRead(ctx.db, `parent-receipts:${email}:${input.childId ?? ''}:${input.limit}`, input.cursor, () => {
      const { items, nextCursor } = keysetPage(receiptOrder, input, (after, orderBy, n) =>
        ctx.db
          .select(parentReceiptColumns)
          .from(paymentReceipts)
          .where(and(paidFrom(email), input.childId ? eq(paymentReceipts.childId, input.childId) : undefined, after))
          .orderBy(...orderBy)
          .limit(n)
          .all(),
      );
      return { receipts: items, nextCursor, statements: statementYears(ctx.db, email) };
    });
  }),

  parentReceiptPdf: parentProcedure.input(idSchema).query(({ ctx, input }): PdfFile => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findParentReceipt(ctx.db, ctx.parent.email, input);
    // In the parent's saved language (issue 33); staff's download of the same receipt stays English.
    const { language } = preferencesOf(ctx.db, ctx.parent.id);
    return pdfFile(receiptFileName(receipt), receiptPdf(receipt, centreToday(ctx.clock), language));
  }),

  parentTaxStatementPdf: parentProcedure.input(z.object({ taxYear: taxYearField })).query(({ ctx, input }): PdfFile => {
    // Each PDF is drawn on the server's CPU: a rate per account (issue 29).
    consumeForAccount(ctx, ctx.limits.pdfs);
    assertTaxYear(ctx.clock, input.taxYear);
    const statement = buildStatement(ctx.db, ctx.clock, ctx.parent.email, input.taxYear);
    if (!statement) throw new TRPCError({ code: 'NOT_FOUND', message: `No payments were recorded for you in ${input.taxYear}.` });
    return pdfFile(statementFileName(statement.taxYear), taxStatementPdf(statement, preferencesOf(ctx.db, ctx.parent.id).language));
  }),
});
