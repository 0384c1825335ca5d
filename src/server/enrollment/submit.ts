/**
 * The public application form's write: behind routers/enrollment.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { Context } from '../context';
import { enrollmentApplications } from '~/db/schema';
import { enrollmentDatesSchema, type enrollmentSchema } from '../../shared/schemas/enrollment';
import { centreToday } from '../clock';
import { checkDayRules } from '../field-errors';
import { noticeToCentre, newApplicationNotice } from '../communications/centre-notices';
import { applicationReceivedEmail } from './application-mail';
import { sendToParent } from '../parents/mail';
import { addressKey, consume } from '../services/rate-limit';
import { refuse } from '../refusal';

export async function submitApplication(ctx: Context, input: z.output<typeof enrollmentSchema>) {
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
}
