import type { ComponentType } from 'react';
import type { ParentDashboardTab } from '~/shared/parent-dashboard-search';
import { getParentToken } from '../../lib/parent-session';
import type { RouterOutputs } from '../../lib/trpc';
import { lazyPortalPart, withPortalWords } from './portal-words';
import { TodayTab } from './TodayTab';

type Dashboard = RouterOutputs['parentPortal']['dashboard'];

/** What every tab is given: the dashboard's answer, its child (there is one) and the signed-in parent. */
export interface PortalTabProps {
  data: Dashboard;
  child: NonNullable<Dashboard['child']>;
  parent: RouterOutputs['parentAuth']['me'] | undefined;
  /** Opens another tab (a notice on Today sends the parent to the tab where it is dealt with). */
  openTab: (tab: ParentDashboardTab) => void;
}

/** A tab: its component, and `load`, which fetches its code (nothing for Today, which comes with the dashboard). */
export interface PortalTab {
  Tab: ComponentType<PortalTabProps>;
  load: () => Promise<unknown>;
}

/** A tab whose code is a chunk of its own, fetched when the tab is first opened (or by `load`, ahead of that). */
function lazyTab<M>(code: () => Promise<M>, pick: (module: M) => ComponentType<PortalTabProps>): PortalTab {
  return { Tab: lazyPortalPart(code, pick), load: withPortalWords(code) };
}

/**
 * The dashboard's tabs, one entry each (ADR 078, ADR 089). Today is what a parent opens the portal for, and the
 * only one in the dashboard's first load; every other tab is `lazyTab(() => import(...))`, so its code, words,
 * refusals and icons load when it is first opened, with the dashboard's loading state in its place. A new tab is one more
 * `lazyTab` line here (and its key in shared/parent-dashboard-search.ts): importing its module anywhere else puts it
 * back in the first load, which tests/e2e/size-budget.spec.ts refuses.
 */
export const PORTAL_TABS: Record<ParentDashboardTab, PortalTab> = {
  today: { Tab: TodayTab, load: () => Promise.resolve() },
  overview: lazyTab(
    () => import('./OverviewTab'),
    (m) => m.OverviewTab,
  ),
  activities: lazyTab(
    () => import('./ListTabs'),
    (m) => m.ActivitiesTab,
  ),
  notes: lazyTab(
    () => import('./ListTabs'),
    (m) => m.NotesTab,
  ),
  milestones: lazyTab(
    () => import('./MilestonesTab'),
    (m) => m.PortalMilestonesTab,
  ),
  health: lazyTab(
    () => import('./health/HealthTab'),
    (m) =>
      function HealthTab({ child }: PortalTabProps) {
        return <m.HealthTab childId={child.id} />;
      },
  ),
  communication: lazyTab(
    () => import('../communication/CommunicationCenter'),
    (m) =>
      function CommunicationTab({ data, child, parent }: PortalTabProps) {
        return <m.CommunicationCenter userType="parent" childId={child.id} parentEmail={parent?.email ?? ''} children={data.children} />;
      },
  ),
  payments: lazyTab(
    () => import('./ParentPayments'),
    (m) =>
      function PaymentsTab({ child, parent }: PortalTabProps) {
        return <m.ParentPayments childId={child.id} parentEmail={parent?.email ?? null} token={getParentToken()} />;
      },
  ),
};
