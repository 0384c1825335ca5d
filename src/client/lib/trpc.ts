import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import type { AppRouter } from '../../server/routers/_app';
import { getParentToken } from './parent-session';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** Whether a tRPC error says the caller has no (or the wrong kind of) session. */
export function isUnauthorized(error: unknown, statuses: readonly number[] = [401, 403]): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return status !== undefined && statuses.includes(status);
}

const sessionEndedListeners = new Set<() => void>();
/** Runs `listener` whenever a call answers 401: the session expired or was ended elsewhere. Returns the unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}
function notifySessionEnded(error: unknown) {
  if (isUnauthorized(error, [401])) for (const listener of sessionEndedListeners) listener();
}

/** SPEC.md §7 "Default data behaviour": no retries, no refetch on focus, no polling, never stale by default. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifySessionEnded }),
  mutationCache: new MutationCache({ onError: notifySessionEnded }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/api/trpc',
      transformer: superjson,
      maxItems: TRPC_MAX_BATCH,
      fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
      // SPEC.md §6: a parent's stored token goes out as a bearer header (staff are known by their cookie).
      headers: () => {
        const token = getParentToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
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
