import { createFileRoute } from '@tanstack/react-router';
import { milestonesSearch } from '~/shared/page-search';
import { MilestonesPage } from '../../components/milestones/MilestonesPage';
import { achievementsQuery, milestonesQuery, recentQuery } from '../../components/milestones/queries';
import { publicPageHead } from '../../lib/page-title';

export const Route = createFileRoute('/es/milestones')({
  head: publicPageHead('/es/milestones'),
  // The filters and the tab are in the address (ADR 018): links and a GET form work before any script.
  validateSearch: milestonesSearch,
  // Started here, not awaited: the page shows 'Loading milestones...' until the data is in.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(milestonesQuery());
    void queryClient.prefetchQuery(achievementsQuery());
    void queryClient.prefetchQuery(recentQuery());
  },
  component: MilestonesPage,
});
