import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createApp } from './app';
import { forgetAbandonedUploads } from './documents/uploads';
import { listen } from './http-server';
import { DEFAULT_CONNECTION_LIMITS } from './connection-limits';
import { deleteExpiredSessions } from './auth/session';
import { ensureFirstAdmin, prepareDatabase } from './bootstrap';
import { issueSetupLink, SETUP_LINK_FILE, setupLinkUrl } from './staff/first-start';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { clearRunning, markRunning } from './backup/running';
import { prepareAuditChain } from './audit/chain';
import { closeDatabase, openDatabase } from './db';
import { logger } from './logger';
import { securePrivateStorage, writePrivateFile } from './private-files';
import { warmPublicPages } from './pages/warm';
import { backfillPictureVariants } from './services/images';
import { createMailer } from './services/mailer';
import { forgetExpiredPasswords, forgetExpiredResetLinks } from './services/outbox';
import { mailQueueFor } from './services/mail-queue';
import { startDailySummaries } from './daily/summary-mail';
import { startBillingScheduler } from './billing/scheduler';
import { DIGEST_TICK_MS, digestTick } from './communications/digest';
import { WEEKLY_TICK_MS, weeklyDueTick } from './compliance/weekly-mail';
import { RESET_LINK_MS } from './parents/passwords';
import { invoiceReminderTick, REMINDER_TICK_MS } from './billing/reminders';

async function main() {
  const config = loadConfig();
  const db = openDatabase(config.databasePath);
  prepareDatabase(db);
  securePrivateStorage(config);
  // A log written before the chain was keyed is checked, redacted and re-keyed once (ADR 064).
  const chain = prepareAuditChain(db, config.privateDir);
  if (chain === 'rekeyed') logger.info('audit: the log is now keyed under the private folder');
  mkdirSync(resolve(config.uploadsDir), { recursive: true });

  if (config.admin) {
    if (await ensureFirstAdmin(db, config.admin)) logger.info({ email: config.admin.email }, 'created the first admin from ADMIN_EMAIL');
  } else {
    // A fresh install without ADMIN_EMAIL: a setup link, printed once and kept in the private folder, opens the
    // page where the director creates her own account (ADR 091). Never a fixed default every copy would share.
    const token = issueSetupLink(db, systemClock);
    if (token) {
      const file = resolve(config.privateDir, SETUP_LINK_FILE);
      const link = setupLinkUrl(config.publicUrl, token);
      writePrivateFile(file, `${link}\n`);
      console.log(
        `\n  First start: open this link to create the director's account (valid 24 hours, works once):\n    ${link}\n  (also saved in ${file}; set ADMIN_EMAIL and ADMIN_PASSWORD instead for a scripted install)\n`,
      );
    }
  }

  const mailer = createMailer(config, db);
  const app = createApp({ db, config, mailer, clock: systemClock });
  // E-mails queued before a stop (forgot-password answers before it sends) are sent now (services/mail-queue.ts).
  void mailQueueFor({ db, mailer, clock: systemClock }).kick();
  // The end-of-day e-mails: a tick now catches up on a closing time missed while stopped, then one a minute.
  const stopSummaries = startDailySummaries({ db, mailer, clock: systemClock, config });
  // Invoices of the month on its first day (and of the week on Mondays), then their e-mails: a tick now and every ten minutes.
  const stopBilling = startBillingScheduler({ db, mailer, clock: systemClock, config });
  const server = listen(app, { port: config.port, limits: { ...DEFAULT_CONNECTION_LIMITS, trustedProxies: config.trustProxy } }, (info) => {
    logger.info({ mode: process.env.NODE_ENV ?? 'development' }, `Listening on http://localhost:${info.port}`);
    // The address people open: PUBLIC_URL when it is set (behind a proxy or on the LAN), else this machine's port.
    const local = `http://localhost:${info.port}`;
    console.log(`Childcare centre app: ${config.publicUrl === local ? local : `${config.publicUrl} (listening on ${local})`}`);
    // Off unless WARM_PAGES=true: the warm pages hold about 65 MiB of an idle centre's process (ADR 098).
    if (config.warmPages) void warmPublicPages(app);
  });
  // Gallery pictures uploaded before responsive variants existed get them now, in the background (ADR 012).
  void backfillPictureVariants({ db, config })
    .then((made) => made && logger.info({ pictures: made }, 'gallery: made the missing responsive variants'))
    .catch((err: unknown) => logger.error({ err }, 'gallery variant backfill failed'));
  // Stored credentials e-mails keep a parent's password 7 days at most (services/outbox.ts): swept now and hourly.
  // Reset links in the outbox are kept only while they can work (ADR 019): expired ones are removed too.
  const sweepPasswords = () =>
    Promise.all([forgetExpiredPasswords(db, config, systemClock), forgetExpiredResetLinks(db, config, systemClock, RESET_LINK_MS)]).catch(
      (err: unknown) => logger.error({ err }, 'password sweep failed'),
    );
  void sweepPasswords();
  const sweepUploads = () =>
    forgetAbandonedUploads({ db, config, clock: systemClock }).catch((err: unknown) => logger.error({ err }, 'upload sweep failed'));
  const housekeeping = setInterval(
    () => {
      deleteExpiredSessions(db, systemClock);
      void sweepPasswords();
      void sweepUploads();
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  // The daily digests of messages: looked for at start, so a restart after 18:00 still sends today's.
  const digests = () => void digestTick({ db, mailer, clock: systemClock, config });
  digests();
  const digestTimer = setInterval(digests, DIGEST_TICK_MS);
  digestTimer.unref();
  // The weekly e-mails of what is due (Monday 07:00): looked for at start, so a server stopped then sends them later that week.
  const weekly = () => void weeklyDueTick({ db, mailer, clock: systemClock, config });
  weekly();
  const weeklyTimer = setInterval(weekly, WEEKLY_TICK_MS);
  weeklyTimer.unref();
  // One reminder per overdue open invoice (billing/reminders.ts): looked for at start, then hourly.
  const reminders = () => void invoiceReminderTick({ db, mailer, clock: systemClock, config });
  reminders();
  const reminderTimer = setInterval(reminders, REMINDER_TICK_MS);
  reminderTimer.unref();

  markRunning(config);

  // SIGTERM (systemd, docker stop) or Ctrl-C: stop taking connections, let the requests in flight finish (for
  // SHUTDOWN_GRACE_SECONDS at most), then close the database with its WAL checkpointed, and exit 0.
  const http = server as Server;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing the requests in flight');
    clearInterval(housekeeping);
    stopSummaries();
    stopBilling();
    clearInterval(digestTimer);
    clearInterval(weeklyTimer);
    clearInterval(reminderTimer);
    // A keep-alive connection that has just answered its last request is closed at once rather than at the cap.
    const idle = setInterval(() => http.closeIdleConnections(), 50);
    const cap = setTimeout(() => {
      logger.warn('shutdown: requests still running after the grace period are cut off');
      http.closeAllConnections();
    }, config.shutdownGraceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(cap);
      closeDatabase(db);
      clearRunning(config);
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    logger.fatal({ err }, 'failed to start');
  }
  process.exit(1);
});
