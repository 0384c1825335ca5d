/**
 * How staff messages reach a parent by e-mail (`messageEmails` in the parent's preferences):
 * - `each` (the default): every message is e-mailed at once, as before;
 * - `urgent_only`: only urgent messages are e-mailed (at once); the rest wait in the portal;
 * - `digest`: urgent messages are still e-mailed at once (they may be about a child's health), and the day's
 *   other messages are counted in one e-mail after the centre closes, sent by the tick below.
 * The choice is read when a message is sent, so a change takes effect for the next message. Document requests
 * are not messages: they carry a due date and are always e-mailed at once.
 *
 * The digest is sent once per parent per centre day, even across a restart or two ticks at once: the row in
 * message_digests (unique per parent and day) is written in the same transaction as the e-mail is queued.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { communicationMessages, messageDigests, parentPreferences, parentUsers } from '~/db/schema';
import { addDays, centreDateOf, centreMidnight } from '../../shared/centre-time';
import type { Language } from '../../shared/i18n';
import type { MessageEmails } from '../../shared/schemas/preferences';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import { messageDigestEmail } from './mail';
import { type MailQueueDeps, mailQueueFor } from '../services/mail-queue';

/** The digest goes out from 18:00 at the centre (it closes at 5:30 PM) and covers the 24 hours before. */
export const DIGEST_HOUR = 18;
/** How often the server looks for digests due (the first look is at start, so a restart catches up). */
export const DIGEST_TICK_MS = 10 * 60 * 1000;

/** Whether a staff message is e-mailed when it is sent, for this choice. */
export function emailsAtOnce(choice: MessageEmails, isUrgent: boolean): boolean {
  return choice === 'each' || isUrgent;
}

/** When the digest of a centre day is due: 18:00 at the centre that day. */
export function digestTimeOf(day: string): Date {
  return new Date(centreMidnight(day).getTime() + DIGEST_HOUR * 60 * 60 * 1000);
}

/**
 * Queues today's digest for every parent who chose one and has none for today yet, once it is due. Answers how
 * many were queued. A parent with nothing new gets no e-mail (the day is still marked done).
 */
export function queueDueDigests(deps: MailQueueDeps & { config: Pick<Config, 'publicUrl'> }): number {
  const now = deps.clock.now();
  const day = centreDateOf(now);
  const until = digestTimeOf(day);
  if (now < until) return 0;
  const from = digestTimeOf(addDays(day, -1));
  const parents = deps.db
    .select({
      id: parentUsers.id,
      email: parentUsers.email,
      firstName: parentUsers.firstName,
      lastName: parentUsers.lastName,
      language: parentPreferences.language,
    })
    .from(parentPreferences)
    .innerJoin(parentUsers, eq(parentUsers.id, parentPreferences.parentId))
    .where(and(eq(parentPreferences.messageEmails, 'digest'), eq(parentUsers.isActive, true)))
    .all();
  const queue = mailQueueFor(deps);
  let queued = 0;
  for (const parent of parents) {
    const messages = deps.db
      .select({ id: communicationMessages.id })
      .from(communicationMessages)
      .where(
        and(
          eq(communicationMessages.senderType, 'admin'),
          eq(communicationMessages.recipientType, 'parent'),
          eq(communicationMessages.recipientId, parent.email.toLowerCase()),
          // Those e-mailed at once (urgent ones, or sent before the parent chose a digest) are not told twice.
          isNull(communicationMessages.emailedAt),
          gt(communicationMessages.createdAt, from),
          lte(communicationMessages.createdAt, until),
        ),
      )
      .all();
    deps.db.transaction((tx) => {
      const marked = tx
        .insert(messageDigests)
        .values({ parentId: parent.id, day, messageCount: messages.length, createdAt: now })
        .onConflictDoNothing()
        .returning({ day: messageDigests.day })
        .get();
      // Already sent today (another tick, or before a restart): nothing more.
      if (!marked || messages.length === 0) return;
      const content = messageDigestEmail(
        { parentName: `${parent.firstName} ${parent.lastName}`, day, count: messages.length },
        deps.config,
        parent.language as Language,
      );
      queue.enqueue({ to: parent.email, content, loggedText: content.text, sentBy: 'digest' }, tx as unknown as Db);
      queued++;
    });
  }
  return queued;
}

/** One tick: queue what is due and send it. Never throws (a failure is logged; the next tick tries again). */
export async function digestTick(deps: MailQueueDeps & { config: Pick<Config, 'publicUrl'> }): Promise<void> {
  try {
    if (queueDueDigests(deps) > 0) await mailQueueFor(deps).kick();
  } catch (err) {
    logger.error({ err }, 'the message digests could not be queued');
  }
}
