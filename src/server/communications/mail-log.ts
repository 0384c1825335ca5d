/**
 * The embedded outbox and the log of e-mails to parents: the queries behind routers/mail.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { desc, eq } from 'drizzle-orm';
import { outboxMessages, parentEmails } from '~/db/schema';
import { type idSchema } from '../../shared/schemas/content';
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

export function outboxList(ctx: StaffContext) {
  return ctx.db.select(outboxColumns).from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(MAIL_LIST_LIMIT).all();
}

export function outboxMessage(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const message = ctx.db.select(outboxColumns).from(outboxMessages).where(eq(outboxMessages.id, input)).get();
  if (!message) throw refuse('NOT_FOUND', 'error.messageNotFound');
  return message;
}

export function parentEmailLog(ctx: StaffContext) {
  return ctx.db
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
    .all();
}
