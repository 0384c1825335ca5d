import { type EventsSearch, searchString } from '~/shared/page-search';

/** The address of `/events` showing `search` (its parts in a fixed order, so one view has one address). */
export function eventsHref(search: EventsSearch, language: 'en' | 'es' = 'en'): string {
  const query = searchString({ ...search });
  const path = language === 'es' ? '/es/events' : '/events';
  return query ? `${path}?${query}` : path;
}

/**
 * The id of the selected day's list (its section on /events). A day's link ends with it (`#day-events`), so a day
 * tapped on a phone, where the list is below the calendar, brings the list into view: by the browser itself when the
 * link loads the page (no script), by lib/document-swap.ts when it is shown in place. The server never sees a
 * fragment, so the cached document is the same.
 */
export const DAY_EVENTS_ID = 'day-events';
