import { idSchema } from '../../shared/schemas/content';
import { pageInput } from '../../shared/schemas/page';
import { parentReceiptsInput, receiptSchema, taxStatementSchema } from '../../shared/schemas/payments';
import { type PdfFile, pdfFile } from '../payments/pdf-file';
import { adminStatement, statementFileName } from '../payments/statements';
import { taxStatementPdf } from '../payments/pdf';
import { directorProcedure, parentProcedure, router } from '../trpc';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import {
  receiptsPage,
  paymentsSummary,
  createReceipt,
  deleteReceipt,
  emailReceipt,
  taxStatementParents,
  emailTaxStatement,
  receiptPdfFor,
  parentReceiptsPage,
  parentReceiptPdfFor,
  parentTaxStatementPdfForInput,
  parentTaxStatementPdfFor,
} from '../payments/ledger';

/** The PDF answer's type, for the procedures of other routers that answer a PDF (its home is payments/pdf-file.ts). */

export const paymentsRouter = router({
  /** A page of the receipts, newest payment first (GET /api/admin/payment-receipts). */
  list: directorProcedure.input(pageInput).query(({ ctx, input }) => receiptsPage(ctx, input)),

  /** The summary cards, summed in cents on the server over every receipt (never from the page shown). */
  summary: directorProcedure.query(({ ctx }) => paymentsSummary(ctx)),

  /** POST /api/admin/payment-receipts: the child's name comes from the child's record, the number from the server. */
  create: directorProcedure.input(receiptSchema).mutation(({ ctx, input }) => createReceipt(ctx, input)),

  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deleteReceipt(ctx, input)),

  /**
   * POST /api/admin/payment-receipts/{id}/send-email: e-mails the receipt to the parent as a PDF. The receipt is
   * marked sent only once the mail server (or the outbox) accepted the message; a failure leaves it 'Not Sent'
   * and answers the reason, so staff can try again.
   */
  sendEmail: directorProcedure.input(idSchema).mutation(({ ctx, input }) => emailReceipt(ctx, input)),

  /** The tax panel's parent choices: unique non-empty e-mails, sorted, each with a name. */
  taxParents: directorProcedure.query(({ ctx }) => taxStatementParents(ctx)),

  /** POST /api/admin/year-end-tax-receipt: builds the statement PDF and e-mails it to the parent. */
  sendTaxStatement: directorProcedure.input(taxStatementSchema).mutation(({ ctx, input }) => emailTaxStatement(ctx, input)),

  /** A receipt's PDF for staff (GET /api/admin/payment-receipts/{id}/pdf). */
  receiptPdf: directorProcedure.input(idSchema).query(({ ctx, input }) => receiptPdfFor(ctx, input)),

  /** A year-end statement's PDF for staff, without e-mailing it. */
  taxStatementPdf: directorProcedure.input(taxStatementSchema).query(({ ctx, input }): Promise<PdfFile> =>
    inBuildSlot(ctx, () => {
      // Each PDF is rendered on the server's CPU: a rate per account, in a slot of the build gate (ADR 068).
      consumeForAccount(ctx, ctx.limits.pdfs);
      const statement = adminStatement(ctx, input);
      return pdfFile(statementFileName(statement.taxYear, statement.parentEmail), taxStatementPdf(statement));
    }),
  ),

  /**
   * A page of the signed-in parent's own receipts (payer e-mail = the account's e-mail, see ADR 008), newest
   * first, optionally of one child only; and the years a statement can be downloaded for, with their totals
   * over every receipt of the family (not the page).
   */
  parentReceipts: parentProcedure.input(parentReceiptsInput).query(({ ctx, input }) => parentReceiptsPage(ctx, input)),

  parentReceiptPdf: parentProcedure.input(idSchema).query(({ ctx, input }) => parentReceiptPdfFor(ctx, input)),

  parentTaxStatementPdf: parentProcedure
    .input(parentTaxStatementPdfForInput)
    .query(({ ctx, input }) => parentTaxStatementPdfFor(ctx, input)),
});
