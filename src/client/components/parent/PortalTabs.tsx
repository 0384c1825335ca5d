import type { MouseEvent, ReactNode } from 'react';
import { PARENT_DASHBOARD_TABS, type ParentDashboardSearch, type ParentDashboardTab } from '~/shared/parent-dashboard-search';
import { cn } from '../ui/cn';

const tabId = (tab: ParentDashboardTab) => `portal-tab-${tab}`;
const panelId = (tab: ParentDashboardTab) => `portal-panel-${tab}`;

/** The dashboard's address for a child and a tab (Today is the address without one), as the server reads it. */
export function dashboardHref(search: ParentDashboardSearch): string {
  const params = new URLSearchParams();
  if (search.child) params.set('child', search.child);
  if (search.tab) params.set('tab', search.tab);
  const query = params.toString();
  return `/parent-dashboard${query ? `?${query}` : ''}`;
}

/**
 * The dashboard's tabs as links to `?tab=` (the address already holds the tab, and the server draws any tab it is
 * asked for), as the milestones page's tabs (ADR 018, ADR 067): a tap works before React has the page (the browser
 * follows the link), and after (a plain click is handled in place, through `onSelect`). Plain elements React
 * hydrates as they are: React Aria's tabs rebuilt their collection once hydrated and replaced every tab's element
 * some 600 ms later on a phone's CPU, and a tap that began on the old element and ended on the new one was lost.
 * The arrow keys move between tabs (ui/tab-keys.ts, installed by main.tsx). Only the open tab's panel is drawn.
 */
export function PortalTabs({
  search,
  labels,
  label,
  onSelect,
  children,
}: {
  search: ParentDashboardSearch;
  labels: Record<ParentDashboardTab, string>;
  label: string;
  onSelect: (tab: ParentDashboardTab) => void;
  children: ReactNode;
}) {
  const selected: ParentDashboardTab = search.tab ?? 'today';
  const follow = (tab: ParentDashboardTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(tab);
  };
  return (
    <div className="flex flex-col gap-4">
      {/* Seven tabs do not fit one row of a phone: they wrap, so none is cut off or hidden out of view. */}
      <div
        role="tablist"
        aria-label={label}
        data-tab-links=""
        className="flex scroll-mt-2 flex-wrap gap-1 overflow-x-auto rounded-xl bg-stone-200/70 p-1 md:scroll-mt-20"
      >
        {PARENT_DASHBOARD_TABS.map((tab) => (
          <a
            key={tab}
            role="tab"
            id={tabId(tab)}
            href={dashboardHref({ child: search.child, tab: tab === 'today' ? undefined : tab })}
            onClick={follow(tab)}
            aria-controls={tab === selected ? panelId(tab) : undefined}
            aria-selected={tab === selected}
            className={cn(
              'relative flex min-h-11 md:min-h-10 shrink-0 cursor-pointer items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-stone-700 outline-none',
              'hover:bg-white/60 aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm focus-visible:ring-3 focus-visible:ring-brand-500/50',
            )}
          >
            {labels[tab]}
          </a>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className="rounded-xl outline-none focus-visible:ring-3 focus-visible:ring-brand-500/40"
      >
        {children}
      </div>
    </div>
  );
}
