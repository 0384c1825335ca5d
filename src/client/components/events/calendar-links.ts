import { type EventsSearch, searchString } from '~/shared/page-search';

/** The address of `/events` showing `search` (its parts in a fixed order, so one view has one address). */
export function eventsHref(search: EventsSearch): string {
  const query = searchString({ ...search });
  return query ? `/events?${query}` : '/events';
}
