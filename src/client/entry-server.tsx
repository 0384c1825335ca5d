// First: zod's setting must be in place before any schema is built (see the file).
import './lib/zod-config';
// Then every catalogue, before the routes that read them.
import './lib/server-catalogues';
import { dehydrate, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import superjson from 'superjson';
import { centreDateOf } from '../shared/centre-time';
import { parentDashboardSearch } from '../shared/parent-dashboard-search';
import type { PageList } from '../shared/public-pages';
import { announcementsQuery, eventsQuery } from './components/events/queries';
import { PublicOriginContext } from './components/events/SubscribeToCalendar';
import { galleryQuery } from './components/home/queries';
import { achievementsQuery, milestonesQuery, recentQuery } from './components/milestones/queries';
import { dashboardQuery, signedInParentQuery } from './components/parent/queries';
import { centreTodayQuery } from './lib/centre-today';
import { type RouterOutputs, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/**
 * The server render of the public pages (ADR 011), built by `npm run build:ssr` into dist/ssr and imported by the
 * server when present. A page's live data is read at request time through the server's tRPC caller, as an
 * anonymous visitor, and given to the render; the same answers go into the page as JSON (a data block, never
 * executed: the CSP stays strict) for main.tsx to put in its cache before hydrating, so the first render in the
 * browser is the server's, item for item.
 */

/** Paths rendered on the server, with the public lists each one renders; every other page is the app's shell. */
export const SERVER_RENDERED: Readonly<Record<string, readonly PageList[]>> = {
  '/': ['gallery.list', 'events.list', 'announcements.list'],
  '/events': ['events.list', 'announcements.list'],
  '/milestones': ['milestones.list', 'achievements.list', 'achievements.recent'],
  // Their Spanish twins: the same pages and data, in the address's language.
  '/es': ['gallery.list', 'events.list', 'announcements.list'],
  '/es/events': ['events.list', 'announcements.list'],
  '/es/milestones': ['milestones.list', 'achievements.list', 'achievements.recent'],
};

/**
 * The centre's public profile, set by the server before each render (this bundle has its own copy of the module
 * that holds it: shared/page-centre.ts, ADR 090).
 */
export { setPageCentre } from '../shared/page-centre';

/** The form pages, rendered per request as documents (ADR 037; server/pages/forms.ts). */
export { renderEnrollmentPage, renderParentLoginPage } from './form-pages';

/** Server-rendered pages whose render depends on the address's query string: a render is cached per path. */
export const DRAWN_WITHOUT_QUERY_ONLY: readonly string[] = [];

/** The cache entry each list fills: the key the pages' own queries read. */
const QUERY_KEYS: Record<PageList, () => QueryKey> = {
  'gallery.list': () => galleryQuery().queryKey,
  'events.list': () => eventsQuery().queryKey,
  'announcements.list': () => announcementsQuery().queryKey,
  'milestones.list': () => milestonesQuery().queryKey,
  'achievements.list': () => achievementsQuery().queryKey,
  'achievements.recent': () => recentQuery().queryKey,
};

const newRouter = (path: string, queryClient: QueryClient) =>
  createRouter({ routeTree, context: { queryClient, trpc }, history: createMemoryHistory({ initialEntries: [path] }) });

const knownPaths = new Set(Object.keys(newRouter('/', new QueryClient()).routesByPath));

/** Whether no route answers `path`: the not-found page, the same for every such path (and nothing from the data). */
export function isNotFound(path: string): boolean {
  return !knownPaths.has(path) && !knownPaths.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

export async function render(
  path: string,
  data: Partial<Record<PageList, unknown>>,
  /** The site's public origin (config.publicUrl): the events pages' calendar feed links are built from it. */
  origin: string | null = null,
): Promise<{ html: string; state: string }> {
  const queryClient = newQueryClient();
  for (const [list, value] of Object.entries(data) as [PageList, unknown][]) queryClient.setQueryData(QUERY_KEYS[list](), value as never);
  const router = newRouter(path, queryClient);
  await router.load();
  const html = renderToString(<PublicOriginContext.Provider value={origin}>{app(queryClient, router)}</PublicOriginContext.Provider>);
  return { html, state: stateOf(queryClient) };
}

/**
 * The parent dashboard, rendered for the parent whose session cookie came with the request: their record (the
 * greeting) and the dashboard's first answer for the child the address names (`?child=`, read as the route reads
 * it), which `loadDashboard` reads on the server through the same procedure the page calls. The HTML is theirs
 * alone: the server sends it `no-store` and never caches it (server/pages/render.ts). Rendered to the end (prerender
 * waits for the parts loaded on demand, as the child select), so that React in the browser hydrates every part.
 */
export async function renderParentDashboard(
  href: string,
  parent: RouterOutputs['parentAuth']['me'],
  loadDashboard: (childId: string | null) => Promise<RouterOutputs['parentPortal']['dashboard']>,
): Promise<{ html: string; state: string }> {
  const queryClient = newQueryClient();
  queryClient.setQueryData(signedInParentQuery().queryKey, parent);
  const router = newRouter(href, queryClient);
  const childId = parentDashboardSearch(router.state.location.search).child ?? null;
  queryClient.setQueryData(dashboardQuery(childId).queryKey, await loadDashboard(childId));
  await router.load();
  // progressiveChunkSize: React would move a large part out of order, behind an inline script the CSP refuses.
  const { prelude } = await prerender(app(queryClient, router), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return { html: await new Response(prelude).text(), state: stateOf(queryClient) };
}

const newQueryClient = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  // The day the page is rendered for travels with its data: the browser hydrates with the same one (lib/centre-today.ts).
  queryClient.setQueryData(centreTodayQuery().queryKey, centreDateOf(new Date()));
  return queryClient;
};

const app = (queryClient: QueryClient, router: ReturnType<typeof newRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

const stateOf = (queryClient: QueryClient) => superjson.stringify(dehydrate(queryClient));
