import { idSchema } from '../../shared/schemas/content';
import {
  generateSchema,
  invoiceLineSchema,
  invoiceListSchema,
  invoiceVoidSchema,
  planSchema,
  planUpdateSchema,
  termsSchema,
} from '../../shared/schemas/billing';
import { directorProcedure, parentProcedure, router } from '../trpc';
import { createPlan, listPlans, updatePlan } from '../billing/plans';
import { getTerms, setTerms } from '../billing/terms';
import { generateForDirector } from '../billing/generate';
import { addInvoiceLine, getInvoice, listInvoices, voidInvoice } from '../billing/invoices';
import { adminInvoicePdf, parentInvoicePdf } from '../billing/invoice-files';

/** Tuition billing (ADR 100): plans, children's terms, generating a period's invoices, and the invoices themselves. */
export const billingRouter = router({
  /** GET /api/admin/billing/plans. */
  plans: directorProcedure.query(({ ctx }) => listPlans(ctx)),
  /** POST /api/admin/billing/plans. */
  createPlan: directorProcedure.input(planSchema).mutation(({ ctx, input }) => createPlan(ctx, input)),
  /** Renames or retires a plan (PATCH /api/admin/billing/plans/{id}). */
  updatePlan: directorProcedure.input(planUpdateSchema).mutation(({ ctx, input }) => updatePlan(ctx, input)),

  /** GET /api/admin/children/{id}/billing. */
  terms: directorProcedure.input(idSchema).query(({ ctx, input }) => getTerms(ctx, input)),
  /** PUT /api/admin/children/{id}/billing. */
  setTerms: directorProcedure.input(termsSchema).mutation(({ ctx, input }) => setTerms(ctx, input)),

  /** POST /api/admin/invoices/generate: answers how many invoices were created. */
  generate: directorProcedure.input(generateSchema).mutation(({ ctx, input }) => generateForDirector(ctx, input)),

  /** GET /api/admin/invoices?status=&familyEmail=&period=, paged. */
  invoices: directorProcedure.input(invoiceListSchema).query(({ ctx, input }) => listInvoices(ctx, input)),
  /** GET /api/admin/invoices/{id}. */
  invoice: directorProcedure.input(idSchema).query(({ ctx, input }) => getInvoice(ctx, input)),
  /** POST /api/admin/invoices/{id}/lines. */
  addLine: directorProcedure.input(invoiceLineSchema).mutation(({ ctx, input }) => addInvoiceLine(ctx, input)),
  /** POST /api/admin/invoices/{id}/void. */
  void: directorProcedure.input(invoiceVoidSchema).mutation(({ ctx, input }) => voidInvoice(ctx, input)),
  /** GET /api/admin/invoices/{id}/invoice.pdf. */
  invoicePdf: directorProcedure.input(idSchema).query(({ ctx, input }) => adminInvoicePdf(ctx, input)),

  /** GET /api/parent/invoices/{id}/invoice.pdf: the family's own invoice only. */
  parentInvoicePdf: parentProcedure.input(idSchema).query(({ ctx, input }) => parentInvoicePdf(ctx, input)),
});
