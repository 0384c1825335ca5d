import { desc, eq } from 'drizzle-orm';
import { outboxMessages, parentEmails } from '~/db/schema';
import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, router } from '../trpc';
import { refuse } from '../refusal';

/** How many messages a list answers at most (newest first). */
export const MAIL_LIST_LIMIT = 200;

const outboxColumns = {
  id: outboxMessages.id,
  to: outboxMessages.toAddress,
  subject: outboxMessages.subject,
  createdAt: outboxMessages.createdAt,
  text: outboxMessages.textBody,
};

/** The embedded outbox: every e-mail composed while no SMTP server is configured, for staff to read. */
export const outboxRouter = router({
  list: directorProcedure.query(({ ctx }) =>
    ctx.db.select(outboxColumns).from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(MAIL_LIST_LIMIT).all(),
  ),
  get: directorProcedure.input(idSchema).query(({ ctx, input }) => {
    const message = ctx.db.select(outboxColumns).from(outboxMessages).where(eq(outboxMessages.id, input)).get();
    if (!message) throw refuse('NOT_FOUND', 'error.messageNotFound');
    return message;
  }),
});

export const mailRouter = router({
  /** Whether messages leave by SMTP or stay in the outbox. The SMTP URL itself (it may hold a password) is never answered. */
  status: directorProcedure.query(({ ctx }) => ({ smtpConfigured: ctx.config.smtpUrl !== null, from: ctx.config.mailFrom })),

  /** The log of e-mails sent to parents (GET /api/admin/parent-emails), newest first. */
  parentEmails: directorProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: parentEmails.id,
        subject: parentEmails.subject,
        content: parentEmails.content,
        recipients: parentEmails.recipients,
        sentAt: parentEmails.sentAt,
        sentBy: parentEmails.sentBy,
      })
      .from(parentEmails)
      .orderBy(desc(parentEmails.sentAt))
      .limit(MAIL_LIST_LIMIT)
      .all(),
  ),
});
