import type { Language } from './i18n/languages';

/** The public feed of the centre's events (RFC 5545), served by GET /api/events.ics; `?lang=es` names it in Spanish. */
export const EVENTS_FEED_PATH = '/api/events.ics';

/**
 * The feed's two addresses: `webcal://` (a phone's calendar subscribes to it) and the `https://` one to copy, in
 * `language` (the calendar app shows the feed's name in it). The events pages and the parent portal link them.
 */
export function feedLinks(origin: string, language: Language = 'en'): { webcal: string; https: string } {
  const url = new URL(EVENTS_FEED_PATH, origin);
  if (language !== 'en') url.searchParams.set('lang', language);
  return { https: url.href, webcal: `webcal://${url.host}${url.pathname}${url.search}` };
}
