import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Language } from './languages';

/**
 * The one FormatJS set-up (ADR 070), shared by the server and the browser: the locale of each language and the
 * maker of a language's formatter over the messages given. It imports no catalogue, so whatever imports it (the
 * portal's chunk, the public pages' app, the server) carries only the catalogues it asks for itself.
 */

/** The BCP 47 locale of each language the site speaks: dates, money and plurals follow it. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

const cache = createIntlCache();

/**
 * A formatter of `language` over `messages`, its times in `timeZone` (the centre's, on the server; the reader's own
 * when left out, in the browser). Callers keep the one they make: making it is not free.
 */
export function makeIntl(language: Language, messages: Record<string, string>, timeZone?: string): IntlShape<string> {
  return createIntl({ locale: LOCALES[language], messages, defaultLocale: 'en-US', ...(timeZone ? { timeZone } : {}) }, cache);
}
