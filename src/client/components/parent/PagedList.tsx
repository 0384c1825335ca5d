import type { ReactNode } from 'react';
import { usePortalIntl } from '../../i18n';
import { LoadMoreButton, type NextPageQuery } from '../ui/LoadMoreButton';
import { useLoadMoreWords } from './words';

/** What PagedList reads of an infinite query. */
export interface PagedQuery<T> extends NextPageQuery {
  isPending: boolean;
  isError: boolean;
  data: { pages: { items: T[] }[] } | undefined;
}

/** A long list read a page at a time: the items so far and a 'Load more' button while there are more. */
export function PagedList<T extends { id: string }>({
  query,
  empty,
  render,
  label,
}: {
  query: PagedQuery<T>;
  empty: string;
  render: (item: T) => ReactNode;
  label: string;
}) {
  const { t } = usePortalIntl();
  const words = useLoadMoreWords();
  if (query.isPending) return <p className="py-6 text-center text-stone-600">{t('portal.loading')}</p>;
  if (query.isError || !query.data) return <p className="py-6 text-center text-red-700">{t('portal.listFailed')}</p>;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="py-6 text-center text-stone-600">{empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <LoadMoreButton query={query} words={words} />
    </div>
  );
}
