import type { Language } from '~/shared/schemas/preferences';
import type { PortalKey } from '~/shared/i18n/portal-en';

/**
 * The parent portal's catalogues in the browser (issue 33, ADR 047). English ships with the portal; Spanish is
 * its own chunk, loaded only for a parent who chose it: before React hydrates a page the server rendered in Spanish
 * (main.tsx reads the document's `lang`), or when the parent chooses it. No FormatJS here: main.tsx imports this,
 * and the formatter belongs to the portal's chunk (client/i18n.tsx).
 */
/** English is put here by client/i18n.tsx, in the portal's own chunk (main.tsx, which imports this, stays without it). */
const loaded: Partial<Record<Language, Record<PortalKey, string>>> = {};

/** shared/i18n/portal-errors.ts's portalErrorIn: loaded with Spanish (a parent reading English never needs it). */
type ErrorLocalizer = (language: Language, message: string, fallback: 'same') => string;
let errorLocalizer: ErrorLocalizer | null = null;

/**
 * A refusal (a shared schema's English message, or what the server said) in `language`: the schema's English mapped
 * to the catalogue's Spanish; what is already Spanish (the server answers a Spanish parent in Spanish) as it came.
 */
export function portalError(language: Language, message: string): string {
  return language === 'en' || !errorLocalizer ? message : errorLocalizer(language, message, 'same');
}

export function portalCatalogue(language: Language): Record<PortalKey, string> | undefined {
  return loaded[language];
}

export async function loadPortalCatalogue(language: Language): Promise<void> {
  if (loaded[language]) return;
  if (language === 'en') loaded.en = (await import('~/shared/i18n/portal-en')).portalEn;
  else if (language === 'es') {
    const [{ portalEs }, { portalErrorIn }] = await Promise.all([import('~/shared/i18n/portal-es'), import('~/shared/i18n/portal-errors')]);
    errorLocalizer = portalErrorIn;
    loaded.es = portalEs;
  }
}

/**
 * A catalogue already at hand: English in the portal's chunk; every one on the server (entry-server.tsx), with the
 * refusals' mapping (`errors`).
 */
export function registerPortalCatalogue(language: Language, catalogue: Record<PortalKey, string>, errors?: ErrorLocalizer): void {
  loaded[language] = catalogue;
  if (errors) errorLocalizer = errors;
}

/** The language a server-rendered portal page was rendered in (its `<html lang>`). */
export function documentLanguage(): Language {
  return typeof document !== 'undefined' && document.documentElement.lang.startsWith('es') ? 'es' : 'en';
}
