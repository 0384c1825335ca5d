import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../components/home/HomePage';
import { galleryQuery } from '../components/home/queries';
import { announcementsQuery, eventsQuery } from '../components/events/queries';
import { publicPageHead } from '../lib/page-title';

export const Route = createFileRoute('/')({
  head: publicPageHead('/'),
  // Start the data early but do not wait for it: the page is useful at once, and each section shows
  // its own loading state (8 gallery placeholders) or fallback (built-in photos) instead of blocking.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(galleryQuery());
    void queryClient.prefetchQuery(eventsQuery());
    void queryClient.prefetchQuery(announcementsQuery());
  },
  component: HomePage,
});
