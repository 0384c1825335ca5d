import { idSchema } from '../../shared/schemas/content';
import {
  activitySchema,
  activityUpdateSchema,
  noteSchema,
  noteUpdateSchema,
  summaryRangeSchema,
  weeklyReportSchema,
} from '../../shared/schemas/development';
import { router, staffProcedure } from '../trpc';
import {
  childRecords,
  createActivity,
  updateActivity,
  deleteActivity,
  createNote,
  updateNote,
  deleteNote,
  activitySummary,
  sendWeeklyReport,
} from '../development/entries';

/** The admin Activities tab (docs/product.md §2, §7): daily activities, development notes, summaries and weekly reports. */
export const developmentRouter = router({
  /** GET /api/admin/child-activities/{childId}: the 5 latest activities and notes (private ones included, marked). */
  childRecords: staffProcedure.input(idSchema).query(({ ctx, input }) => childRecords(ctx, input)),

  createActivity: staffProcedure.input(activitySchema).mutation(({ ctx, input }) => createActivity(ctx, input)),

  /** A teacher corrects only their own activities (403 otherwise); a director any (audit/authors.ts). */
  updateActivity: staffProcedure.input(activityUpdateSchema).mutation(({ ctx, input }) => updateActivity(ctx, input)),

  deleteActivity: staffProcedure.input(idSchema).mutation(({ ctx, input }) => deleteActivity(ctx, input)),

  createNote: staffProcedure.input(noteSchema).mutation(({ ctx, input }) => createNote(ctx, input)),

  /** A teacher corrects only their own notes (403 otherwise); a director any. */
  updateNote: staffProcedure.input(noteUpdateSchema).mutation(({ ctx, input }) => updateNote(ctx, input)),

  deleteNote: staffProcedure.input(idSchema).mutation(({ ctx, input }) => deleteNote(ctx, input)),

  /** GET /api/admin/activities-summary/{childId}/{start}/{end} (staff figures: private notes count). */
  summary: staffProcedure.input(summaryRangeSchema).query(({ ctx, input }) => activitySummary(ctx, input)),

  /**
   * POST /api/admin/send-activity-report/{childId}: e-mails the week's activities, notes (never private ones)
   * and skills to the child's parents. Nothing is stored, so a failed e-mail is reported, not retried. A week with
   * nothing to report is refused (400, at the start date): nothing is sent and nothing audited.
   */
  sendWeeklyReport: staffProcedure.input(weeklyReportSchema).mutation(({ ctx, input }) => sendWeeklyReport(ctx, input)),
});
