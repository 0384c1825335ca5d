import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { CENTRE_TIME_ZONE } from '../centre-time';
import { LANGUAGES, type Language } from './languages';
import { en, type SiteKey } from './en';
import { es } from './es';
import { type ErrorKey, errorsEn } from './errors-en';
import { errorsEs } from './errors-es';
import { type LoginKey, loginEn } from './login-en';
import { loginEs } from './login-es';
import { type MailKey, mailEn } from './mail-en';
import { mailEs } from './mail-es';
import { type PdfKey, pdfEn } from './pdf-en';
import { pdfEs } from './pdf-es';
import { registerSiteCatalogue } from './site-catalogue';

/** Every message the server can write: the site's, the e-mails', the PDFs', the parent sign-in's and the refusals. */
export type MessageKey = SiteKey | MailKey | PdfKey | LoginKey | ErrorKey;
export type { Language } from './languages';

/** The BCP 47 locale of each language the site speaks: dates, money and plurals follow it. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };
export const CATALOGUES: Record<Language, Record<MessageKey, string>> = {
  en: { ...en, ...mailEn, ...pdfEn, ...loginEn, ...errorsEn },
  es: { ...es, ...mailEs, ...pdfEs, ...loginEs, ...errorsEs },
};
// Whatever imports this (the server, its tests) has Spanish too: plain.ts's lookups find it.
registerSiteCatalogue('es', es);

const cache = createIntlCache();
const made = new Map<Language, IntlShape<string>>();

/**
 * The formatter of a language (made once; there are two): `intlFor('es').formatMessage({ id: 'language.switch' })`,
 * `.formatDate`, `.formatNumber(cents / 100, { style: 'currency', currency: 'USD' })`. Times are the centre's.
 */
export function intlFor(language: Language): IntlShape<string> {
  let intl = made.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: LOCALES[language], messages: CATALOGUES[language], timeZone: CENTRE_TIME_ZONE, defaultLocale: 'en-US' },
      cache,
    );
    made.set(language, intl);
  }
  return intl;
}

/** `t('es', 'language.switch')`: one message, with its values. */
export function t(language: Language, key: MessageKey, values?: Record<string, string | number | Date>): string {
  return intlFor(language).formatMessage({ id: key }, values) as string;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
