import { idSchema } from '../../shared/schemas/content';
import { annualReviewInput, childHealthUpdateSchema, healthFileSchema } from '../../shared/schemas/health';
import { directorProcedure, parentProcedure, router, staffProcedure } from '../trpc';
import { addParentHealthFile, addStaffHealthFile, childHealthFor, updateChildHealth } from '../health/records';
import { countersignReview, reviewForParent, reviewsAwaitingCountersignature, submitReview } from '../health/annual-review';
import { parentHealthRecord } from '../compliance/inspector';

/** A child's health record and the yearly review (ADR 094). */
export const healthRouter = router({
  /** Staff: the medical statement, immunizations and care plan of a child (teachers read the summaries they act on). */
  get: staffProcedure.input(idSchema).query(({ ctx, input }) => childHealthFor(ctx, input)),

  /** Director: the whole record, as `PUT /api/admin/children/{id}/health` sends it. */
  update: directorProcedure.input(childHealthUpdateSchema).mutation(({ ctx, input }) => updateChildHealth(ctx, input)),

  /** Director: a signed form from paper, its scan uploaded first. */
  addFile: directorProcedure.input(healthFileSchema).mutation(({ ctx, input }) => addStaffHealthFile(ctx, input)),

  /** A parent: their child's record, what is on file, and what is due or overdue. */
  parentRecord: parentProcedure.input(idSchema).query(({ ctx, input }) => parentHealthRecord(ctx, input)),

  /** A parent hands in the medical statement, the immunization record or the care plan (uploaded first). */
  parentAddFile: parentProcedure.input(healthFileSchema).mutation(({ ctx, input }) => addParentHealthFile(ctx, input)),

  /** A parent: the record to check in the yearly review, the reviews so far, and when the next is due. */
  parentReview: parentProcedure.input(idSchema).query(({ ctx, input }) => reviewForParent(ctx, input)),

  /** A parent confirms the record with a typed signature (and what they changed in the same visit). */
  parentSubmitReview: parentProcedure.input(annualReviewInput).mutation(({ ctx, input }) => submitReview(ctx, input)),

  /** Director: the reviews signed by parents and waiting for a countersignature. */
  pendingReviews: directorProcedure.query(({ ctx }) => reviewsAwaitingCountersignature(ctx)),

  /** Director: countersigns a parent's review. */
  countersignReview: directorProcedure.input(idSchema).mutation(({ ctx, input }) => countersignReview(ctx, input)),
});
