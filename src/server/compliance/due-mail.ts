/**
 * The letters of the weekly e-mails of what is due (compliance/weekly-mail.ts): the director's (English, as the
 * staff's own e-mails are, ADR 070) with the centre's whole list, and a family's in their language with their own
 * children's items. Only the child's name, the item, its status and its date travel: no medical text.
 */
import { centre } from '../centre/profile';
import { centreDateOf, centreTimeOf } from '../../shared/centre-time';
import { type Language, t } from '../../shared/i18n';
import {
  type EmailContent,
  headerSafe,
  letter,
  link,
  type LinkConfig,
  paragraph,
  plain,
  shortDay,
  signInUrl,
  portalParagraph,
} from '../services/mail-layout';
import type { ComplianceRow } from './rows';

/** The most lines one letter lists; the rest are counted and read in the Compliance tab. */
export const DUE_MAIL_MAX_LINES = 200;

type ChildRow = Extract<ComplianceRow, { childId: string }>;

/** A due date as a line says it: the day, and the centre's time for a deadline that has one (a licensing notice). */
function dueText(due: string, language: Language): string {
  if (due.length <= 10) return shortDay(due, language);
  const moment = new Date(due);
  return `${shortDay(centreDateOf(moment), language)} ${centreTimeOf(moment)}`;
}

/** The director's e-mail: every row of the centre that needs action, as the Compliance tab lists them. */
export function directorDueEmail(data: { name: string; week: string; rows: readonly ComplianceRow[] }, config: LinkConfig): EmailContent {
  const url = `${config.publicUrl}/admin?tab=compliance`;
  const lines = data.rows.slice(0, DUE_MAIL_MAX_LINES).map((r) => {
    const item = 'staffId' in r ? t('en', `staff.compliance.credential.${r.credential}`) : t('en', `staff.compliance.item.${r.item}`);
    const status = t('en', `staff.compliance.status.${r.status}`);
    return plain(
      r.dueDate
        ? t('en', 'staffMail.due.line', { name: r.name, item, status, date: dueText(r.dueDate, 'en') })
        : t('en', 'staffMail.due.lineNoDate', { name: r.name, item, status }),
    );
  });
  const more = data.rows.length - lines.length;
  return {
    subject: headerSafe(t('en', 'staffMail.due.subject', { centre: centre.name, date: shortDay(data.week, 'en') })),
    ...letter(
      data.name.trim() || t('en', 'staffMail.dearSomeone'),
      [
        plain(t('en', 'staffMail.due.intro', { count: data.rows.length })),
        ...lines,
        ...(more > 0 ? [plain(t('en', 'staffMail.due.more', { count: more }))] : []),
        paragraph('en', 'staffMail.due.link', { link: url }, { html: { link: link(url, t('en', 'staffMail.due.linkLabel')) } }),
      ],
      config,
    ),
  };
}

/** A family's e-mail, in their language: their own children's items that are overdue, missing or due soon. */
export function familyDueEmail(
  data: { parentName: string; week: string; rows: readonly ChildRow[] },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const portal = signInUrl(config, language);
  const lines = data.rows.slice(0, DUE_MAIL_MAX_LINES).map((r) => {
    const values = {
      child: r.name,
      item: t(language, `mail.due.item.${r.item as Exclude<ChildRow['item'], 'licensing-notice' | 'staff-credential'>}`),
      status: t(language, `mail.due.status.${r.status as Exclude<ChildRow['status'], 'ok'>}`),
    };
    return plain(
      r.dueDate
        ? t(language, 'mail.due.line', { ...values, date: dueText(r.dueDate, language) })
        : t(language, 'mail.due.lineNoDate', values),
    );
  });
  return {
    subject: headerSafe(t(language, 'mail.due.subject', { centre: centre.name })),
    ...letter(
      data.parentName,
      [
        plain(t(language, 'mail.due.intro', { count: data.rows.length })),
        ...lines,
        portalParagraph(language, { text: 'mail.due.portal', html: 'mail.due.portalHtml' }, portal),
      ],
      config,
      language,
    ),
  };
}
