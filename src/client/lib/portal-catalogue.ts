import type { Language } from '~/shared/schemas/preferences';
import { formatErrorLite } from '~/shared/i18n/error-ids';
import type { ErrorKey } from '~/shared/i18n/errors-en';
import type { PortalKey } from '~/shared/i18n/portal-en';
import { catalogueOf, loadCatalogue, registerCatalogue } from '~/shared/i18n/registry';

/**
 * The parent portal's catalogues in the browser (ADR 047, ADR 070): kept by the one registry (shared/i18n/registry.ts),
 * English in the portal's chunk, Spanish a chunk of its own, loaded only for a parent who chose it: before React
 * hydrates a page the server rendered in Spanish (main.tsx reads the document's `lang`), or when the parent chooses
 * it. No FormatJS here: main.tsx imports this, and the formatter belongs to the portal's chunk (client/i18n.tsx).
 */

/**
 * A refusal in `language` (ADR 069): a shared schema's id, or the id the server answered with, from the errors
 * catalogue; what is no id (a sentence the server already wrote in the parent's language) as it came. The
 * refusals are not in the dashboard's first load (ADR 089): they come with the tabs and dialogs that have forms
 * (`loadRefusals`), and the English ones with every form (lib/refusal-words.ts).
 */
export function portalError(language: Language, message: string): string {
  const catalogue = catalogueOf('errors', language) ?? catalogueOf('errors', 'en');
  return catalogue ? formatErrorLite(catalogue, language === 'es' ? 'es-US' : 'en-US', message) : message;
}

/** Whether the refusals of `language` are at hand (else a call's failure is said as the server wrote it). */
export const refusalsAtHand = (language: Language): boolean => !!catalogueOf('errors', language);

/**
 * Loads the refusals of `language` (a no-op once loaded): with the code of a tab or a dialog that shows them
 * (components/parent/tabs.tsx), and with the words of a language the parent chooses (`loadPortalCatalogue`).
 */
export function loadRefusals(language: Language): Promise<void> {
  return loadCatalogue('errors', language);
}

/**
 * The portal's words of `language` at hand: the whole catalogue once loaded, else the first view's
 * (shared/i18n/portal-today-en.ts, ADR 089), else undefined.
 */
export function portalCatalogue(language: Language): Partial<Record<PortalKey, string>> | undefined {
  return catalogueOf('portal', language) ?? catalogueOf('portalToday', language);
}

/**
 * Every word of the portal in `language`, with its refusals: with a tab's or a dialog's code (components/parent/tabs.tsx
 * withPortalWords), and for a language the parent chooses (the Preferences dialog, ParentDashboard).
 */
export async function loadPortalCatalogue(language: Language): Promise<void> {
  await Promise.all([loadCatalogue('portal', language), loadRefusals(language)]);
}

/** Every catalogue on the server (entry-server.tsx), with the refusals' catalogue of the language. */
export function registerPortalCatalogue(
  language: Language,
  catalogue: Record<PortalKey, string>,
  refusals: Record<ErrorKey, string>,
): void {
  registerCatalogue('portal', language, catalogue);
  registerCatalogue('errors', language, refusals);
}

/** The language a server-rendered portal page was rendered in (its `<html lang>`). */
export function documentLanguage(): Language {
  return typeof document !== 'undefined' && document.documentElement.lang.startsWith('es') ? 'es' : 'en';
}

/**
 * The language the portal last showed, kept in this browser (ADR 054): a language, nothing about the
 * parent, so it stays when they sign out. It lets a page that no longer knows the parent (a reload after the session
 * expired, when the server sends the app's shell in English) send them to the sign-in they read.
 */
const PORTAL_LANGUAGE_KEY = 'portalLanguage';

export function rememberPortalLanguage(language: Language): void {
  try {
    window.localStorage.setItem(PORTAL_LANGUAGE_KEY, language);
  } catch {
    // Storage refused (a private window's quota): the sign-in then follows the page's own language.
  }
}

/** The parent sign-in in the language the portal last showed, else the page's: `/es/parent-login` for Spanish. */
export function parentSignInPath(): string {
  let kept: string | null = null;
  try {
    kept = window.localStorage.getItem(PORTAL_LANGUAGE_KEY);
  } catch {
    // As above.
  }
  return (kept === 'es' || kept === 'en' ? kept : documentLanguage()) === 'es' ? '/es/parent-login' : '/parent-login';
}
