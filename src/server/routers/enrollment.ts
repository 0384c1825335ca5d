import { enrollmentApplications } from '~/db/schema';
import { enrollmentDatesSchema, enrollmentSchema } from '../../shared/schemas/enrollment';
import { centreToday } from '../clock';
import { checkDayRules } from '../field-errors';
import { noticeToCentre, newApplicationNotice } from '../services/centre-notices';
import { applicationReceivedEmail } from '../services/mail-templates';
import { sendToParent } from '../services/parent-mail';
import { addressKey, consume } from '../services/rate-limit';
import { publicProcedure, router } from '../trpc';
import { refuse } from '../refusal';

export const enrollmentRouter = router({
  /** The public application form. Stored as `pending`; the status is never taken from the request. */
  submit: publicProcedure.input(enrollmentSchema).mutation(async ({ ctx, input }) => {
    checkDayRules(enrollmentDatesSchema(centreToday(ctx.clock)), input);
    consume(ctx, ctx.limits.enrollment, addressKey(ctx.ip), 'error.tooManyApplications');
    const { website, ...application } = input;
    if (website) {
      // The honeypot field is invisible to people; only a bot fills it in.
      throw refuse('BAD_REQUEST', 'error.notAccepted');
    }
    const row = ctx.db
      .insert(enrollmentApplications)
      .values({ ...application, status: 'pending', createdAt: ctx.clock.now() })
      .returning({ id: enrollmentApplications.id, status: enrollmentApplications.status, createdAt: enrollmentApplications.createdAt })
      .get();
    // Once it is stored: the family's confirmation and the centre's notice (a failed send is logged, never thrown).
    await Promise.all([
      sendToParent(ctx, application.parentEmail, applicationReceivedEmail(application, ctx.config), 'website'),
      noticeToCentre(ctx, newApplicationNotice(application, ctx.config)),
    ]);
    return { success: true as const, message: 'Application submitted successfully', application: row };
  }),
});
