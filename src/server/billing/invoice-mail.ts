/**
 * The e-mail of an issued invoice (ADR 100): to the family's address, in the language of its portal account
 * (English for an address with no account), with the invoice's PDF attached, through the mailer (SMTP, or the
 * outbox when none is set). An invoice is marked e-mailed only once the mailer accepted it; one that was not is
 * sent by the next run (after the next generation, or the scheduler's next tick, which also runs at start), so
 * an invoice issued just before a stop is still sent. One run at a time per database: two generations at once
 * never e-mail the same invoice twice.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { invoices } from '~/db/schema';
import { t } from '../../shared/i18n';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { baseDb, type Db } from '../db';
import { logger } from '../logger';
import { loadPdfLibrary } from '../pdf/library';
import { sendToParent } from '../parents/mail';
import { preferencesOfAddress } from '../parents/preferences';
import { PdfWords } from '../payments/pdf';
import type { Mailer } from '../services/mail';
import { type EmailContent, headerSafe, letter, type LinkConfig, plain } from '../services/mail-layout';
import { centre } from '../centre/profile';
import { invoicePdf, invoiceFileName, periodLabel } from './invoice-pdf';
import { agencyCentsOf, invoiceLinesOf, type InvoiceRow } from './invoices';
import type { Language } from '../../shared/i18n';

export const INVOICE_SENT_BY = 'Billing';
const BATCH = 50;

export function invoiceEmail(invoice: InvoiceRow, config: LinkConfig, language: Language): EmailContent {
  const w = new PdfWords(language);
  return {
    subject: headerSafe(t(language, 'mail.invoice.subject', { number: invoice.number, centre: centre.name })),
    ...letter(
      invoice.familyName,
      [
        plain(
          t(language, 'mail.invoice.issued', {
            number: invoice.number,
            period: periodLabel(w, invoice),
            total: w.money(invoice.totalCents),
            due: w.date(invoice.dueDate),
          }),
        ),
        plain(t(language, 'mail.invoice.attached')),
      ],
      config,
      language,
    ),
  };
}

export interface InvoiceMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

const runs = new WeakMap<Db, Promise<number>>();

async function sendPending(deps: InvoiceMailDeps, mark: Db): Promise<number> {
  let sent = 0;
  const tried = new Set<string>();
  for (;;) {
    const pending = deps.db
      .select()
      .from(invoices)
      .where(and(isNull(invoices.emailedAt), ne(invoices.status, 'void')))
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(BATCH + tried.size)
      .all()
      .filter((i) => !tried.has(i.id));
    if (pending.length === 0) return sent;
    // The PDF library is loaded on the first invoice to send (pdf/library.ts), not by the scheduler's tick at start.
    await loadPdfLibrary();
    for (const invoice of pending) {
      tried.add(invoice.id);
      const { language } = preferencesOfAddress(deps.db, invoice.familyEmail);
      const pdf = invoicePdf(invoice, invoiceLinesOf(deps.db, invoice.id), agencyCentsOf(deps.db, invoice.id), language);
      const content = invoiceEmail(invoice, deps.config, language);
      const outcome = await sendToParent(deps, invoice.familyEmail, content, INVOICE_SENT_BY, content.text, [
        { filename: invoiceFileName(invoice), content: pdf, contentType: 'application/pdf' },
      ]);
      if (!outcome.emailSent) continue;
      // Through the caller's handle: a director's run marks it in a transaction that checks her rights (ADR 063).
      mark.update(invoices).set({ emailedAt: deps.clock.now() }).where(eq(invoices.id, invoice.id)).run();
      sent++;
    }
  }
}

/**
 * Sends every issued invoice not e-mailed yet; one run per database at a time (a call during a run waits for it
 * and then runs again). Answers how many were sent. Never throws: what failed waits for the next run.
 */
export function sendIssuedInvoices(deps: InvoiceMailDeps): Promise<number> {
  const db = baseDb(deps.db);
  const before = runs.get(db) ?? Promise.resolve(0);
  const run = before
    .catch(() => 0)
    .then(() => sendPending({ ...deps, db }, deps.db))
    .catch((err: unknown) => {
      logger.error({ err }, 'invoice e-mails failed; the next run tries again');
      return 0;
    });
  runs.set(db, run);
  return run;
}
