import { zoned } from './centre-time';
import type { PortalTodayKey } from './i18n/portal-today-en';
import type { TimelineBody } from './timeline';

/**
 * The words of one timeline item, the same in the parent's Today tab, the staff's room screen and the
 * end-of-day e-mail, through the portal's catalogue (portal.timeline.*) in the reader's language. Times
 * are the centre's wall clock (Columbus), whatever the reader's device says.
 *
 * No catalogue is imported here: the portal passes its own formatter (usePortalIntl, whose catalogue of the first view
 * is loaded in the parent's language, ADR 108), the staff's screens `ENGLISH_WORDS` (timeline-english.ts) and the
 * server one made from the Spanish catalogue (server/daily/words.ts).
 */
export interface TimelineWords {
  t(key: PortalTodayKey, values?: Record<string, string | number>): string;
  /** A moment as the centre's wall clock reads it, to the minute. */
  time(moment: Date | string): string;
}

const timeFormat = zoned((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }));
/** A moment on the centre's wall clock in English ('7:42 AM'). */
export function centreTime(moment: Date | string): string {
  return timeFormat().format(new Date(moment));
}

function duration(ms: number, words: TimelineWords): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h
    ? m
      ? words.t('portal.timeline.hoursMinutes', { h, m })
      : words.t('portal.timeline.hours', { h })
    : words.t('portal.timeline.minutes', { m });
}

/** The heading of a kind ('Meal', 'Nap', 'Checked in'). */
export function kindLabel(kind: TimelineBody['kind'], words: TimelineWords): string {
  return words.t(`portal.timeline.kind.${kind}`);
}

/**
 * A heading ('Lunch', 'Nap', 'Diaper') and the detail ('Ate most: pasta', '12:30 PM to 2:00 PM (1 h 30 min)'), in the
 * words given: the caller names its reader's catalogue (`ENGLISH_WORDS` for the staff's screens).
 */
export function describeItem(item: TimelineBody, words: TimelineWords): { title: string; detail: string } {
  const { t } = words;
  switch (item.kind) {
    case 'meal': {
      const { meal, amount, food } = item.details;
      const ate = t(`portal.timeline.amount.${amount}`);
      return { title: t(`portal.timeline.meal.${meal}`), detail: food ? t('portal.timeline.withFood', { amount: ate, food }) : ate };
    }
    case 'bottle':
      return { title: kindLabel('bottle', words), detail: t('portal.timeline.ounces', { ounces: item.details.ounces }) };
    case 'nap': {
      const { start, end } = item.details;
      const title = kindLabel('nap', words);
      if (!end) return { title, detail: t('portal.timeline.asleepSince', { time: words.time(start) }) };
      return {
        title,
        detail: t('portal.timeline.napRange', {
          start: words.time(start),
          end: words.time(end),
          duration: duration(new Date(end).getTime() - new Date(start).getTime(), words),
        }),
      };
    }
    case 'diaper':
      return { title: kindLabel('diaper', words), detail: t(`portal.timeline.diaper.${item.details.type}`) };
    case 'toilet':
      return { title: kindLabel('toilet', words), detail: t(`portal.timeline.toilet.${item.details.result}`) };
    case 'mood':
      return { title: kindLabel('mood', words), detail: item.details.mood };
    case 'note':
      return { title: kindLabel('note', words), detail: item.details.text };
    case 'photo':
      return { title: kindLabel('photo', words), detail: item.details.caption ?? t('portal.timeline.photoOfTheDay') };
    case 'check_in':
    case 'check_out': {
      const { by, override } = item.details;
      const text = t(item.kind === 'check_in' ? 'portal.timeline.checkedInBy' : 'portal.timeline.checkedOutBy', { by });
      return { title: kindLabel(item.kind, words), detail: override ? t('portal.timeline.override', { text }) : text };
    }
  }
}
