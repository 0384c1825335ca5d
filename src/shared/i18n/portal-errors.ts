import { localizeMessage } from './field-messages';
import type { Language } from './languages';
import { portalErrorsEn } from './portal-errors-en';
import { portalErrorsEs } from './portal-errors-es';

/**
 * A refusal (a schema's or the server's English message, portal-errors-en.ts) in a parent's language:
 * the same mapping as /es/enrollment's (field-messages.ts), with the portal's tables. English stays as it is.
 * `fallback` is what a message the catalogue does not know becomes: the server says the catalogue's general
 * sentence (never English to a parent who reads Spanish); the portal, which maps only what its own schemas say
 * and what the server already said in Spanish, keeps the message as it came. The server imports this; the browser
 * loads it with the Spanish catalogue (client/lib/portal-catalogue.ts), so a parent reading English never does.
 */
export function portalErrorIn(language: Language, message: string, fallback: 'general' | 'same' = 'general'): string {
  if (language === 'en') return message;
  return localizeMessage(
    message,
    portalErrorsEn,
    portalErrorsEs,
    'es-US',
    fallback === 'same' ? message : portalErrorsEs['portal.error.other'],
  );
}

/** Every message of `errors` in `language` (see portalErrorIn). */
export function portalErrorsIn(
  language: Language,
  errors: Partial<Record<string, string>>,
  fallback: 'general' | 'same' = 'general',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) if (message) out[field] = portalErrorIn(language, message, fallback);
  return out;
}
