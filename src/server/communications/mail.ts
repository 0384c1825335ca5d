/**
 * E-mail notices of the Communication Center. They say that something is waiting and link to the portal; the
 * words of a message and any document stay behind the sign-in (e-mail is neither private nor reliable, and
 * these may be about a child's health). Each is written in the language the parent chose (ADR 047).
 */
import { centre } from '../centre/profile';
import { type Language, t } from '../../shared/i18n';
import { DOCUMENT_TYPES } from '../../shared/constants';
import type { Config } from '../config';
import { type EmailContent, headerSafe, letter, paragraph, signInUrl } from '../services/mail-layout';

type LinkConfig = Pick<Config, 'publicUrl'>;
type Values = Record<string, string | number | Date>;

const urgentSubject = (language: Language, isUrgent: boolean, subject: string) =>
  headerSafe(isUrgent ? t(language, 'mail.urgent', { subject }) : subject);

/** The label of a document type in the parent's language. */
export function documentTypeLabel(language: Language, type: string): string {
  return (DOCUMENT_TYPES as readonly string[]).includes(type)
    ? t(language, `documentType.${type as (typeof DOCUMENT_TYPES)[number]}`)
    : t(language, 'documentType.other');
}

/** A new message from the centre to a parent. */
export function newMessageNoticeEmail(
  data: { parentName: string; childName: string | null; isUrgent: boolean },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const values = { centre: centre.name, urgent: data.isUrgent ? 'yes' : 'no', ...(data.childName ? { child: data.childName } : {}) };
  const subject = t(language, data.childName ? 'mail.message.subjectAbout' : 'mail.message.subject', values);
  return {
    subject: urgentSubject(language, data.isUrgent, subject),
    ...letter(
      data.parentName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        paragraph(language, data.childName ? 'mail.message.bodyAbout' : 'mail.message.body', values),
        paragraph(language, 'mail.message.portal', { url: signInUrl(config, language) }, { links: ['url'] }),
      ],
      config,
      language,
    ),
  };
}

/** A document the centre asks a parent for. The title and due date say what is needed; nothing more. */
export function documentRequestNoticeEmail(
  data: { parentName: string; childName: string | null; documentType: string; title: string; dueDate: string | null; isUrgent: boolean },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const type = documentTypeLabel(language, data.documentType);
  // English keeps the date as the product's e-mails always wrote it; Spanish reads it as a date ("15 de marzo de 2026").
  const due = data.dueDate
    ? language === 'en'
      ? data.dueDate
      : t(language, 'mail.dueDate', { day: new Date(`${data.dueDate}T12:00:00Z`) })
    : null;
  const values: Values = { centre: centre.name, title: data.title, type, ...(data.childName ? { child: data.childName } : {}) };
  if (due) values.due = due;
  const body = data.childName
    ? due
      ? 'mail.request.bodyForDue'
      : 'mail.request.bodyFor'
    : due
      ? 'mail.request.bodyDue'
      : 'mail.request.body';
  const subject = t(language, data.childName ? 'mail.request.subjectFor' : 'mail.request.subject', values);
  return {
    subject: urgentSubject(language, data.isUrgent, subject),
    ...letter(
      data.parentName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        paragraph(language, body, values, { strong: ['title', 'due'] }),
        paragraph(language, 'mail.request.portal', { url: signInUrl(config, language) }, { links: ['url'] }),
        paragraph(language, 'mail.request.upload', {}),
      ],
      config,
      language,
    ),
  };
}

/** The day's messages in one e-mail, for a parent who chose a daily digest (communications/digest.ts). */
export function messageDigestEmail(
  data: { parentName: string; day: string; count: number },
  config: LinkConfig,
  language: Language = 'en',
): EmailContent {
  const day = new Date(`${data.day}T12:00:00Z`);
  return {
    subject: headerSafe(t(language, 'mail.digest.subject', { centre: centre.name, day })),
    ...letter(
      data.parentName.trim() || (language === 'en' ? 'Parent' : ''),
      [
        paragraph(language, 'mail.digest.body', { centre: centre.name, count: data.count }),
        paragraph(language, 'mail.digest.portal', { url: signInUrl(config, language) }, { links: ['url'] }),
        paragraph(language, 'mail.digest.preference', {}),
      ],
      config,
      language,
    ),
  };
}
