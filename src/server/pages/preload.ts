import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { logger } from '../logger';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The manifest keys of the chunks named by `keys` and of everything they import statically, all the way down:
 * what the browser must load before they run. (The size budget of tests/e2e/size-budget.spec.ts reads it too.)
 * In the order found (each chunk before what it imports) or, with `dependenciesFirst`, in the order their code
 * runs: each chunk after every chunk it imports.
 */
export function staticClosure(manifest: Readonly<Record<string, ManifestChunk>>, keys: readonly string[], { dependenciesFirst = false } = {}): Set<string> {
  const seen = new Set<string>();
  const ordered = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
    ordered.add(key);
  };
  keys.forEach(visit);
  return dependenciesFirst ? ordered : seen;
}

/**
 * What main.tsx imports as it starts, each in a task of its own (`start` in main.tsx): React DOM, by the key
 * Vite's manifest gives it. Loaded on every page the app adopts or draws, so part of every page's code.
 */
export const STARTUP_IMPORTS = ['../../node_modules/react-dom/client.js'] as const;

/**
 * The manifest keys of everything a page of the app loads before it works: the main script with what it imports
 * statically and as it starts (`STARTUP_IMPORTS`), and the route's chunks (`routeKeys`), all the way down.
 */
export function pageClosure(manifest: Readonly<Record<string, ManifestChunk>>, routeKeys: readonly string[], options?: { dependenciesFirst?: boolean }): Set<string> {
  return staticClosure(manifest, ['index.html', ...STARTUP_IMPORTS, ...routeKeys], options);
}

/**
 * The files of a page's code that the main script does not name itself: the main script's imports (`pageClosure`),
 * its route's component chunk (split off by the router plugin) and every chunk that imports, as `/assets/...` paths.
 *
 * Without them the browser learns of the page's code only once the main script has run and the router asked
 * for it: on a phone over a mobile network, one more round trip and download in a row before the page can be
 * hydrated (or, for the signed-in pages, drawn at all). A page the browser draws names them in its head
 * (`modulePreloadTags`); a server-drawn page asks for them after its first paint (`boot.ts`). Paths are matched
 * to route files the way the router's file naming does (`/` → routes/index.tsx, `/events` → routes/events.tsx or
 * routes/events/index.tsx); an unknown path gets none.
 *
 * In the order their code runs, each chunk after those it imports: main.tsx runs them in that order, one a task
 * (`runPageCode`).
 */
export function createRoutePreloads(clientDir: string): (path: string) => readonly string[] {
  const manifest = readManifest(clientDir);
  if (!manifest?.['index.html']) return () => [];
  const chunks = manifest;

  // What index.html names itself (its script, and its own preloads if the build writes any) is not repeated.
  let template = '';
  try {
    template = readFileSync(resolve(clientDir, 'index.html'), 'utf8');
  } catch {
    // No client build: nothing to preload anyway.
  }
  const named = (k: string) => template.includes(`/${chunks[k]!.file}"`);

  const files = new Map<string, readonly string[]>();
  return (path) => {
    const known = files.get(path);
    if (known) return known;
    const name = path.replace(/^\/+|\/+$/g, '');
    // Only a plain route path (letters, digits, '-', '/'): anything else is not a page of ours.
    if (!/^[a-z0-9/-]*$/.test(name)) return [];
    const key = [name === '' ? 'routes/index.tsx' : `routes/${name}.tsx`, `routes/${name}/index.tsx`].map((route) => `${route}?tsr-split=component`).find((k) => chunks[k]);
    if (!key) return [];
    // The main script's imports too: the build writes no preloads of its own (vite.config.ts, modulePreload).
    const list = [...pageClosure(chunks, [key], { dependenciesFirst: true })].filter((k) => !named(k)).map((k) => `/${chunks[k]!.file}`);
    // Only the routes' paths are remembered (a few), never whatever path a request names.
    files.set(path, list);
    return list;
  };
}

/**
 * The files of the client build's entry `key` (a second input beside index.html, such as home.ts: vite.config.ts),
 * as `/assets/...` paths: its own script first, then everything it imports. Empty when the build has no such
 * entry (an older build, or none).
 */
export function entryFiles(clientDir: string, key: string): readonly string[] {
  const manifest = readManifest(clientDir);
  if (!manifest?.[key]) return [];
  return [...staticClosure(manifest, [key])].map((k) => `/${manifest[k]!.file}`);
}

/** Vite's build manifest of the client in `clientDir`, or null when there is none or it cannot be read. */
function readManifest(clientDir: string): Record<string, ManifestChunk> | null {
  const file = resolve(clientDir, '.vite/manifest.json');
  try {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch (err) {
    logger.warn({ err }, 'the build manifest could not be read: pages are served without route preloads, and the home page as the app');
  }
  return null;
}

/** `<link rel="modulepreload">` tags for `files`, for a page's head. */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('\n    ');
}
