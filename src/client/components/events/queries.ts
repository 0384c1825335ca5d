import { compareCodeUnits } from '~/shared/compare';
import { CACHE, trpc, type RouterOutputs } from '../../lib/trpc';

/**
 * Query options shared by route loaders and components, so both hit the same cache entry. A signed-in
 * admin gets private items from the same procedures (the dashboard needs them); public pages never show them.
 */
export const eventsQuery = () =>
  trpc.events.list.queryOptions(undefined, { staleTime: CACHE.events, select: (list) => list.filter((e) => e.isPublic) });
export const announcementsQuery = () =>
  trpc.announcements.list.queryOptions(undefined, { staleTime: CACHE.announcements, select: (list) => list.filter((a) => a.isPublic) });

type Outputs = RouterOutputs;
export type PublicEvent = Outputs['events']['list'][number];
export type PublicAnnouncement = Outputs['announcements']['list'][number];

/** Events dated `today` or later, in date and start-time order. */
export function upcomingEvents(events: readonly PublicEvent[], today: string, limit: number): PublicEvent[] {
  return events
    .filter((e) => e.eventDate >= today)
    .sort((a, b) => compareCodeUnits(a.eventDate, b.eventDate) || compareCodeUnits(a.startTime ?? '', b.startTime ?? ''))
    .slice(0, limit);
}

/** Public announcements, newest first. The server already leaves out expired ones (in the centre's time zone). */
export function currentAnnouncements(announcements: readonly PublicAnnouncement[]): PublicAnnouncement[] {
  return announcements
    .filter((a) => a.isPublic !== false)
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
}
