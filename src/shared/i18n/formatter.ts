import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { type Language, LOCALES } from './languages';

/**
 * The one FormatJS set-up (ADR 070), shared by the server and the browser: the locale of each language and the
 * maker of a language's formatter over the messages given. It imports no catalogue, so whatever imports it (the
 * portal's chunk, the public pages' app, the server) carries only the catalogues it asks for itself.
 */

/** The locale of each language (languages.ts, which a page's script reads without FormatJS). */
export { LOCALES };

/** Made when the first formatter is: a module that only imports this file's locales does not run FormatJS. */
let cache: ReturnType<typeof createIntlCache> | undefined;

/**
 * A formatter of `language` over `messages`, its times in `timeZone` (the centre's, on the server; the reader's own
 * when left out, in the browser). Callers keep the one they make: making it is not free.
 */
export function makeIntl(language: Language, messages: Record<string, string>, timeZone?: string): IntlShape<string> {
  return createIntl(
    { locale: LOCALES[language], messages, defaultLocale: 'en-US', ...(timeZone ? { timeZone } : {}) },
    (cache ??= createIntlCache()),
  );
}
