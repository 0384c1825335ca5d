/**
 * A parent's account e-mails, in the parent's saved language (ADR 047): the portal login (a new account, or a password
 * staff reset) and the 'Forgot your password?' link.
 */
import { centre } from '../centre/profile';
import { type Language, type MessageKey, t } from '../../shared/i18n';
import {
  type EmailContent,
  escapeHtml,
  headerSafe,
  letter,
  link,
  type LinkConfig,
  paragraph,
  plain,
  signInUrl,
} from '../services/mail-layout';

export interface CredentialsForEmail {
  parentName: string;
  childName: string;
  email: string;
  password: string;
  /** A new password for an account that already exists (staff reset it), rather than a new account. */
  reset?: boolean;
}

/** The line of a credentials e-mail's text that carries the password (written by parentCredentialsEmail). */
const PASSWORD_LINE = /^Password: (\S+)$/m;

/** The password a credentials e-mail's plain text carries, or null when it carries none (any more). */
export function passwordInCredentialsText(text: string): string | null {
  return PASSWORD_LINE.exec(text)?.[1] ?? null;
}

/** What a stored credentials e-mail says in place of the password once it is removed. */
export const PASSWORD_REMOVED = {
  firstSignIn: '(removed after the first sign-in)',
  expired: '(removed after 7 days)',
} as const;

/** The parent's portal login, sent when the account is created and again when staff reset its password. */
export function parentCredentialsEmail(data: CredentialsForEmail, config: LinkConfig, language: Language = 'en'): EmailContent {
  const loginUrl = signInUrl(config, language);
  const say = (key: MessageKey) => escapeHtml(t(language, key));

  return {
    subject: headerSafe(t(language, 'mail.credentials.subject', { centre: centre.name })),
    credentialsFor: data.email,
    ...letter(
      data.parentName,
      [
        plain(
          t(language, data.reset ? 'mail.credentials.reset' : 'mail.credentials.welcome', { centre: centre.name, child: data.childName }),
        ),
        {
          text: `${t(language, 'mail.credentials.signIn')} ${loginUrl}\n${t(language, 'mail.credentials.email')} ${data.email}\n${t(language, 'mail.credentials.password')} ${data.password}`,
          html: `${say('mail.credentials.signIn')} ${link(loginUrl)}<br>${say('mail.credentials.email')} <strong>${escapeHtml(data.email)}</strong><br>${say('mail.credentials.password')} <strong style="font-family:monospace;font-size:15px">${escapeHtml(data.password)}</strong>`,
        },
        plain(t(language, 'mail.credentials.private')),
      ],
      config,
      language,
    ),
  };
}

/** 'Forgot your password?': the single-use link, valid for one hour, in the parent's language. */
export function passwordResetEmail(data: { firstName: string; link: string }, config: LinkConfig, language: Language = 'en'): EmailContent {
  return {
    subject: headerSafe(t(language, 'mail.reset.subject', { centre: centre.name })),
    ...letter(
      data.firstName,
      [
        plain(t(language, 'mail.reset.asked')),
        paragraph(
          language,
          'mail.reset.link',
          { link: data.link },
          { html: { link: link(data.link, t(language, 'mail.reset.linkLabel')) } },
        ),
        plain(t(language, 'mail.reset.once')),
      ],
      config,
      language,
    ),
  };
}
