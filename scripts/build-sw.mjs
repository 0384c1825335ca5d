// `npm run build:client` (after vite build): the parent portal's service worker (src/client/sw/sw.ts, ADR 051)
// compiled to one classic script at the client build's root, dist/client/sw.js, so it may control /parent pages.
// Its shell cache is named after a hash of the build's file list (.vite/manifest.json): a new build is a new cache.
// Usage: node scripts/build-sw.mjs [dir]   (default: dist/client, or CLIENT_OUT_DIR)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const dir = resolve(process.argv[2] ?? process.env.CLIENT_OUT_DIR ?? 'dist/client');
const version = createHash('sha256')
  .update(readFileSync(resolve(dir, '.vite/manifest.json')))
  .digest('hex')
  .slice(0, 12);

await build({
  entryPoints: [resolve(import.meta.dirname, '../src/client/sw/sw.ts')],
  outfile: resolve(dir, 'sw.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  define: { SHELL_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
});
console.log(`Service worker built: ${resolve(dir, 'sw.js')} (shell ${version})`);
