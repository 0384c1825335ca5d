import { enrollmentSchema } from '../../shared/schemas/enrollment';
import { publicProcedure, router } from '../trpc';
import { submitApplication } from '../enrollment/submit';

export const enrollmentRouter = router({
  /** The public application form. Stored as `pending`; the status is never taken from the request. */
  submit: publicProcedure.input(enrollmentSchema).mutation(({ ctx, input }) => submitApplication(ctx, input)),
});
