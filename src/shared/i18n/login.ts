import { centre } from '../centre';
import { type LoginKey, loginEn } from './login-en';
import { loginEs } from './login-es';
import type { PageLanguage } from './paths';

/**
 * The parent sign-in's words in a page's language (ADR 052): `/parent-login` English, `/es/parent-login`
 * Spanish. Server-only (the server render and server/pages/forms.ts): the page's script gets what it says as a data
 * block, `scriptWords`.
 */
const fill = (text: string) => text.replace('{phone}', centre.phones[0]).replace('{centre}', centre.name);

const made: Partial<Record<PageLanguage, Record<LoginKey, string>>> = {};

export function loginWords(language: PageLanguage): Record<LoginKey, string> {
  return (made[language] ??= Object.fromEntries(
    Object.entries(language === 'es' ? loginEs : loginEn).map(([key, text]) => [key, fill(text)]),
  ) as Record<LoginKey, string>);
}

/**
 * What the page's script writes, English to the page's language: its own words and the refusals the sign-in schema
 * and the server say in English (a parent signing in is not known yet, so the server answers in English, ADR 047).
 * Under `*`, the sentence for a refusal not in the table: never English on a Spanish page. Null on an English page.
 */
const SCRIPT_SAYS =
  /^login\.(error\.|toast\.|signingIn|sending|welcome|parent$|requestFailed|failed|loginFailed|tryAgain|showPassword|hidePassword)/;

export function scriptWords(language: PageLanguage): Record<string, string> | null {
  if (language === 'en') return null;
  const english = loginWords('en');
  const words = loginWords(language);
  const said = (Object.keys(english) as LoginKey[]).filter((key) => SCRIPT_SAYS.test(key));
  const table: Record<string, string> = Object.fromEntries(said.map((key) => [english[key], words[key]]));
  table['*'] = words['login.error.other'];
  return table;
}

/** A refusal (the schema's or the server's English sentence) as the page's language says it. */
export function loginRefusal(language: PageLanguage, message: string): string {
  const table = scriptWords(language);
  return table ? (table[message] ?? table['*']!) : message;
}
