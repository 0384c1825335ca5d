import type { MouseEvent, ReactNode } from 'react';
import type { MilestonesSearch } from '~/shared/page-search';
import { cn } from '../ui/cn';
import { MILESTONE_VIEWS, milestonesHref, panelId, tabId } from './links';
import { usePageLanguage, useT } from '../../lib/i18n';

type View = (typeof MILESTONE_VIEWS)[number]['id'];

/**
 * The three tabs (docs/product.md §2) as links to `/milestones?tab=…` (ADR 018), so each works before and without any
 * script; all three panels are in the page, the others hidden. With a script, a tab shows its panel in place
 * (the page's script, or the app's router through `onSelect`) and the arrow keys move between tabs
 * (ui/tab-keys.ts).
 */
export function MilestoneTabs({
  search,
  onSelect,
  panels,
}: {
  search: MilestonesSearch;
  onSelect?: (search: MilestonesSearch) => void;
  panels: Record<View, ReactNode>;
}) {
  const selected: View = search.tab ?? 'milestones';
  const t = useT();
  const language = usePageLanguage();
  const follow = (next: MilestonesSearch) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onSelect || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(next);
  };
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('milestones.views')}
        data-tab-links=""
        className="flex flex-wrap gap-1 overflow-x-auto rounded-xl bg-stone-200/70 p-1"
      >
        {MILESTONE_VIEWS.map(({ id }) => {
          const next = { ...search, tab: id === 'milestones' ? undefined : id };
          return (
            <a
              key={id}
              role="tab"
              id={tabId(id)}
              href={milestonesHref(next, language)}
              onClick={follow(next)}
              data-tab={id}
              aria-controls={panelId(id)}
              aria-selected={id === selected}
              className={cn(
                'flex min-h-11 md:min-h-10 shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-stone-700 outline-none',
                'hover:bg-white/60 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm focus-visible:ring-3 focus-visible:ring-brand-500/50',
              )}
            >
              {t(`milestones.tab.${id}`)}
            </a>
          );
        })}
      </div>
      {MILESTONE_VIEWS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(id)}
          aria-labelledby={tabId(id)}
          tabIndex={0}
          hidden={id !== selected}
          className="rounded-xl outline-none focus-visible:ring-3 focus-visible:ring-brand-500/40"
        >
          {panels[id]}
        </div>
      ))}
    </div>
  );
}
