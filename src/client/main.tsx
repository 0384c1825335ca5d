// First: zod's setting must be in place before any schema is built (see the file).
import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signOutWhenSessionEnds } from './lib/session-ended';
import { queryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import './styles.css';

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: 'intent',
  // Loaders hand their data to TanStack Query, which owns freshness (SPEC.md §9 cache times).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

signOutWhenSessionEnds(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
