import { createContext, useContext } from 'react';

/**
 * The site's public origin as the server knows it (config.publicUrl): given by the server render
 * (entry-server.tsx); in the browser, the page's own origin.
 */
export const PublicOriginContext = createContext<string | null>(null);

/** The public origin, or null while neither the server render nor a browser gives one. */
export function usePublicOrigin(): string | null {
  return useContext(PublicOriginContext) ?? (typeof window === 'undefined' ? null : window.location.origin);
}
