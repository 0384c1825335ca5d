/**
 * E-mails sent after the answer (ADR 019). A request that must not take longer when it sends mail
 * (forgot-password: the time would tell which addresses have accounts) puts its message in the mail_queue table
 * and answers; the sender then hands each row to the mailer (SMTP or the outbox), logs it in parent_emails and
 * deletes it. A failure is retried with a doubling delay (5 s up to an hour), for as long as it takes: a queued
 * message is never dropped. At start, index.ts kicks the sender so rows left by a restart are sent.
 *
 * One sender per database (`mailQueueFor`), so every request of an app, and the start-up, share it.
 */
import { asc, eq, lte } from 'drizzle-orm';
import { mailQueue, parentEmails } from '~/db/schema';
import type { Clock } from '../clock';
import { baseDb, type Db } from '../db';
import { logger } from '../logger';
import type { Mailer } from './mail';
import type { EmailContent } from './mail-layout';

export const RETRY_FIRST_MS = 5_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
const BATCH = 20;

export interface MailQueueDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
}

export interface MailQueue {
  /**
   * The same write as `enqueue`, undone in the same transaction: a request that queues nothing (an unknown
   * address) spends the same time on the database as one that queues a message.
   */
  enqueueNothing(db?: Db): void;
  /** Stores the message for sending (in the caller's transaction when it passes `db`). */
  enqueue(message: { to: string; content: EmailContent; loggedText: string; sentBy: string }, db?: Db): void;
  /** Starts sending what is due, unless a run is on already; resolves when that run ends. */
  kick(): Promise<void>;
  /** Stops the timer of the next retry (shutdown, tests). */
  stop(): void;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

function createMailQueue(deps: MailQueueDeps): MailQueue {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function sendDue(): Promise<void> {
    for (;;) {
      const now = deps.clock.now();
      const rows = deps.db
        .select()
        .from(mailQueue)
        .where(lte(mailQueue.nextAttemptAt, now))
        .orderBy(asc(mailQueue.nextAttemptAt))
        .limit(BATCH)
        .all();
      if (rows.length === 0) return;
      for (const row of rows) {
        try {
          await deps.mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
          deps.db.transaction((tx) => {
            tx.insert(parentEmails)
              .values({
                subject: row.subject,
                content: row.loggedText,
                recipients: [row.toAddress],
                sentBy: row.sentBy,
                sentAt: deps.clock.now(),
              })
              .run();
            tx.delete(mailQueue).where(eq(mailQueue.id, row.id)).run();
          });
        } catch (err) {
          const attempts = row.attempts + 1;
          const reason = err instanceof Error ? err.message.slice(0, 300) : 'unknown error';
          logger.warn({ err, queued: row.id, attempts }, 'a queued e-mail could not be sent; it will be tried again');
          deps.db
            .update(mailQueue)
            .set({ attempts, lastError: reason, nextAttemptAt: new Date(deps.clock.now().getTime() + retryDelayMs(attempts)) })
            .where(eq(mailQueue.id, row.id))
            .run();
        }
      }
    }
  }

  /** Wakes the sender when the next retry is due. */
  function scheduleNext(): void {
    if (stopped) return;
    const next = deps.db.select({ at: mailQueue.nextAttemptAt }).from(mailQueue).orderBy(asc(mailQueue.nextAttemptAt)).limit(1).get();
    if (timer) clearTimeout(timer);
    timer = null;
    if (!next) return;
    timer = setTimeout(() => void kick(), Math.max(50, next.at.getTime() - deps.clock.now().getTime()));
    timer.unref();
  }

  function kick(): Promise<void> {
    if (running) return running;
    running = sendDue()
      .catch((err: unknown) => logger.error({ err }, 'the mail queue stopped on an error'))
      .finally(() => {
        running = null;
        try {
          scheduleNext();
        } catch (err) {
          // The database closed (shutdown): what is queued is sent at the next start.
          logger.warn({ err }, 'the mail queue could not plan its next run');
        }
      });
    return running;
  }

  return {
    enqueue({ to, content, loggedText, sentBy }, db = deps.db) {
      db.insert(mailQueue)
        .values({
          toAddress: to,
          subject: content.subject,
          textBody: content.text,
          htmlBody: content.html,
          loggedText,
          sentBy,
          nextAttemptAt: deps.clock.now(),
        })
        .run();
    },
    enqueueNothing(db = deps.db) {
      const row = db
        .insert(mailQueue)
        .values({ toAddress: '', subject: '', textBody: '', htmlBody: '', loggedText: '', sentBy: '', nextAttemptAt: deps.clock.now() })
        .returning({ id: mailQueue.id })
        .get();
      db.delete(mailQueue).where(eq(mailQueue.id, row.id)).run();
    },
    kick,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

const queues = new WeakMap<Db, MailQueue>();

/** The sender of this database's queue (made on first use with these deps). */
export function mailQueueFor(deps: MailQueueDeps): MailQueue {
  // The database itself, not a request's guarded handle: the sender outlives the request (ADR 063).
  const db = baseDb(deps.db);
  let queue = queues.get(db);
  if (!queue) {
    queue = createMailQueue({ db, mailer: deps.mailer, clock: deps.clock });
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Sends what is queued once the current answer has gone out. Not on the next turn of the event loop: building
 * and storing a message takes a few milliseconds of this thread, which then still delayed the answer.
 */
export const SEND_AFTER_MS = 100;
export function sendAfterAnswer(deps: MailQueueDeps): void {
  setTimeout(() => void mailQueueFor(deps).kick(), SEND_AFTER_MS).unref();
}

/** Sends what this database's queue holds now, if it has a sender yet (tests, before reading the outbox). */
export function drainMailQueue(db: Db): Promise<void> {
  return queues.get(db)?.kick() ?? Promise.resolve();
}
