/**
 * `npx tsx scripts/bundle-report.ts [--route parent-dashboard] [--top 40] [--modules]`: where the compressed JavaScript of an app
 * page's first load goes, per chunk and per package. Builds the client into a temporary folder (the same
 * vite.config.ts, with one more plugin that only reads what each chunk is made of), takes the page's first load from
 * that build's manifest as the size budget does (`pageClosure` in src/server/pages/preload.ts: the main script, the
 * route's chunks and their static imports), and prints:
 *  - each chunk of it, gzipped at level 9 as tests/e2e/size-budget.spec.ts counts it;
 *  - each package (or `src/...` folder) in it: a chunk's gzip bytes shared among its modules by their length
 *    before minifying, an estimate (gzip does not split), good for ranking what to cut.
 * No network; dist/ is left as it is.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { type ManifestChunk, pageClosure, ROUTE_CHUNK_SUFFIX } from '../src/server/pages/preload';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const route = arg('route', 'parent-dashboard');
const top = Number(arg('top', '40'));
/** `--modules`: each module on its own line rather than grouped by package or folder. */
const byModule = process.argv.includes('--modules');

/** A module's owner: its package under node_modules (`@scope/name`), or its folder under src/. */
function owner(id: string): string {
  const path = id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  const src = /\/src\/(.+)\/[^/]+$/.exec(path);
  if (src) return `src/${src[1]!}`;
  return path.startsWith('\0') ? '(bundler helpers)' : path.replace(/^.*\//, '');
}

const outDir = mkdtempSync(join(tmpdir(), 'bundle-report-'));
/** Each output file's modules and their lengths before minifying. */
const chunkModules = new Map<string, Map<string, number>>();
const reader: Plugin = {
  name: 'bundle-report',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const byOwner = new Map<string, number>();
      for (const [id, m] of Object.entries(chunk.modules)) {
        const name = byModule ? `${id.replace(/^.*node_modules\//, '').replace(resolve('.') + '/', '')}  (${chunk.fileName})` : owner(id);
        byOwner.set(name, (byOwner.get(name) ?? 0) + m.renderedLength);
      }
      chunkModules.set(chunk.fileName, byOwner);
    }
  },
};

try {
  process.env.CLIENT_OUT_DIR = outDir;
  await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn', plugins: [reader] });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const key = `routes/${route}.tsx${ROUTE_CHUNK_SUFFIX}`;
  if (!manifest[key]) throw new Error(`The build has no chunk '${key}'.`);
  const chunks = [...pageClosure(manifest, [key])].map((k) => {
    const file = manifest[k]!.file;
    return { key: k, file, gzip: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length };
  });
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);

  console.log(`/${route}'s first load: ${chunks.length} scripts, ${kb(total).trim()} KB gzip\n\nPer chunk:`);
  for (const c of chunks.sort((a, b) => b.gzip - a.gzip).slice(0, top)) console.log(`${kb(c.gzip)}  ${c.key}`);

  const packages = new Map<string, number>();
  for (const c of chunks) {
    const modules = chunkModules.get(c.file) ?? new Map<string, number>();
    const length = [...modules.values()].reduce((a, b) => a + b, 0);
    for (const [name, n] of modules) if (length > 0) packages.set(name, (packages.get(name) ?? 0) + (c.gzip * n) / length);
  }
  console.log('\nPer package or folder (estimated: each chunk shared by its modules, before minifying):');
  for (const [name, n] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${kb(n)}  ${name}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
