import { parentEmails } from '~/db/schema';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { logger } from '../logger';
import type { MailAttachment, Mailer } from '../services/mail';
import type { EmailContent } from '../services/mail-layout';

export type SendOutcome =
  { emailSent: true; emailError: null; via: 'smtp' | 'outbox' } | { emailSent: false; emailError: string; via: null };

/**
 * Sends one e-mail to a parent and, once it is accepted (by the SMTP server or the outbox), records it in
 * parent_emails. A failure never throws: the change the e-mail was about is already committed, so the caller
 * reports the failure to staff instead of losing that change.
 */
export async function sendToParent(
  deps: { db: Db; mailer: Mailer; clock: Clock },
  to: string,
  content: EmailContent,
  sentBy: string,
  /** What the log keeps instead of the text, when the text holds a secret (a password). */
  loggedText: string = content.text,
  attachments?: MailAttachment[],
): Promise<SendOutcome> {
  try {
    const result = await deps.mailer.send({ to, ...content, ...(attachments ? { attachments } : {}) });
    deps.db
      .insert(parentEmails)
      .values({ subject: content.subject, content: loggedText, recipients: [to], sentBy, sentAt: deps.clock.now() })
      .run();
    return { emailSent: true, emailError: null, via: result.via };
  } catch (err) {
    logger.warn({ err, to, subject: content.subject }, 'e-mail to a parent could not be sent');
    const reason = err instanceof Error && err.message ? err.message.slice(0, 300) : 'unknown error';
    return { emailSent: false, emailError: `The e-mail could not be sent (${reason}).`, via: null };
  }
}
