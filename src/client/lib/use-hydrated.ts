import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page the server rendered (the first render must match the server's HTML), true from
 * the render after, and at once on a page the browser renders itself. A server-rendered form disables its submit
 * button with it: before React has the page, pressing it (or Enter in a field) would send the form as a plain
 * POST that nobody reads, and what the family typed would be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
