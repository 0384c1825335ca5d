/**
 * Payment receipts and year-end statements: the queries and writes behind routers/payments.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { ParentContext, StaffContext } from '../context';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { enrolledChildren, paymentReceipts } from '~/db/schema';
import { formatAmount } from '../../shared/money';
import { type idSchema } from '../../shared/schemas/content';
import { type pageInput } from '../../shared/schemas/page';
import {
  FIRST_TAX_YEAR,
  type parentReceiptsInput,
  type receiptSchema,
  type taxStatementSchema,
  taxYearField,
} from '../../shared/schemas/payments';
import { centreToday } from '../clock';
import type { Db } from '../db';
import { keysetPage } from '../pagination';
import { parentChildOr404 } from '../parents/access';
import { preferencesOf, preferencesOfAddress } from '../parents/preferences';
import { pdfFile } from './pdf-file';
import {
  findParentReceipt,
  findReceipt,
  nextReceiptNumber,
  paidFrom,
  parentReceiptColumns,
  RECEIPT_NOT_FOUND,
  receiptColumns,
  receiptFileName,
  receiptOrder,
} from './receipts';
import { adminStatement, assertTaxYear, buildStatement, statementFileName, statementYears, taxParents } from './statements';
import { summarise } from './summary';
import { paymentReceiptEmail, taxStatementEmail } from './payment-mail';
import { sendToParent } from '../parents/mail';
import { PdfWords, receiptPdf, taxStatementPdf } from './pdf';
import { firstPageRead } from '../cache/store';
import { audited, recordAudit } from '../audit/record';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { refuse } from '../refusal';
import { staffNotice } from '../notice';
import { settleFamily } from '../billing/settle';

export const parentTaxStatementPdfForInput = z.object({ taxYear: taxYearField });

export function receiptsPage(ctx: StaffContext, input: z.output<typeof pageInput>) {
  return firstPageRead(ctx.db, `staff-receipts:${input.limit}`, input.cursor, () =>
    keysetPage(receiptOrder, input, (after, orderBy, n) =>
      ctx.db
        .select(receiptColumns)
        .from(paymentReceipts)
        .where(after)
        .orderBy(...orderBy)
        .limit(n)
        .all(),
    ),
  );
}

export function paymentsSummary(ctx: StaffContext) {
  return summarise(ctx.db, ctx.clock);
}

export function createReceipt(ctx: StaffContext, input: z.output<typeof receiptSchema>) {
  const today = centreToday(ctx.clock);
  if (input.paymentDate > today) throw refuse('BAD_REQUEST', 'error.paymentInFuture');
  if (input.paymentDate < `${FIRST_TAX_YEAR}-01-01`) throw refuse('BAD_REQUEST', 'error.paymentYear', { first: String(FIRST_TAX_YEAR) });
  const year = today.slice(0, 4);
  return ctx.db.transaction(
    (tx) => {
      const db = tx as unknown as Db;
      const child = db
        .select({ childName: enrolledChildren.childName })
        .from(enrolledChildren)
        .where(eq(enrolledChildren.id, input.childId))
        .get();
      if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
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
      // The payment pays the family's oldest open invoices first; what is left is its credit (ADR 101).
      settleFamily(db, receipt.parentEmail);
      return receipt;
    },
    // Takes the write lock at the start, so the counter is read and bumped by one writer at a time.
    { behavior: 'immediate' },
  );
}

export function deleteReceipt(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const deleted = audited(
    ctx,
    (db) => {
      const gone = db
        .delete(paymentReceipts)
        .where(eq(paymentReceipts.id, input))
        .returning({ receiptNumber: paymentReceipts.receiptNumber, parentEmail: paymentReceipts.parentEmail })
        .get();
      // Its allocations went with it (ON DELETE CASCADE): the invoices it paid are owed again, or paid by a credit.
      if (gone) settleFamily(db, gone.parentEmail);
      return gone;
    },
    (gone) => ({ action: 'delete', entity: 'receipt', entityId: input, fields: { receiptNumber: gone?.receiptNumber } }),
  );
  if (!deleted) throw refuse('NOT_FOUND', RECEIPT_NOT_FOUND);
  return { success: true, ...staffNotice('staff.notice.receiptDeleted', { number: String(deleted.receiptNumber) }) };
}

export async function emailReceipt(ctx: StaffContext, input: z.output<typeof idSchema>) {
  // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
  const { receipt, language, pdf } = await inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findReceipt(ctx.db, input);
    // The e-mail and its PDF in the language the parent chose; English for an address with no account.
    const { language } = preferencesOfAddress(ctx.db, receipt.parentEmail);
    return { receipt, language, pdf: receiptPdf(receipt, centreToday(ctx.clock), language) };
  });
  const words = new PdfWords(language);
  const content = paymentReceiptEmail(
    {
      receiptNumber: receipt.receiptNumber,
      parentName: receipt.parentName,
      childName: receipt.childName,
      amountText: language === 'en' ? formatAmount(receipt.amount) : words.amount(receipt.amount),
      paymentDateText: words.date(receipt.paymentDate),
    },
    ctx.config,
    language,
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
    return {
      ...outcome,
      receipt,
      ...staffNotice('staff.notice.receiptNotEmailed', { number: String(receipt.receiptNumber), email: receipt.parentEmail }),
    };
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
  return {
    ...outcome,
    receipt: updated,
    ...staffNotice('staff.notice.receiptEmailed', { number: String(receipt.receiptNumber), email: receipt.parentEmail }),
  };
}

export function taxStatementParents(ctx: StaffContext) {
  return taxParents(ctx.db);
}

export async function emailTaxStatement(ctx: StaffContext, input: z.output<typeof taxStatementSchema>) {
  // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
  const { statement, language, pdf } = await inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const statement = adminStatement(ctx, input);
    const { language } = preferencesOfAddress(ctx.db, statement.parentEmail);
    return { statement, language, pdf: taxStatementPdf(statement, language) };
  });
  const totalText = new PdfWords(language).money(statement.totalCents);
  const content = taxStatementEmail(
    { taxYear: statement.taxYear, parentName: statement.parentName, totalText, paymentCount: statement.payments.length },
    ctx.config,
    language,
  );
  const outcome = await sendToParent(ctx, statement.parentEmail, content, ctx.admin.email, content.text, [
    { filename: statementFileName(statement.taxYear), content: pdf, contentType: 'application/pdf' },
  ]);
  const summary = {
    taxYear: statement.taxYear,
    parentName: statement.parentName,
    /** In dollars, as docs/product.md names it; `yearlyTotalCents` is the exact figure. */
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
  const said = outcome.emailSent
    ? staffNotice('staff.notice.taxSent', {
        year: String(statement.taxYear),
        total: totalText,
        parent: statement.parentName,
        email: statement.parentEmail,
      })
    : staffNotice('staff.notice.taxNotSent', {
        year: String(statement.taxYear),
        email: statement.parentEmail,
        error: String(outcome.emailError),
      });
  return { ...outcome, ...said, summary };
}

