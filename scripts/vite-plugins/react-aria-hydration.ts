import type { Plugin } from 'vite';

/**
 * Two lines of React Aria changed at build time, so that adopting a server-drawn page does not draw every
 * React Aria component a second time (ADR 015).
 *
 * React Aria asks "is this the server, or a page being hydrated?" through `useIsSSR()`, a
 * `useSyncExternalStore` whose server answer (true) differs from the browser's (false). React answers such a
 * store with the server's value while hydrating, then, finding the value changed, draws the component again
 * at once, synchronously, in the same task as the hydration's commit. Two callers ask on every render of
 * nearly every component:
 *
 * - `useId` (through `useSSRSafeId`) keeps the answer in state only to choose its ids' prefix: ids made while
 *   hydrating must match the server's, and ids made in the browser get a random prefix so that two copies of
 *   React Aria on one page cannot collide. This app has one copy and one React root, so every id takes the
 *   server's form, and `useId` no longer asks.
 * - `useDefaultLocale` answers 'en-US' on the server and while hydrating, then the browser's language. The app
 *   makes the browser's answer 'en-US' too, before React Aria loads (src/client/lib/aria-locale.ts: all its text
 *   is American English), so the answer is the same either way, and it asks only whether it runs on the server.
 *
 * Each change must find exactly the code it replaces: if an upgrade of react-aria changes it, the build stops
 * with this plugin's name and the file, instead of quietly shipping the slow path.
 */
export const REACT_ARIA_HYDRATION_PATCHES = [
  {
    file: /\/react-aria\/dist\/private\/ssr\/SSRProvider\.mjs$/,
    find: /let \[didSSR\] = \(0, \$\w+\$useState\)\(\$\w+\$export\$\w+\(\)\);/,
    replace: 'let didSSR = true;',
  },
  {
    file: /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/,
    find: /let isSSR = \(0, \$\w+\$export\$\w+\)\(\);/,
    replace: "let isSSR = typeof window === 'undefined';",
  },
] as const;

/**
 * The patched source of the module at `id` and which patch it took, or null when no patch is for that file.
 * Throws if one is for that file but does not find its code exactly once.
 */
export function patchReactAria(code: string, id: string): { code: string; patch: number } | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const patch = REACT_ARIA_HYDRATION_PATCHES.findIndex((p) => p.file.test(path));
  if (patch === -1) return null;
  const { find, replace } = REACT_ARIA_HYDRATION_PATCHES[patch]!;
  const found = code.match(new RegExp(find.source, 'g'))?.length ?? 0;
  if (found !== 1) throw new Error(`react-aria-hydration: expected ${find} once in ${path}, found it ${found} times. See ADR 015.`);
  return { code: code.replace(find, replace), patch };
}

export function reactAriaHydration(): Plugin {
  const patched = new Set<number>();
  return {
    name: 'react-aria-hydration',
    // Build only: the dev server pre-bundles dependencies without plugins, and runs React Aria as published.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const out = patchReactAria(code, id);
      if (out === null) return null;
      patched.add(out.patch);
      return { code: out.code, map: null };
    },
    buildEnd(error) {
      // A client build that bundles React Aria must have met both files (a build without them, such as one
      // that externalizes node_modules, has nothing to patch).
      if (error || patched.size === 0 || patched.size === REACT_ARIA_HYDRATION_PATCHES.length) return;
      this.error(`react-aria-hydration: patched ${patched.size} of ${REACT_ARIA_HYDRATION_PATCHES.length} files. See ADR 015.`);
    },
  };
}
