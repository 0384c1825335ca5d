// First: zod's setting must be in place before any schema is built (see the file).
import './lib/zod-config';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import superjson from 'superjson';
import { announcementsQuery, eventsQuery } from './components/events/queries';
import { galleryQuery } from './components/home/queries';
import { trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/**
 * The server render of the home page (ADR 011), built by `npm run build:ssr` into dist/ssr and imported by the
 * server when present. The page's live data (gallery, events, announcements) is read at request time through
 * the server's tRPC caller and given to the render; the same answers go into the page as JSON (a data block,
 * never executed: the CSP stays strict) for main.tsx to put in its cache before hydrating, so the first render
 * in the browser is the server's, item for item.
 */
export interface HomeData {
  gallery: unknown;
  events: unknown;
  announcements: unknown;
}

/** Paths rendered on the server; every other path is the single-page app's shell. */
export const SERVER_RENDERED = ['/'] as const;

export async function render(path: string, data: HomeData): Promise<{ html: string; state: string }> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(galleryQuery().queryKey, data.gallery as never);
  queryClient.setQueryData(eventsQuery().queryKey, data.events as never);
  queryClient.setQueryData(announcementsQuery().queryKey, data.announcements as never);
  const router = createRouter({ routeTree, context: { queryClient, trpc }, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { html, state: superjson.stringify(dehydrate(queryClient)) };
}
