import { directorProcedure, router, staffProcedure } from '../trpc';
import { attentionCounts, overviewCounts } from '../staff/overview';

export const overviewRouter = router({
  /** The tab bar's badges, on every tab of the dashboard: three counts from indexes. */
  attention: staffProcedure.query(({ ctx }) => attentionCounts(ctx)),

  /** The dashboard's first screen in one call: four counts, the newest applications, the next events. */
  counts: directorProcedure.query(({ ctx }) => overviewCounts(ctx)),
});
