import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import type { AppRouter } from '../../server/routers/_app';

/** SPEC.md §7 "Default data behaviour": no retries, no refetch on focus, no polling, never stale by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', transformer: superjson, maxItems: TRPC_MAX_BATCH, fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Cache times of SPEC.md §9. */
export const CACHE = {
  gallery: 2 * 60 * 1000,
  events: 5 * 60 * 1000,
  announcements: 5 * 60 * 1000,
} as const;

/** The message of an error from a tRPC call or fetch, for a toast. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}
