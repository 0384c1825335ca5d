/**
 * The parent dashboard's address: `/parent-dashboard?child={id}&tab={tab}`. The child chosen and the tab open
 * are in the address, so a reload, a bookmark or the Back button finds the parent where they were, and the
 * server renders the page a signed-in parent asked for (server/pages/render.ts). One reading for the route and
 * the server. A plain function, not a zod schema: the route definitions are loaded by every page.
 */
/** The Today tab comes first: the child's day is what a parent opens the portal for. */
export const PARENT_DASHBOARD_TABS = [
  'today',
  'overview',
  'activities',
  'notes',
  'milestones',
  'health',
  'communication',
  'payments',
] as const;
export type ParentDashboardTab = (typeof PARENT_DASHBOARD_TABS)[number];

export interface ParentDashboardSearch {
  /** The child shown; none: the first of the parent's children. */
  child?: string;
  /** The tab open; none: Today. */
  tab?: Exclude<ParentDashboardTab, 'today'>;
}

/** An id as the server makes them (a UUID), nothing else: anything else in the address is ignored. */
const CHILD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parentDashboardSearch(search: Record<string, unknown>): ParentDashboardSearch {
  const child = typeof search.child === 'string' && CHILD_ID.test(search.child) ? search.child : undefined;
  const tab = PARENT_DASHBOARD_TABS.find((t) => t !== 'today' && t === search.tab) as ParentDashboardSearch['tab'];
  return { ...(child ? { child } : {}), ...(tab ? { tab } : {}) };
}

/**
 * Where a parent lands once signed in: the dashboard, at the tab they asked for before the sign-in
 * (`/parent-login?redirect={tab}`, as the staff's `/admin/login?redirect={tab}`). Only a known tab is kept, and the
 * path is always the dashboard's: the parameter can never send anyone to another page or site.
 */
export function dashboardAfterSignIn(redirect: unknown): string {
  const tab = parentDashboardSearch({ tab: redirect }).tab;
  return tab ? `/parent-dashboard?tab=${tab}` : '/parent-dashboard';
}
