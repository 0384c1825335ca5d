import { type EventsSearch, searchString } from '~/shared/page-search';

/** The address of `/events` showing `search` (its parts in a fixed order, so one view has one address). */
export function eventsHref(search: EventsSearch, language: 'en' | 'es' = 'en'): string {
  const query = searchString({ ...search });
  const path = language === 'es' ? '/es/events' : '/events';
  return query ? `${path}?${query}` : path;
}
