// First: zod's setting must be in place before any schema is built (see the file).
import './lib/zod-config';
// Before React Aria's i18n module runs (see the file).
import './lib/aria-locale';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import superjson from 'superjson';
import { listenToTabKeys } from './components/ui/tab-keys';
import { listenForDocumentBehaviour } from './lib/document-behaviour';
import { documentLanguage } from './lib/portal-catalogue';
import { loadCatalogue } from '../shared/i18n/registry';
import { signOutWhenSessionEnds } from './lib/session-ended';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import './styles.css';

/**
 * The app's router. `hydrating`: the app hydrates a page the
 * server rendered, which the reader may have scrolled before the app took it over (seconds, on a slow phone): its
 * first render leaves the scroll where it is, and every later one resets or restores it as usual.
 */
function makeRouter(hydrating: boolean) {
  let leaveScroll = hydrating;
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // Loaders hand their data to TanStack Query, which owns freshness (docs/product.md §9 cache times).
    defaultPreloadStaleTime: 0,
    scrollRestoration: () => {
      if (!leaveScroll) return true;
      leaveScroll = false;
      return false;
    },
    // A new page starts at its top, and Back finds the old one where it was, at once: left to the stylesheet's
    // smooth scrolling (meant for the home page's section links), the next page showed part-way down and then
    // scrolled up for most of a second, and Back scrolled a long page down from its top.
    scrollRestorationBehavior: 'instant',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

/**
 * Starts the app: the dashboards, and any page the app renders when a reader moves to it from within the app. The
 * public pages are documents with scripts of their own (ADR 018); the app still has their routes, rendered with the
 * same components.
 */
function start() {
  // What the pages' markup does in plain DOM, as the public pages' own scripts install it (ADR 016, ADR 018).
  listenForDocumentBehaviour();
  listenToTabKeys(document);
  // A server-rendered page (the parent's dashboard, the not-found page: entry-server.tsx) carries its data as JSON.
  const state = document.getElementById('ssr-state');
  const router = makeRouter(Boolean(state?.textContent));
  signOutWhenSessionEnds(router);

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // A server-rendered page's data go into the cache first, then the route's code and loader (which find the data
  // fresh), then React takes over the markup.
  if (state?.textContent) {
    hydrate(queryClient, superjson.parse(state.textContent));
    // Marked as server-rendered, the router renders its matches as the server did (no Suspense boundary of its own).
    router.ssr = { manifest: undefined };
    // In a transition, React hydrates in slices, giving the phone back between them.
    // A portal the server rendered is hydrated once the first view's words in its language (its <html lang>, ADR 047)
    // are here too, the site header's with them (ADR 089, ADR 108): each language's are a chunk of their own, so a
    // Spanish portal loads no English words. The rest, and the refusals, come with the tabs and dialogs that draw them.
    const language = documentLanguage();
    const words = Promise.all([loadCatalogue('portalToday', language), loadCatalogue('siteFrame', language)]);
    void Promise.all([router.load(), words]).then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    startTransition(() => createRoot(root).render(app));
  }
}

start();
