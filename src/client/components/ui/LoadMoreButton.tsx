import { Button } from './Button';

/** What LoadMoreButton reads of an infinite query (TanStack Query's useInfiniteQuery). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a list read a page at a time (ADR 014): shown while the server says more follow. */
export function LoadMoreButton({ query, label }: { query: NextPageQuery; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" className="self-center max-sm:w-full" aria-label={label} onPress={() => void query.fetchNextPage()} isDisabled={query.isFetchingNextPage}>
      {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
