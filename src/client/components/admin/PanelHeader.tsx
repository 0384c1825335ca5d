import type { ReactNode } from 'react';

/** The heading row of a dashboard tab: its title, an optional count, and the tab's main action. */
export function PanelHeader({ id, title, count, description, action }: { id: string; title: string; count?: number; description?: string; action?: ReactNode }) {
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
  if (isPending) return <p className="py-8 text-center text-stone-500">Loading...</p>;
  if (error)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        This list could not be loaded. Please refresh the page.
      </p>
    );
  if (isEmpty) return <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-500">{empty}</p>;
  return null;
}
