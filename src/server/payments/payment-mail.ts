/** The payment e-mails staff send, each with its PDF attached, in the parent's language: a receipt and the year-end statement. */
import { centre } from '../centre/profile';
import { type Language, t } from '../../shared/i18n';
import { type EmailContent, headerSafe, letter, type LinkConfig, plain } from '../services/mail-layout';

export interface ReceiptForEmail {
  receiptNumber: string;
  parentName: string;
  childName: string;
  amountText: string;
  paymentDateText: string;
}

/** The payment receipt, sent by staff with the receipt attached as a PDF. */
export function paymentReceiptEmail(r: ReceiptForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.receipt.subject', { number: r.receiptNumber, centre: centre.name })),
    ...letter(
      r.parentName,
      [
        plain(t(language, 'mail.receipt.thanks', { amount: r.amountText, date: r.paymentDateText, child: r.childName })),
        plain(t(language, 'mail.receipt.attached', { number: r.receiptNumber })),
      ],
      config,
      language,
    ),
  };
}

export interface StatementForEmail {
  taxYear: string;
  parentName: string;
  totalText: string;
  paymentCount: number;
}

/** The year-end tax statement, with the statement attached as a PDF. */
export function taxStatementEmail(s: StatementForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.statement.subject', { year: s.taxYear, centre: centre.name })),
    ...letter(
      s.parentName,
      [
        plain(t(language, 'mail.statement.attached', { year: s.taxYear, count: s.paymentCount, total: s.totalText })),
        plain(t(language, 'mail.statement.ein', { ein: centre.providerTaxId })),
      ],
      config,
      language,
    ),
  };
}
