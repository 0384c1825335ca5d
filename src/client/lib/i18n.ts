import { useMemo } from 'react';
import type { IntlShape } from '@formatjs/intl';
import { en, type SiteKey as MessageKey } from '../../shared/i18n/en';
import { type PageLanguage, pathIn } from '../../shared/i18n/paths';
import { usePageLanguage } from './page-language';
import { makeIntl } from '../../shared/i18n/formatter';
import { oneFullStop } from '../../shared/i18n/lite';
import { registerCatalogue, siteCatalogue } from '../../shared/i18n/registry';
import { centreTimeZone } from '../../shared/centre-time';
import { formatDate, formatTime12, parseIsoDate } from './format';

// The public pages' words come with their code (this module, which their components import): the app's first load
// has only the frame's (shared/i18n/site-frame-en.ts, ADR 108).
registerCatalogue('site', 'en', en);

const made = new Map<PageLanguage, IntlShape<string>>();

/**
 * As shared/i18n/index.ts's `intlFor` (the same set-up, shared/i18n/formatter.ts), over the site's catalogue at hand
 * (shared/i18n/registry.ts): index.ts imports every catalogue, and the app loads Spanish only for a `/es` page.
 */
export function intlFor(language: PageLanguage): IntlShape<string> {
  let intl = made.get(language);
  // Made again when the centre's time zone changes (its profile, ADR 090).
  if (!intl || intl.timeZone !== centreTimeZone()) {
    intl = makeIntl(language, siteCatalogue(language), centreTimeZone());
    made.set(language, intl);
  }
  return intl;
}

/** `t('es', 'events.title')`: one message, with its values. */
export function t(language: PageLanguage, key: MessageKey, values?: Record<string, string | number | Date>): string {
  const intl = intlFor(language);
  return intl.formatMessage({ id: key }, oneFullStop(intl.messages[key] as string | undefined, values)) as string;
}

export { usePageLanguage } from './page-language';

export type Translate = (key: MessageKey, values?: Record<string, string | number | Date>) => string;

/** `t` in the page's language: `const t = useT(); t('events.title')`. */
export function useT(): Translate {
  const language = usePageLanguage();
  return useMemo(() => (key, values) => t(language, key, values), [language]);
}

/** The page's own address in its language: `href('/events')` is `/es/events` on a Spanish page. */
export function useLocalHref(): (path: string) => string {
  const language = usePageLanguage();
  return useMemo(() => (path: string) => hrefIn(language, path), [language]);
}

/** `path` (with its query, if any) in `language`. */
export function hrefIn(language: PageLanguage, path: string): string {
  const q = path.indexOf('?');
  const [bare, query] = q === -1 ? [path, ''] : [path.slice(0, q), path.slice(q)];
  return pathIn(language, bare) + query;
}

const UTC = { timeZone: 'UTC' } as const;

/** A calendar day `YYYY-MM-DD` (or a Date) as the page's language writes it: 'Nov 27, 2026' (docs/product.md §9), '27 nov 2026'. */
export function formatDay(language: PageLanguage, value: string | Date | null | undefined): string {
  if (language === 'en' || !value) return formatDate(value);
  const date = typeof value === 'string' ? parseIsoDate(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return intlFor('es').formatDate(day, { ...UTC, day: 'numeric', month: 'short', year: 'numeric' });
}

/** A long day, for a calendar's day: 'November 27, 2026' is written by date-fns on English pages; '27 de noviembre de 2026'. */
export function formatLongDay(language: 'es', day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return intlFor(language).formatDate(Date.UTC(y, m - 1, d), { ...UTC, day: 'numeric', month: 'long', year: 'numeric' });
}

/** `yyyy-MM` as 'noviembre de 2026'. */
export function formatMonth(language: 'es', month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return intlFor(language).formatDate(Date.UTC(y, m - 1, 1), { ...UTC, month: 'long', year: 'numeric' });
}

/** `HH:MM` as '2:30 PM' or '2:30 p. m.'. */
export function formatTimeOfDay(language: PageLanguage, value: string | null | undefined): string {
  if (language === 'en' || !value) return formatTime12(value);
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return value;
  return intlFor(language).formatTime(Date.UTC(2000, 0, 1, h, m), { ...UTC, hour: 'numeric', minute: '2-digit' });
}
