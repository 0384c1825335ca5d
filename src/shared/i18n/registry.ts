import type { SiteKey } from './en';
import { formatLite } from './lite';
import type { Language } from './languages';
import type { PortalKey } from './portal-en';
import type { PortalTodayKey } from './portal-today-en';
import type { ErrorKey } from './errors-en';
import { type SiteFrameKey, siteFrameEn } from './site-frame-en';

/**
 * The catalogues at hand, by area, and how the browser fetches the others (ADR 070). The server has every one
 * (shared/i18n/index.ts registers them). In the browser only the site's frame in English (the header, titles, the
 * not-found page: site-frame-en.ts, ADR 108) ships with the app, and every other catalogue is a chunk of its own,
 * loaded when a page asks for it: the whole site's English with the public pages' code (client/lib/i18n.ts), its
 * Spanish before a `/es` page is drawn (routes/__root.tsx), the frame's Spanish before a Spanish portal is hydrated
 * (main.tsx), the portal's when the portal opens (client/i18n.tsx). So the dashboards' first load carries no
 * Spanish, no portal words and none of the public pages' words. No FormatJS here: every page imports this.
 */
interface Areas {
  site: Record<SiteKey, string>;
  /** The site's words the app's frame draws before a page's own code is here (ADR 108); `site` holds them too. */
  siteFrame: Record<SiteFrameKey, string>;
  portal: Record<PortalKey, string>;
  /** The portal's first words (ADR 089): what its first load draws, before `portal` (which holds them too) loads. */
  portalToday: Record<PortalTodayKey, string>;
  /** The refusals (ADR 069): loaded with the portal, and by any page that shows a server's refusal by id. */
  errors: Record<ErrorKey, string>;
}
export type BrowserArea = keyof Areas;

const loaded: { [A in BrowserArea]: Partial<Record<Language, Areas[A]>> } = {
  site: {},
  siteFrame: { en: siteFrameEn },
  portal: {},
  portalToday: {},
  errors: {},
};

/** Where each catalogue the browser may lack comes from: one line per area and language. */
const LOADERS: { [A in BrowserArea]: Partial<Record<Language, () => Promise<Areas[A]>>> } = {
  site: { en: () => import('./en').then((m) => m.en), es: () => import('./es').then((m) => m.es) },
  siteFrame: { es: () => import('./site-frame-es').then((m) => m.siteFrameEs) },
  portal: { en: () => import('./portal-en').then((m) => m.portalEn), es: () => import('./portal-es').then((m) => m.portalEs) },
  portalToday: {
    en: () => import('./portal-today-en').then((m) => m.portalTodayEn),
    es: () => import('./portal-today-es').then((m) => m.portalTodayEs),
  },
  errors: { en: () => import('./errors-en').then((m) => m.errorsEn), es: () => import('./errors-es').then((m) => m.errorsEs) },
};

/** The catalogue of `area` in `language`, or undefined when the browser has not loaded it yet. */
export function catalogueOf<A extends BrowserArea>(area: A, language: Language): Areas[A] | undefined {
  return loaded[area][language];
}

/** Whether the catalogue is at hand. */
export const hasCatalogue = (area: BrowserArea, language: Language): boolean => !!loaded[area][language];

export function registerCatalogue<A extends BrowserArea>(area: A, language: Language, catalogue: Areas[A]): void {
  loaded[area][language] = catalogue;
}

/** Loads a catalogue in the browser (a no-op once loaded). */
export async function loadCatalogue(area: BrowserArea, language: Language): Promise<void> {
  if (loaded[area][language]) return;
  const load = LOADERS[area][language];
  if (load) (loaded[area] as Partial<Record<Language, unknown>>)[language] = await load();
}

/**
 * The site's whole catalogue of `language` (the public pages' code loads it first). A language not loaded yet is a
 * mistake in the caller, not a reason to show English.
 */
export function siteCatalogue(language: Language): Record<SiteKey, string> {
  const catalogue = loaded.site[language];
  if (!catalogue) throw new Error(`The ${language} site catalogue is not loaded.`);
  return catalogue;
}

/** Whether the site's frame (site-frame-*.ts) can be drawn in `language`: its words, or the whole catalogue, are here. */
export const hasSiteFrame = (language: Language): boolean => !!loaded.site[language] || !!loaded.siteFrame[language];

/**
 * One site message as written in `language`: from the whole catalogue, else from the frame's words (ADR 108); undefined
 * when neither has it.
 */
export function siteWord(language: Language, key: SiteKey): string | undefined {
  return loaded.site[language]?.[key] ?? (loaded.siteFrame[language] as Partial<Record<SiteKey, string>> | undefined)?.[key];
}

/**
 * A site message through the small formatter (lite.ts), for what every page of the app draws before FormatJS is
 * loaded, if ever (the navigation bar, the not-found page, a failed load): its parser would cost every page's first
 * load. tests/unit/i18n-lite.test.ts checks lite.ts writes each such message as FormatJS does.
 */
export function siteText(language: Language, key: SiteKey, values: Record<string, string | number> = {}): string {
  const message = siteWord(language, key);
  if (message === undefined) throw new Error(`The ${language} site word '${key}' is not loaded.`);
  return formatLite(language === 'es' ? 'es-US' : 'en-US', message, values);
}

/** The site's messages whose keys start with `prefix`, in `language` (a page's copy for its script). */
export function messagesWithPrefix(language: Language, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(siteCatalogue(language)).filter(([key]) => key.startsWith(prefix)));
}
