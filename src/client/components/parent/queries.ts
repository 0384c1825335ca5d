import { trpc } from '../../lib/trpc';

/**
 * The parent dashboard's one request, shared by the route's loader and the dashboard. Apart from the component:
 * whatever a route's loader imports is loaded by every page, while the dashboard is a chunk of its own.
 */
export const dashboardQuery = (childId: string | null) => trpc.parentPortal.dashboard.queryOptions({ childId });
