import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Language } from '~/shared/schemas/preferences';
import { getStoredParent } from '../../lib/parent-session';
import { documentLanguage } from '../../lib/portal-catalogue';
import { trpc } from '../../lib/trpc';

/**
 * The parent dashboard's one request, shared by the route's loader and the dashboard. Apart from the component:
 * whatever a route's loader imports is loaded by every page, while the dashboard is a chunk of its own.
 * Fresh for 30 seconds (docs/product.md §9): a page the server rendered with it is not asked for again as it hydrates.
 */
export const dashboardQuery = (childId: string | null) => ({ ...trpc.parentPortal.dashboard.queryOptions({ childId }), staleTime: 30_000 });

/**
 * The signed-in parent (the greeting's name). The record kept in browser storage at sign-in; a page the server
 * rendered for the parent carries the server's record in its state instead, so React hydrates with the same name.
 * Asked of the server (parentAuth.me) only when neither has it.
 */
export const signedInParentQuery = () => ({
  ...trpc.parentAuth.me.queryOptions(),
  initialData: () => getStoredParent() ?? undefined,
  staleTime: Number.POSITIVE_INFINITY,
});

/** The parent's preferences: asked for by the Preferences dialog, which puts what it saves here. */
export const preferencesQuery = () => ({ ...trpc.parentPortal.preferences.queryOptions(), staleTime: 0 });

/**
 * The portal's language (ADR 047), as the dashboard decides it: what the Preferences dialog saved, else
 * what the dashboard's answer for `childId` says (the server's render has it, and so does the page it hydrates),
 * else the page's own `lang`. Read from the cache without a query of its own: the site header (NavBar) follows it.
 */
export function usePortalLanguage(childId: string | null): Language {
  const client = useQueryClient();
  const read = () =>
    client.getQueryData(preferencesQuery().queryKey)?.language ??
    client.getQueryData(dashboardQuery(childId).queryKey)?.language ??
    documentLanguage();
  return useSyncExternalStore(client.getQueryCache().subscribe, read, read);
}
