import { formatLite } from './i18n/lite';
import { portalTodayEn } from './i18n/portal-today-en';
import { centreTime, type TimelineWords } from './timeline-text';

/**
 * The timeline's English words, as the staff's screens and the server's English e-mail read them. A module of its own,
 * apart from timeline-text.ts: the parent dashboard's Today tab draws the timeline in the parent's words, and its
 * first load carries no catalogue of a language the parent does not read (ADR 108).
 */
export const ENGLISH_WORDS: TimelineWords = {
  t: (key, values) => formatLite('en-US', portalTodayEn[key], values),
  time: centreTime,
};
