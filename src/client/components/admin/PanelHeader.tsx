import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';
import { countLine, type ListCount } from '../../lib/count-line';
import { staffText } from './staff-words';

/** The heading row of a dashboard tab: its title, an optional count, and the tab's main action. */
export function PanelHeader({
  id,
  title,
  count,
  description,
  action,
}: {
  id: string;
  title: string;
  count?: number;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
          {count !== undefined && (
            <>
              {' '}
              <span className="text-base font-semibold text-stone-500">({count})</span>
            </>
          )}
        </h2>
        {description && <p className="text-sm text-stone-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

/** Loading, failure and empty states of a tab's list, worded for staff. */
export function ListState({ isPending, error, isEmpty, empty }: { isPending: boolean; error: unknown; isEmpty: boolean; empty: string }) {
  if (isPending) return <p className="py-8 text-center text-stone-500">{staffText('staff.loading')}</p>;
  if (error)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        {staffText('staff.list.loadFailed')}
      </p>
    );
  if (isEmpty) return <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-500">{empty}</p>;
  return null;
}

/**
 * The heading row of a tab whose list can be filtered: its title, "3 of 5 applications" once the list has
 * loaded, and the filters (and any action) beside it from the `wideFrom` breakpoint on.
 */
export function FilteredPanelHeader({
  id,
  title,
  count,
  noun,
  wideFrom = 'sm',
  children,
}: {
  id: string;
  title: string;
  /** How many items the filters let through, of how many (and how many are loaded, for a paged list); undefined until the list has loaded. */
  count: ListCount | undefined;
  /** The item's name, singular and plural (['child', 'children']), or the count's noun from the catalogue. */
  noun: [string, string] | ((n: number) => string);
  wideFrom?: 'sm' | 'lg';
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3',
        wideFrom === 'sm' ? 'sm:flex-row sm:items-end sm:justify-between' : 'lg:flex-row lg:items-end lg:justify-between',
      )}
    >
      <div>
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        <p className="text-sm text-stone-600">{count ? countLine(count, noun) : ' '}</p>
      </div>
      {children}
    </div>
  );
}

/** Loading, failure and empty states of a filtered list: `none` when there are no items, `noMatch` when the filters hide them all. */
export function FilteredListState({
  isPending,
  isError,
  shown,
  total,
  loading,
  error,
  none,
  noMatch,
}: {
  isPending: boolean;
  isError: boolean;
  shown: number;
  total: number;
  loading: string;
  error: string;
  none: string;
  noMatch: string;
}) {
  if (isPending) return <p className="py-8 text-center text-stone-500">{loading}</p>;
  if (isError)
    return (
      <p role="alert" className="py-8 text-center text-red-700">
        {error}
      </p>
    );
  if (shown === 0) return <Card className="p-8 text-center text-stone-600">{total === 0 ? none : noMatch}</Card>;
  return null;
}
