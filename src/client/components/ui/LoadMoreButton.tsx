import { useEffect, useRef, useState } from 'react';
import { Button } from './Button';

/** What LoadMoreButton reads of an infinite query (TanStack Query's useInfiniteQuery). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a list read a page at a time (ADR 014): shown while the server says more follow. While a
 * page loads the button stays focused (pending, not disabled: a disabled button drops the keyboard's place to
 * the top of the page). When the last page has come in after a press, the button gives way to a line saying
 * so, which takes the focus the button had.
 */
export function LoadMoreButton({
  query,
  label,
  words,
}: {
  query: NextPageQuery;
  label?: string;
  /** Its words, from the screen's catalogue: the staff tabs' (`staffLoadMoreWords`), or the portal's in the parent's language. */
  words: { more: string; loading: string; end: string };
}) {
  const [pressed, setPressed] = useState(false);
  const hadFocus = useRef(false);
  const end = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!query.hasNextPage && hadFocus.current) {
      hadFocus.current = false;
      end.current?.focus();
    }
  }, [query.hasNextPage]);

  if (!query.hasNextPage) {
    return pressed ? (
      <p ref={end} tabIndex={-1} className="self-center text-sm text-stone-600 outline-none">
        {words.end}
      </p>
    ) : null;
  }
  return (
    <Button
      variant="outline"
      className="self-center max-sm:w-full"
      aria-label={label}
      isPending={query.isFetchingNextPage}
      onPress={() => {
        setPressed(true);
        hadFocus.current = true;
        void query.fetchNextPage();
      }}
    >
      {query.isFetchingNextPage ? words.loading : words.more}
    </Button>
  );
}
