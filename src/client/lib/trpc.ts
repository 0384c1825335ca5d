import { hashKey, MutationCache, QueryCache, QueryClient, type Mutation } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { TRPC_MAX_BATCH } from '../../shared/constants';
import type { AppRouter } from '~/server/routers/_app';
import { forgetOfflineCopies } from './offline';
import { getParentToken } from './parent-session';
import { trpcProcedures } from '../sw/rules';

const SESSION_PROCEDURES = new Set(['adminAuth.login', 'adminAuth.logout', 'parentAuth.login', 'parentAuth.logout']);
/** Whether a tRPC address names a sign-in or a sign-out. */
function signsInOrOut(url: string): boolean {
  return (trpcProcedures(new URL(url, window.location.origin).pathname) ?? []).some((p) => SESSION_PROCEDURES.has(p));
}

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

/** Whether a tRPC error says the caller has no (or the wrong kind of) session. */
export function isUnauthorized(error: unknown, statuses: readonly number[] = [401, 403]): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && statuses.includes(status);
}

/** True when the server answered 404: a record that is not the caller's, or is no longer there. */
export function isNotFound(error: unknown): boolean {
  return httpStatusOf(error) === 404;
}

const httpStatusOf = (error: unknown) => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;

const sessionEndedListeners = new Set<() => void>();
/**
 * Runs `listener` whenever a call answers 401: the staff or parent session expired or was ended elsewhere.
 * main.tsx registers the one listener (lib/session-ended.ts) that signs out and goes to the right sign-in
 * page. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}
/** Tells the listeners when `error` is a 401. For calls outside tRPC too (the gallery upload). */
export function notifySessionEnded(error: unknown) {
  if (isUnauthorized(error, [401])) for (const listener of sessionEndedListeners) listener();
}

/**
 * A failed sign-in is a 401 too, but it means "wrong password", not "your session ended". The key is the one
 * `trpc.adminAuth.login.mutationOptions()` sets (written out: naming `trpc` here would make its type circular).
 */
const SIGN_IN_KEYS = new Set([
  hashKey([['adminAuth', 'login']]),
  hashKey([['parentAuth', 'login']]),
  hashKey([['parentAuth', 'changePassword']]),
]);
function isSignIn(mutation: Mutation<unknown, unknown, unknown>) {
  const key = mutation.options.mutationKey;
  return key !== undefined && SIGN_IN_KEYS.has(hashKey(key));
}

/**
 * docs/product.md §7 "Default data behaviour": no retries, no refetch on focus, no polling, never stale by default.
 * Every query and mutation reports a 401 here, in one place, whichever component made it.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifySessionEnded }),
  mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => isSignIn(mutation) || notifySessionEnded(error) }),
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
      fetch: async (url, init) => {
        const response = await fetch(url, { ...init, credentials: 'include' });
        // Any sign-in or sign-out that went through, staff's too (whose pages the portal's worker does not see),
        // drops every parent's offline copy in this browser (ADR 067).
        if (response.ok && signsInOrOut(String(url))) await forgetOfflineCopies();
        return response;
      },
      // docs/product.md §6: a parent's stored token goes out as a bearer header (staff are known by their cookie).
      headers: () => {
        const token = getParentToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Cache times of docs/product.md §9. */
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
