/**
 * One reminder per overdue invoice (ADR 101): once an invoice is past its due date and still open, the family gets
 * one e-mail in its language. The invoice's `reminder_sent_at` is written in the same transaction as the e-mail is
 * queued (services/mail-queue.ts), so a restart, or two ticks at once, never sends it twice, and a stop between the
 * two never loses it. The server looks at start and then every hour.
 */
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { invoices } from '~/db/schema';
import { intlFor, type Language, t } from '~/shared/i18n';
import { formatCents } from '~/shared/money';
import { centre } from '../centre/profile';
import { centreToday } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import { preferencesOfAddress } from '../parents/preferences';
import { type EmailContent, headerSafe, letter, longDay, paragraph, signInUrl } from '../services/mail-layout';
import { type MailQueueDeps, mailQueueFor } from '../services/mail-queue';

/** How often the server looks for overdue invoices (the first look is at start, so a restart catches up). */
export const REMINDER_TICK_MS = 60 * 60 * 1000;
/** Reminders queued per look at most: a backlog goes out over the next ticks, never all in one transaction. */
const REMINDER_BATCH = 200;

export function invoiceReminderEmail(
  data: { familyName: string; number: string; balanceCents: number; dueDate: string },
  config: Pick<Config, 'publicUrl'>,
  language: Language,
): EmailContent {
  const values = {
    centre: centre.name,
    number: data.number,
    balance:
      language === 'en'
        ? formatCents(data.balanceCents)
        : intlFor(language).formatNumber(data.balanceCents / 100, { style: 'currency', currency: 'USD' }),
    due: longDay(data.dueDate, language),
  };
  return {
    subject: headerSafe(t(language, 'mail.invoiceReminder.subject', values)),
    ...letter(
      data.familyName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        paragraph(language, 'mail.invoiceReminder.body', values, { strong: ['number', 'balance'] }),
        paragraph(language, 'mail.invoiceReminder.portal', { url: signInUrl(config, language) }, { links: ['url'] }),
      ],
      config,
      language,
    ),
  };
}

/** Queues a reminder for each open invoice past its due date that has had none. Answers how many were queued. */
export function queueInvoiceReminders(deps: MailQueueDeps & { config: Pick<Config, 'publicUrl'> }): number {
  const today = centreToday(deps.clock);
  const due = deps.db
    .select({
      id: invoices.id,
      number: invoices.number,
      familyEmail: invoices.familyEmail,
      familyName: invoices.familyName,
      dueDate: invoices.dueDate,
      balanceCents: sql<number>`${invoices.totalCents} - ${invoices.paidCents}`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'open'),
        lt(invoices.dueDate, today),
        isNull(invoices.reminderSentAt),
        gt(invoices.totalCents, invoices.paidCents),
      ),
    )
    .orderBy(asc(invoices.dueDate))
    .limit(REMINDER_BATCH)
    .all();
  const queue = mailQueueFor(deps);
  let queued = 0;
  for (const invoice of due) {
    deps.db.transaction((tx) => {
      const db = tx as unknown as Db;
      const marked = db
        .update(invoices)
        .set({ reminderSentAt: deps.clock.now() })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.reminderSentAt), eq(invoices.status, 'open')))
        .returning({ id: invoices.id })
        .get();
      // Sent already (another tick) or paid or voided meanwhile: nothing more.
      if (!marked) return;
      const { language } = preferencesOfAddress(db, invoice.familyEmail);
      const content = invoiceReminderEmail(invoice, deps.config, language);
      queue.enqueue({ to: invoice.familyEmail, content, loggedText: content.text, sentBy: 'billing' }, db);
      queued++;
    });
  }
  return queued;
}

/** One look: queue what is due and send it. Never throws (a failure is logged; the next tick tries again). */
export async function invoiceReminderTick(deps: MailQueueDeps & { config: Pick<Config, 'publicUrl'> }): Promise<void> {
  try {
    if (queueInvoiceReminders(deps) > 0) await mailQueueFor(deps).kick();
  } catch (err) {
    logger.error({ err }, 'the invoice reminders could not be queued');
  }
}
