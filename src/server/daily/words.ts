/**
 * The timeline's words on the server (the end-of-day e-mail) in a parent's language: the portal
 * catalogue's portal.timeline.* messages, and times on the centre's wall clock in that language.
 */
import { zoned } from '../../shared/centre-time';
import { formatLite } from '../../shared/i18n/lite';
import { portalEs } from '../../shared/i18n/portal-es';
import type { Language } from '../../shared/schemas/preferences';
import type { TimelineWords } from '../../shared/timeline-text';
import { ENGLISH_WORDS } from '../../shared/timeline-english';

const spanishTime = zoned((timeZone) => new Intl.DateTimeFormat('es-US', { timeZone, hour: 'numeric', minute: '2-digit' }));

const SPANISH_WORDS: TimelineWords = {
  t: (key, values) => formatLite('es-US', portalEs[key], values),
  time: (moment) => spanishTime().format(new Date(moment)),
};

export function timelineWords(language: Language): TimelineWords {
  return language === 'es' ? SPANISH_WORDS : ENGLISH_WORDS;
}
