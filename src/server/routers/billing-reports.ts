import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, parentProcedure, router } from '../trpc';
import { agingFor, billingSummaryFor } from '../billing/aging';
import { parentBilling } from '../billing/balance';
import { confirmLateFee, dismissLateFee, lateFeeList } from '../billing/late-fees';

/**
 * What families owe and have paid (ADR 101): the director's summary, aging report and late-pickup fees, and the
 * parent's own balance, invoices, payments and ledger. Every query lives in server/billing/.
 */
export const billingReportsRouter = router({
  /** GET /api/admin/billing/summary: billed and collected this month, the agencies' share, what is outstanding. */
  summary: directorProcedure.query(({ ctx }) => billingSummaryFor(ctx)),

  /** GET /api/admin/billing/aging (and aging.csv): each family's open balances by days past due. */
  aging: directorProcedure.query(({ ctx }) => agingFor(ctx)),

  /** GET /api/admin/billing/late-fees: proposals to decide and confirmed fees waiting for an invoice. */
  lateFees: directorProcedure.query(({ ctx }) => lateFeeList(ctx)),

  /** POST /api/admin/billing/late-fees/{id}/confirm */
  confirmLateFee: directorProcedure.input(idSchema).mutation(({ ctx, input }) => confirmLateFee(ctx, input)),

  /** POST /api/admin/billing/late-fees/{id}/dismiss */
  dismissLateFee: directorProcedure.input(idSchema).mutation(({ ctx, input }) => dismissLateFee(ctx, input)),

  /** GET /api/parent/billing: the signed-in parent's family only (there is no input naming another). */
  parentBilling: parentProcedure.query(({ ctx }) => parentBilling(ctx)),
});