export function receiptPdfFor(ctx: StaffContext, input: z.output<typeof idSchema>) {
  return inBuildSlot(ctx, () => {
    // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findReceipt(ctx.db, input);
    return pdfFile(receiptFileName(receipt), receiptPdf(receipt, centreToday(ctx.clock)));
  });
}

export function parentReceiptsPage(ctx: ParentContext, input: z.output<typeof parentReceiptsInput>) {
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
}

export function parentReceiptPdfFor(ctx: ParentContext, input: z.output<typeof idSchema>) {
  return inBuildSlot(ctx, () => {
    // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
    consumeForAccount(ctx, ctx.limits.pdfs);
    const receipt = findParentReceipt(ctx.db, ctx.parent.email, input);
    // In the parent's saved language; staff's download of the same receipt stays English.
    const { language } = preferencesOf(ctx.db, ctx.parent.id);
    return pdfFile(receiptFileName(receipt), receiptPdf(receipt, centreToday(ctx.clock), language));
  });
}

export function parentTaxStatementPdfFor(ctx: ParentContext, input: z.output<typeof parentTaxStatementPdfForInput>) {
  return inBuildSlot(ctx, () => {
    // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
    consumeForAccount(ctx, ctx.limits.pdfs);
    assertTaxYear(ctx.clock, input.taxYear);
    const statement = buildStatement(ctx.db, ctx.clock, ctx.parent.email, input.taxYear);
    if (!statement) throw refuse('NOT_FOUND', 'error.noPaymentsInYear', { year: input.taxYear });
    return pdfFile(statementFileName(statement.taxYear), taxStatementPdf(statement, preferencesOf(ctx.db, ctx.parent.id).language));
  });
}
