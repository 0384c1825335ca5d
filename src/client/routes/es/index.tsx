import { createFileRoute } from '@tanstack/react-router';
import { galleryQuery } from '../../components/home/queries';
import { announcementsQuery, eventsQuery } from '../../components/events/queries';
import { publicPageHead } from '../../lib/page-title';
import { HomePage } from '../../components/home/HomePage';

/** The Spanish twin of the home page: the same sections, in the address's language. */
export const Route = createFileRoute('/es/')({
  head: publicPageHead('/es'),
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(galleryQuery());
    void queryClient.prefetchQuery(eventsQuery());
    void queryClient.prefetchQuery(announcementsQuery());
  },
  component: HomePage,
});
