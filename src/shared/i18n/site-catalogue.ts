import { en, type SiteKey as MessageKey } from './en';
import type { PageLanguage } from './paths';

/**
 * The site's catalogues at hand (ADR 045). English is always here. Spanish is put here by whoever has
 * it: the server and the server render import it (shared/i18n/index.ts, entry-server.tsx); in the browser it is a
 * chunk of its own, loaded before the app draws a `/es` page (routes/__root.tsx), so the dashboards' first load
 * carries no Spanish.
 */
const loaded: Partial<Record<PageLanguage, Record<MessageKey, string>>> = { en };

/** The catalogue of `language`. A language not loaded yet is a mistake in the caller, not a reason to show English. */
export function siteCatalogue(language: PageLanguage): Record<MessageKey, string> {
  const catalogue = loaded[language];
  if (!catalogue) throw new Error(`The ${language} site catalogue is not loaded.`);
  return catalogue;
}

/** Whether the catalogue of `language` is at hand (the browser loads Spanish when a page asks for it). */
export const hasSiteCatalogue = (language: PageLanguage): boolean => !!loaded[language];

export function registerSiteCatalogue(language: PageLanguage, catalogue: Record<MessageKey, string>): void {
  loaded[language] = catalogue;
}

/** Loads a language's catalogue in the browser (a no-op once loaded). */
export async function loadSiteCatalogue(language: PageLanguage): Promise<void> {
  if (loaded[language]) return;
  if (language === 'es') loaded.es = (await import('./es')).es;
}
