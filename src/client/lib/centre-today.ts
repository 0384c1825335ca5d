import { queryOptions, useQuery } from '@tanstack/react-query';
import { centreDateOf, centreOffsetAt } from '../../shared/centre-time';

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

/**
 * How far the centre's clock is ahead of UTC (ms), kept as the day is: a page the server rendered carries the offset
 * it was rendered with, so its first view tells whether the centre is open now (TodayAttendance) without making a
 * time-zone formatter, which costs a slow phone more than hydrating the whole dashboard (ADR 117). The centre is
 * closed in the small hours when the clocks change; after a minute a part that mounts works it out again.
 */
export const centreOffsetQuery = () =>
  queryOptions({
    queryKey: ['centre-offset'] as const,
    queryFn: () => centreOffsetAt(new Date()),
    initialData: () => centreOffsetAt(new Date()),
    staleTime: 60_000,
  });

export function useCentreOffset(): number {
  return useQuery(centreOffsetQuery()).data;
}
