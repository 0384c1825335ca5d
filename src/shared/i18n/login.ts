import { pageCentre } from '../page-centre';
import { formatLite } from './lite';
import { type LoginKey, loginEn } from './login-en';
import { loginEs } from './login-es';
import type { PageLanguage } from './paths';

/**
 * The parent sign-in's words in a page's language (ADR 052): `/parent-login` English, `/es/parent-login`
 * Spanish. Server-only (the server render and server/pages/forms.ts): the page's script gets the words it says, and
 * the refusals it can meet by id, as a data block (server/pages/forms.ts).
 */

/** The words the page's script fills in itself (the parent's name, known once signed in): sent as the catalogue has them. */
const FILLED_BY_THE_SCRIPT: readonly LoginKey[] = ['login.welcomeText'];

/**
 * A sign-in message with the office's phone and the centre's name filled in, by the small formatter (lite.ts, the
 * one the page's script formats the rest with; tests/unit/i18n-lite.test.ts holds it to FormatJS's answer).
 */
export function loginText(language: PageLanguage, message: string): string {
  return formatLite(language === 'es' ? 'es-US' : 'en-US', message, { phone: pageCentre().phone, centre: pageCentre().name });
}

const made: Partial<Record<PageLanguage, Record<LoginKey, string>>> = {};

export function loginWords(language: PageLanguage): Record<LoginKey, string> {
  return (made[language] ??= Object.fromEntries(
    Object.entries(language === 'es' ? loginEs : loginEn).map(([key, text]) => [
      key,
      FILLED_BY_THE_SCRIPT.includes(key as LoginKey) ? text : loginText(language, text),
    ]),
  ) as Record<LoginKey, string>);
}
