import type { Plugin } from 'vite';

/**
 * Lines of React Aria changed when the client is built (ADR 015): three so that adopting a server-drawn page does
 * not draw React Aria's components a second time at once, and three so that opening a page does not make the
 * browser build language data that nothing on it uses.
 *
 * **Hydration.** React Aria asks "is this the server, or a page being hydrated?" through `useIsSSR()`, a
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
 * - `CollectionRoot` (a select's options) is built on the server's path while hydrating, then drawn through a
 *   portal that fills the collection from then on. It now knows it is hydrating from its collection's document
 *   (`doc.isSSR`, set when React asks the store's server snapshot), and moves to the portal in a transition asked
 *   for from a layout effect, so the move is drawn in slices after the page's effects, not synchronously with
 *   them; any drawing after that layout effect (a form taking what was typed before, from its own) takes the
 *   portal, as before.
 *
 * **Language data.** The first `Intl` object of a kind makes the browser build that kind's data from its ICU
 * library: 15-20 ms of a desktop's CPU for the first, 10 ms more for the next kind (60-80 ms and 40 ms on
 * Lighthouse's phone), each in one piece, in whatever task asks. React Aria asked three times on every page with
 * a select, for nothing it then used:
 *
 * - its i18n module, when it first runs, checks the default locale with `Intl.DateTimeFormat.supportedLocalesOf`
 *   and asks `Intl.Locale` for its writing direction. With the locale the app sets, 'en-US' (React Aria's own
 *   fallback, so known to be valid, and written left to right), it now answers at once;
 * - every select makes an `Intl.Collator` (`useCollator`), used only when someone types to jump to an option;
 * - every select's value makes an `Intl.ListFormat` (`useListFormatter`), used only to list the choices of a
 *   select that takes several (this site has none).
 *
 * The collator and the list formatter are now made the first time one of their methods is called (`lazyIntl`).
 *
 * Each change must find exactly the code it replaces: if an upgrade of react-aria changes it, the build stops
 * with this plugin's name and the file, instead of quietly shipping the slow path.
 */

/** JavaScript for a stand-in that makes an `Intl` object with `create` when one of its methods is first called. */
const lazyIntl = (create: string) =>
  `((made) => new Proxy({}, { get: (_, key) => { made ??= ${create}; const value = made[key]; return typeof value === 'function' ? value.bind(made) : value; } }))()`;

export const REACT_ARIA_PATCHES = [
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
  {
    file: /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/,
    find: /try \{\s*Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);/,
    replace: "if (locale === 'en-US') return { locale: locale, direction: 'ltr' };\n    $&",
  },
  {
    file: /\/react-aria\/dist\/private\/i18n\/useCollator\.mjs$/,
    find: /let formatter = new Intl\.Collator\(locale, options\);/,
    replace: `let formatter = ${lazyIntl('new Intl.Collator(locale, options)')};`,
  },
  {
    file: /\/react-aria\/dist\/private\/i18n\/useListFormatter\.mjs$/,
    find: /\(\)=>new Intl\.ListFormat\(locale, options\)/,
    replace: `()=>${lazyIntl('new Intl.ListFormat(locale, options)')}`,
  },
  // Hydration, continued (ADR 015, second addendum): a select's options move to their portal in a transition.
  {
    file: /\/react-aria\/dist\/private\/collections\/CollectionBuilder\.mjs$/,
    find: /return \(0, \$\w+\$export\$\w+\)\(\) \? (\/\*#__PURE__\*\/ \(0, (\$\w+\$react)\)\.createElement\(\$\w+\$var\$SSRContext\.Provider, \{)/,
    replace: `let ssr = $2.useRef(null);
    if (ssr.current === null) ssr.current = typeof window === 'undefined' || doc.isSSR;
    let [, setPortal] = $2.useState(false);
    $2.useLayoutEffect(()=>{
        if (!ssr.current) return;
        ssr.current = false;
        $2.startTransition(()=>setPortal(true));
    }, []);
    return ssr.current ? $1`,
  },
] as const;

/**
 * The patched source of the module at `id` and which patches it took, or null when no patch is for that file.
 * Throws if one is for that file but does not find its code exactly once.
 */
export function patchReactAria(code: string, id: string): { code: string; patches: number[] } | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const patches = REACT_ARIA_PATCHES.flatMap((p, i) => (p.file.test(path) ? [i] : []));
  if (patches.length === 0) return null;
  for (const i of patches) {
    const { find, replace } = REACT_ARIA_PATCHES[i]!;
    const found = code.match(new RegExp(find.source, 'g'))?.length ?? 0;
    if (found !== 1) throw new Error(`react-aria-patches: expected ${find} once in ${path}, found it ${found} times. See ADR 015.`);
    code = code.replace(find, replace);
  }
  return { code, patches };
}

export function reactAriaPatches(): Plugin {
  const patched = new Set<number>();
  return {
    name: 'react-aria-patches',
    // Build only: the dev server pre-bundles dependencies without plugins, and runs React Aria as published.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const out = patchReactAria(code, id);
      if (out === null) return null;
      for (const i of out.patches) patched.add(i);
      return { code: out.code, map: null };
    },
    buildEnd(error) {
      // A client build that bundles React Aria must have made every change (a build without React Aria, such as
      // one that externalizes node_modules, has nothing to change).
      if (error || patched.size === 0 || patched.size === REACT_ARIA_PATCHES.length) return;
      this.error(`react-aria-patches: made ${patched.size} of its ${REACT_ARIA_PATCHES.length} changes. See ADR 015.`);
    },
  };
}
