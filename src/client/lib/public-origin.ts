import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The site's public origin as the server knows it (config.publicUrl): given by the server render
 * (entry-server.tsx); in the browser, the page's own origin.
 */
export const PublicOriginContext = createContext<string | null>(null);

const never = () => () => {};

/**
 * The public origin, or null while neither the server render nor a browser gives one. While React hydrates a page
 * the server drew without one (the parent dashboard), it is null as it was there, and the browser's follows at once:
 * a link built from it never makes the hydrated page differ from the server's (tests/e2e/parent-dashboard-render.spec.ts).
 */
export function usePublicOrigin(): string | null {
  const given = useContext(PublicOriginContext);
  const browser = useSyncExternalStore(
    never,
    () => window.location.origin,
    () => null,
  );
  return given ?? browser;
}
