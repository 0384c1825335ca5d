import { trpc } from '../../lib/trpc';

/**
 * The milestones page's lists, shared by the route's loader, the page and the server render (entry-server.tsx).
 * Apart from the components: whatever a route's loader imports is loaded by every page.
 */
export const milestonesQuery = () => trpc.milestones.list.queryOptions();
export const achievementsQuery = () => trpc.achievements.list.queryOptions();
export const recentQuery = () => trpc.achievements.recent.queryOptions();
