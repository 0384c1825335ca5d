import { centre } from '../centre';
import { type LoginKey, loginEn } from './login-en';
import { loginEs } from './login-es';
import type { PageLanguage } from './paths';

/**
 * The parent sign-in's words in a page's language (ADR 052): `/parent-login` English, `/es/parent-login`
 * Spanish. Server-only (the server render and server/pages/forms.ts): the page's script gets the words it says, and
 * the refusals it can meet by id, as a data block (server/pages/forms.ts).
 */
const fill = (text: string) => text.replace('{phone}', centre.phones[0]).replace('{centre}', centre.name);

const made: Partial<Record<PageLanguage, Record<LoginKey, string>>> = {};

export function loginWords(language: PageLanguage): Record<LoginKey, string> {
  return (made[language] ??= Object.fromEntries(
    Object.entries(language === 'es' ? loginEs : loginEn).map(([key, text]) => [key, fill(text)]),
  ) as Record<LoginKey, string>);
}
