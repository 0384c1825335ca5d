import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, router } from '../trpc';
import { outboxList, outboxMessage, parentEmailLog } from '../communications/mail-log';

/** The embedded outbox: every e-mail composed while no SMTP server is configured, for staff to read. */
export const outboxRouter = router({
  list: directorProcedure.query(({ ctx }) => outboxList(ctx)),
  get: directorProcedure.input(idSchema).query(({ ctx, input }) => outboxMessage(ctx, input)),
});

export const mailRouter = router({
  /** Whether messages leave by SMTP or stay in the outbox. The SMTP URL itself (it may hold a password) is never answered. */
  status: directorProcedure.query(({ ctx }) => ({ smtpConfigured: ctx.config.smtpUrl !== null, from: ctx.config.mailFrom })),

  /** The log of e-mails sent to parents (GET /api/admin/parent-emails), newest first. */
  parentEmails: directorProcedure.query(({ ctx }) => parentEmailLog(ctx)),
});
