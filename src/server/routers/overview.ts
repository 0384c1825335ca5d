import { directorProcedure, router, staffProcedure } from '../trpc';
import { attentionCounts, overviewCounts } from '../staff/overview';
import { dismissSetupChecklist, setupChecklist } from '../staff/setup-checklist';

export const overviewRouter = router({
  /** The tab bar's badges, on every tab of the dashboard: three counts from indexes. */
  attention: staffProcedure.query(({ ctx }) => attentionCounts(ctx)),

  /** The dashboard's first screen in one call: four counts, the newest applications, the next events. */
  counts: directorProcedure.query(({ ctx }) => overviewCounts(ctx)),

  /** The director's first-run checklist (ADR 082): each item done or not, and whether the Overview shows it. */
  setupChecklist: directorProcedure.query(({ ctx }) => setupChecklist(ctx)),

  /** Puts the checklist away for this director, remembered on the account. */
  dismissSetupChecklist: directorProcedure.mutation(({ ctx }) => dismissSetupChecklist(ctx)),
});
