import type { IntlShape } from '@formatjs/intl';
import { centreTimeZone } from '../centre-time';
import { type CalendarKey, calendarEn } from './calendar-en';
import { calendarEs } from './calendar-es';
import { LANGUAGES, type Language } from './languages';
import { makeIntl } from './formatter';
import { oneFullStop } from './lite';
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
import { type PortalKey, portalEn } from './portal-en';
import { portalEs } from './portal-es';
import { registerCatalogue } from './registry';
import { type ResetPasswordKey, resetPasswordEn } from './reset-password-en';
import { resetPasswordEs } from './reset-password-es';
import { type StaffKey, staffEn } from './staff-en';
import { type StaffExportKey, staffExportsEn } from './staff-exports-en';
import { type StaffTabKey, staffTabsEn } from './staff-tabs-en';

export { LOCALES } from './formatter';
export type { Language } from './languages';

/**
 * Every catalogue, by area (ADR 070): one file per language, `<area>-en.ts` / `<area>-es.ts` (the site's are en.ts
 * and es.ts). An area is one line here. An area with no `es` is English-only (the staff's): its English words stand
 * in for Spanish, and the catalogue test (tests/unit/catalogue.test.ts) asks no Spanish of it.
 */
export const AREAS = {
  site: { en, es },
  portal: { en: portalEn, es: portalEs },
  mail: { en: mailEn, es: mailEs },
  pdf: { en: pdfEn, es: pdfEs },
  login: { en: loginEn, es: loginEs },
  resetPassword: { en: resetPasswordEn, es: resetPasswordEs },
  calendar: { en: calendarEn, es: calendarEs },
  errors: { en: errorsEn, es: errorsEs },
  // One area in three files (ADR 086): the dashboard's first load, its tabs' words, the server's CSV headers.
  staff: { en: { ...staffEn, ...staffTabsEn, ...staffExportsEn } },
} as const satisfies Record<string, { en: Record<string, string>; es?: Record<string, string> }>;

/** Every message the server can write. */
export type MessageKey =
  SiteKey | PortalKey | MailKey | PdfKey | LoginKey | ResetPasswordKey | CalendarKey | ErrorKey | StaffKey | StaffTabKey | StaffExportKey;

function merged(language: Language): Record<MessageKey, string> {
  const out: Record<string, string> = {};
  for (const area of Object.values(AREAS)) Object.assign(out, language === 'es' && 'es' in area ? area.es : area.en);
  return out as Record<MessageKey, string>;
}

export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en: merged('en'), es: merged('es') };

// Whatever imports this (the server, its render, its tests) has every catalogue at hand: the registry's lookups
// (the public pages' small formatter, the portal's) find Spanish without loading it.
for (const language of LANGUAGES) {
  registerCatalogue('site', language, AREAS.site[language]);
  registerCatalogue('portal', language, AREAS.portal[language]);
  registerCatalogue('errors', language, AREAS.errors[language]);
}

/** A language's formatter, and the messages it has said without values (the same words every time). */
interface Made {
  intl: IntlShape<string>;
  plain: Map<MessageKey, string>;
}

const made = new Map<Language, Made>();

function formatterOf(language: Language): Made {
  let found = made.get(language);
  // Made again when the centre's time zone changes (its profile, ADR 090).
  if (!found || found.intl.timeZone !== centreTimeZone()) {
    found = { intl: makeIntl(language, CATALOGUES[language], centreTimeZone()), plain: new Map() };
    made.set(language, found);
  }
  return found;
}

/**
 * The formatter of a language over every catalogue (made once; there are two), times on the centre's clock:
 * `intlFor('es').formatMessage({ id: 'language.switch' })`, `.formatDate`, `.formatNumber(cents / 100, { style: 'currency', currency: 'USD' })`.
 */
export function intlFor(language: Language): IntlShape<string> {
  return formatterOf(language).intl;
}

/**
 * `t('es', 'language.switch')`: one message, with its values. A message asked without values is formatted once per
 * formatter and kept (only the catalogue's own keys, so at most one string per message): FormatJS merges its date
 * formats and writes its whole memo key as JSON on every call, which was most of the cost of saying a refusal.
 */
export function t(language: Language, key: MessageKey, values?: Record<string, string | number | Date>): string {
  const { intl, plain } = formatterOf(language);
  if (values === undefined || Object.keys(values).length === 0) {
    let said = plain.get(key);
    if (said === undefined) {
      said = intl.formatMessage({ id: key }) as string;
      if (Object.hasOwn(CATALOGUES[language], key)) plain.set(key, said);
    }
    return said;
  }
  return intl.formatMessage({ id: key }, oneFullStop(CATALOGUES[language][key], values)) as string;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
