// `npm run build:client` (after vite build): the parent portal's service worker (src/client/sw/sw.ts, ADR 051)
// compiled to one classic script at the client build's root, dist/client/sw.js, so it may control /parent pages.
// Its shell cache is named after a hash of the build's file list (.vite/manifest.json): a new build is a new cache.
// It is given the files the parent dashboard can load (the app's entry and the dashboard route, with everything they
// import, and the chunks the dashboard loads later: its tabs, dialogs and the child picker), to keep at install:
// a tab opened for the first time offline still opens. Never the staff screens' chunks.
// Usage: node scripts/build-sw.mjs [dir]   (default: dist/client, or CLIENT_OUT_DIR)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const dir = resolve(process.argv[2] ?? process.env.CLIENT_OUT_DIR ?? 'dist/client');
const manifestText = readFileSync(resolve(dir, '.vite/manifest.json'), 'utf8');
const version = createHash('sha256').update(manifestText).digest('hex').slice(0, 12);

/** The dashboard's files: static imports and stylesheets of the roots, and the dashboard's own later chunks. */
function dashboardFiles(manifest) {
  const roots = Object.keys(manifest).filter((key) => key === 'index.html' || key.startsWith('routes/parent-dashboard.tsx'));
  if (roots.length < 2) throw new Error('build-sw: the manifest has no index.html or parent-dashboard route (vite.config.ts changed?)');
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const next of chunk.imports ?? []) visit(next);
    // The app's entry may load every route later (the staff screens among them): only the dashboard's are followed.
    if (key !== 'index.html') for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...files].sort();
}
const shellFiles = dashboardFiles(JSON.parse(manifestText));

await build({
  entryPoints: [resolve(import.meta.dirname, '../src/client/sw/sw.ts')],
  outfile: resolve(dir, 'sw.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  define: { SHELL_VERSION: JSON.stringify(version), SHELL_FILES: JSON.stringify(shellFiles) },
  logLevel: 'warning',
});
console.log(`Service worker built: ${resolve(dir, 'sw.js')} (shell ${version}, ${shellFiles.length} files)`);
