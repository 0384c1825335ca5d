/** The invoice PDFs for staff and for the family (ADR 100), each rendered in a slot of the build gate (ADR 068). */
import type { ParentContext, StaffContext } from '../context';
import { preferencesOf, preferencesOfAddress } from '../parents/preferences';
import { pdfFile } from '../payments/pdf-file';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import { agencyCentsOf, findInvoice, findParentInvoice, invoiceLinesOf } from './invoices';

/** GET /api/admin/invoices/{id}/invoice.pdf: in the family's language, as they received it. */
export function adminInvoicePdf(ctx: StaffContext, id: string) {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const invoice = findInvoice(ctx.db, id);
    const { language } = preferencesOfAddress(ctx.db, invoice.familyEmail);
    return pdfFile(invoiceFileName(invoice), invoicePdf(invoice, invoiceLinesOf(ctx.db, id), agencyCentsOf(ctx.db, id), language));
  });
}

/** GET /api/parent/invoices/{id}/invoice.pdf: the family's own invoice only (404 otherwise), in the parent's language. */
export function parentInvoicePdf(ctx: ParentContext, id: string) {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const invoice = findParentInvoice(ctx, id);
    const { language } = preferencesOf(ctx.db, ctx.parent.id);
    return pdfFile(invoiceFileName(invoice), invoicePdf(invoice, invoiceLinesOf(ctx.db, id), agencyCentsOf(ctx.db, id), language));
  });
}
