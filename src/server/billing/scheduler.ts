/**
 * The server's billing scheduler (ADR 100): on the first day of a month (the centre's calendar) it generates that
 * month's invoices, and on a Monday that week's for the weekly plans; then it e-mails every issued invoice not
 * e-mailed yet. It ticks at start and every ten minutes. Generating is idempotent, so the ticks of one day, or a
 * restart, create nothing new; the scheduler never replaces an invoice the director voided (the director can).
 */
import { monthPeriod, isMonday, weekPeriod } from '../../shared/billing/proration';
import type { AuditContext } from '../audit/record';
import { centreToday } from '../clock';
import { logger } from '../logger';
import { generateInvoices } from './generate';
import { type InvoiceMailDeps, sendIssuedInvoices } from './invoice-mail';
import type { Config } from '../config';

export const BILLING_TICK_MS = 10 * 60 * 1000;
export const SCHEDULER_ACTOR = { id: null, name: 'Billing scheduler' };

export type SchedulerDeps = InvoiceMailDeps & { config: Pick<Config, 'publicUrl' | 'privateDir'> };

/** One tick: the periods that start today, then the e-mails. Answers the invoices created. */
export async function billingTick(deps: SchedulerDeps): Promise<number> {
  const today = centreToday(deps.clock);
  const audit: AuditContext = { auth: null, clock: deps.clock, ip: 'scheduler', config: deps.config };
  let created = 0;
  if (today.endsWith('-01'))
    created += generateInvoices({ db: deps.db, audit, actor: SCHEDULER_ACTOR }, monthPeriod(today.slice(0, 7)), false).length;
  if (isMonday(today)) created += generateInvoices({ db: deps.db, audit, actor: SCHEDULER_ACTOR }, weekPeriod(today), false).length;
  await sendIssuedInvoices(deps);
  return created;
}

/** Starts the scheduler: a tick now (the catch-up after a restart) and every ten minutes. Answers the stop function. */
export function startBillingScheduler(deps: SchedulerDeps): () => void {
  const tick = () =>
    billingTick(deps)
      .then((created) => created && logger.info({ created }, 'invoices generated'))
      .catch((err: unknown) => logger.error({ err }, 'invoice generation failed; the next tick tries again'));
  void tick();
  const timer = setInterval(() => void tick(), BILLING_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
