import { queryOptions, useQuery } from '@tanstack/react-query';
import { centreDateOf } from '../../shared/centre-time';

/**
 * The centre's calendar date today (`YYYY-MM-DD`, Columbus time), for the pages that show what is coming up.
 *
 * Kept in the query cache so a server-rendered page hands its day to the browser with its data (entry-server.tsx
 * puts it in the page's state): the page hydrates with the very day it was rendered with, and the phone does not
 * have to make a time-zone formatter first (the browser's first one costs ~130 ms of a slow phone's CPU).
 * Elsewhere (a page the browser renders itself) it is worked out on the spot; after a minute a page that mounts
 * works it out again, so an open tab moves on to the next day.
 */
export const centreTodayQuery = () =>
  queryOptions({
    queryKey: ['centre-today'] as const,
    queryFn: () => centreDateOf(new Date()),
    initialData: () => centreDateOf(new Date()),
    staleTime: 60_000,
  });

export function useCentreToday(): string {
  return useQuery(centreTodayQuery()).data;
}
