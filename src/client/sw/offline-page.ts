import { loginEn } from '../../shared/i18n/login-en';
import { loginEs } from '../../shared/i18n/login-es';
import type { Language } from '../../shared/i18n/languages';

/**
 * The page the parent pages' worker answers when a navigation finds neither the network nor a copy, in the
 * reader's language: the one the portal last said it shows (its hello), else the first of the browser's languages
 * the site speaks, else English. The words are the sign-in page's catalogue's (login-en.ts, login-es.ts): only the
 * worker imports them here. Plain words, nothing of anyone's.
 */
export function offlineLanguage(told: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (told === 'en' || told === 'es') return told;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'es' || primary === 'en') return primary;
  }
  return 'en';
}

export function offlinePageHtml(language: Language): string {
  const words = language === 'es' ? loginEs : loginEn;
  return (
    `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${words['login.title']}</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1c1917">` +
    `<h1>${words['login.offline.heading']}</h1><p>${words['login.offline.body']}</p></body></html>`
  );
}
