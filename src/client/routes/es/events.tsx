import { createFileRoute } from '@tanstack/react-router';
import { eventsSearch } from '~/shared/page-search';
import { EventsPage } from '../../components/events/EventsPage';
import { EventsLoadFailed, EventsPending } from '../../components/events/EventsStatus';
import { announcementsQuery, eventsQuery } from '../../components/events/queries';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/es/events')({
  head: publicPageHead('/es/events'),
  // The Spanish twin of /events, the same page in the address's language. The day selected and the month shown are in the address (ADR 018): the calendar's links work before any script.
  validateSearch: eventsSearch,
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(eventsQuery()), queryClient.ensureQueryData(announcementsQuery())]),
  pendingComponent: EventsPending,
  errorComponent: EventsLoadFailed,
  component: EventsPage,
});
