import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** How TanStack Router's code splitting names a route's component chunk in the manifest. */
export const ROUTE_CHUNK_SUFFIX = '?tsr-split=component';

/**
 * The manifest keys of the chunks named by `keys` and of everything they import statically, all the way down:
 * what the browser must load before they run. (The size budget of tests/e2e/size-budget.spec.ts reads it too.)
 */
export function staticClosure(manifest: Readonly<Record<string, ManifestChunk>>, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

/** The manifest keys of everything a page of the app loads before it works: the main script and the route's chunks. */
export function pageClosure(manifest: Readonly<Record<string, ManifestChunk>>, routeKeys: readonly string[]): Set<string> {
  return staticClosure(manifest, ['index.html', ...routeKeys]);
}

/**
 * The files of a page of the app that the main script does not name itself: its imports, the route's component
 * chunk (split off by the router plugin) and every chunk that imports, as `/assets/...` paths.
 *
 * Without them the browser learns of the page's code only once the main script has run and the router asked
 * for it: one more round trip in a row before the page can be rendered. A page the browser renders names them in its
 * head (`modulePreloadTags`); the pages the server renders are documents with scripts of their own (ADR 072).
 * Paths are matched to route files the way the router's file naming does (`/` → routes/index.tsx, `/events` →
 * routes/events.tsx or routes/events/index.tsx); an unknown path gets none.
 *
 * Throws when a client build is there but its manifest is not as this reads it (no `index.html`, or no route
 * chunk named with `ROUTE_CHUNK_SUFFIX`): every page would otherwise lose its preloads without a sound.
 */
export function createRoutePreloads(clientDir: string): (path: string) => readonly string[] {
  const manifest = readManifest(clientDir);
  if (!manifest) return () => [];
  if (!manifest['index.html'])
    throw new Error(`${manifestPath(clientDir)} has no 'index.html' entry: the build's manifest keys changed. Update pages/preload.ts.`);
  if (!Object.keys(manifest).some((k) => k.startsWith('routes/') && k.endsWith(ROUTE_CHUNK_SUFFIX))) {
    throw new Error(
      `${manifestPath(clientDir)} names no route chunk 'routes/<file>${ROUTE_CHUNK_SUFFIX}': TanStack Router's code splitting changed how it names them. Update pages/preload.ts (ROUTE_CHUNK_SUFFIX).`,
    );
  }
  const chunks = manifest;

  // What index.html names itself (its script, and its own preloads if the build writes any) is not repeated.
  let template = '';
  try {
    template = readFileSync(resolve(clientDir, 'index.html'), 'utf8');
  } catch {
    // No built index.html: no pages are served anyway (app.ts).
  }
  const named = (k: string) => template.includes(`/${chunks[k]!.file}"`);

  const routeKeys = routeChunksByPath(chunks);
  const files = new Map<string, readonly string[]>();
  return (path) => {
    const known = files.get(path);
    if (known) return known;
    const name = path.replace(/^\/+|\/+$/g, '');
    // Only a plain route path (letters, digits, '-', '/'): anything else is not a page of ours.
    if (!/^[a-z0-9/-]*$/.test(name)) return [];
    const keys = routeKeys.get(name);
    if (!keys) return [];
    // The main script's imports too: the build writes no preloads of its own (vite.config.ts, modulePreload).
    const list = [...pageClosure(chunks, keys)].filter((k) => !named(k)).map((k) => `/${chunks[k]!.file}`);
    // Only the routes' paths are remembered (a few), never whatever path a request names.
    files.set(path, list);
    return list;
  };
}

/**
 * Each route's address (without its slashes) and the route chunks it needs: those of the pathless layout routes
 * it sits in (`routes/_staff.tsx` for `routes/_staff/admin/index.tsx`, at /admin), then its own. As the router's
 * file naming: a folder or file whose name starts with `_` adds nothing to the address, and `index` is the
 * folder's own address.
 */
function routeChunksByPath(chunks: Record<string, ManifestChunk>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const key of Object.keys(chunks)) {
    const file = /^routes\/(.+)\.tsx$/.exec(key.slice(0, -ROUTE_CHUNK_SUFFIX.length))?.[1];
    if (!key.endsWith(ROUTE_CHUNK_SUFFIX) || !file) continue;
    const segments = file.split('/');
    if (segments.at(-1)!.startsWith('_')) continue; // a layout route (or the root): no address of its own
    const layouts = segments
      .slice(0, -1)
      .map((_, i) => `routes/${segments.slice(0, i + 1).join('/')}.tsx${ROUTE_CHUNK_SUFFIX}`)
      .filter((k, i) => segments[i]!.startsWith('_') && chunks[k]);
    const named = segments.filter((segment) => !segment.startsWith('_'));
    if (named.at(-1) === 'index') named.pop();
    byPath.set(named.join('/'), [...layouts, key]);
  }
  return byPath;
}

/**
 * The files of the client build's entry `key` (a document page's own script, such as home.ts: pages/document-pages.ts),
 * as `/assets/...` paths: its own script first, then everything it imports. Empty when there is no client build
 * (API-only tests, development); throws when there is one without that entry, so a page is never served without
 * its script.
 */
export function entryFiles(clientDir: string, key: string): readonly string[] {
  const manifest = readManifest(clientDir);
  if (!manifest) return [];
  if (!manifest[key])
    throw new Error(
      `${manifestPath(clientDir)} has no entry '${key}': the client build does not make this document page's script (vite.config.ts reads pages/document-pages.ts), or its manifest keys changed. Rebuild with \`npm run build\`.`,
    );
  return [...staticClosure(manifest, [key])].map((k) => `/${manifest[k]!.file}`);
}

const manifestPath = (clientDir: string) => resolve(clientDir, '.vite/manifest.json');

/** Vite's build manifest of the client in `clientDir`, or null when there is no client build. Throws when it cannot be read. */
function readManifest(clientDir: string): Record<string, ManifestChunk> | null {
  const file = manifestPath(clientDir);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch (err) {
    throw new Error(`The client build's manifest ${file} cannot be read: ${(err as Error).message}`);
  }
}

/** `<link rel="modulepreload">` tags for `files`, for a page's head. */
export function modulePreloadTags(files: readonly string[]): string {
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('\n    ');
}
