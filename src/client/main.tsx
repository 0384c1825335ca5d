// First: zod's setting must be in place before any schema is built (see the file).
import './lib/zod-config';
// Before React Aria's i18n module runs (see the file).
import './lib/aria-locale';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import superjson from 'superjson';
import { listenForDocumentBehaviour } from './lib/document-behaviour';
import { pageChunks, runPageCode, yieldToBrowser } from './lib/page-code';
import { signOutWhenSessionEnds } from './lib/session-ended';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import './styles.css';

/**
 * The app's router: made in a task of its own as the app starts (see `start`). `adopting`: the page is one the
 * server drew, which the reader may have scrolled before the app took it over (seconds, on a slow phone): its
 * first drawing leaves the scroll where it is, and every later one resets or restores it as usual.
 */
function makeRouter(adopting: boolean) {
  let leaveScroll = adopting;
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // Loaders hand their data to TanStack Query, which owns freshness (SPEC.md §9 cache times).
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
 * Starts the app a task at a time (ADR 011, fourth addendum). In one go, evaluating the app's code (React DOM
 * alone is 200 KB), making the router (20 ms of a desktop's CPU: its routes, the browser history) and adopting
 * the page's data held up a phone for 200 ms at once on Lighthouse's profile; in separate tasks, a tap that
 * comes meanwhile is answered between them.
 */
async function start() {
  // The phone menu and the home page's section links, as the home page's own script installs them (ADR 016):
  // they work before React has the page.
  listenForDocumentBehaviour();
  // React DOM is evaluated on its own as soon as it is there (a server-drawn page has preloaded it, pages/boot.ts),
  // while the router is made; it is fetched beside the route's code where it was not.
  const reactDom = import('react-dom/client');
  // A server-rendered page (entry-server.tsx, ADR 011) carries the data it was drawn with as JSON.
  const state = document.getElementById('ssr-state');
  await yieldToBrowser();
  const router = makeRouter(Boolean(state?.textContent));
  signOutWhenSessionEnds(router);
  await yieldToBrowser();
  // The route's code, a chunk per task, before the router asks for it all at once (lib/page-code.ts).
  await runPageCode(pageChunks(document));

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // A server-drawn page's data go into the cache first, then the route's code and loader (which find the data
  // fresh), then React takes over the markup.
  if (state?.textContent) {
    hydrate(queryClient, superjson.parse(state.textContent));
    // Marked as server-rendered, the router draws its matches as the server did (no Suspense boundary of its own).
    router.ssr = { manifest: undefined };
    await router.load();
    const { hydrateRoot } = await reactDom;
    // In a transition, React hydrates in slices of a few milliseconds, giving the phone back between them (a tap
    // or scroll is handled at once), instead of in one long task that blocks the page for hundreds of ms.
    startTransition(() => void hydrateRoot(root, app));
  } else {
    // A page the browser draws itself (the signed-in areas): in a transition too, so its first drawing is sliced.
    const { createRoot } = await reactDom;
    startTransition(() => createRoot(root).render(app));
  }
}

void start();
