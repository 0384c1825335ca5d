#!/usr/bin/env node
/**
 * One-off codemod: rewrites relative imports to the `~/` alias (ADR 021) where they cross layers:
 *   - any relative import that climbs three folders or more (`../../../db/schema` -> `~/db/schema`);
 *   - any import from src/client into src/server, however short (`../../server/routers/_app` -> `~/server/routers/_app`).
 * `~/` is src/ and `~/db/` is db/; a target elsewhere (tests/, scripts/) is left as it is and listed.
 *
 *   node scripts/codemods/alias-imports.mjs            rewrite the files in place, print what changed
 *   node scripts/codemods/alias-imports.mjs --dry-run  print what would change, write nothing
 *   node scripts/codemods/alias-imports.mjs --check    exit 1 if anything would change (for CI, later)
 *
 * Import specifiers are found by pattern (static `import … from`, `export … from`, side-effect `import '…'`,
 * dynamic `import('…')`, `vi.mock('…')`), not by parsing: run the type check after it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv.find((a) => a.startsWith('--root='))?.slice('--root='.length) ?? join(import.meta.dirname, '../..'));
const dryRun = process.argv.includes('--dry-run') || process.argv.includes('--check');
const check = process.argv.includes('--check');

const FOLDERS = ['src', 'db', 'tests', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'migrations', 'codemods']);
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js)$/;
const GENERATED = /routeTree\.gen\.ts$/;
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.\.?\/[^'"]*)\2/g;

const srcDir = join(root, 'src');
const dbDir = join(root, 'db');
const clientDir = join(srcDir, 'client');
const serverDir = join(srcDir, 'server');

const inside = (dir, path) => path === dir || path.startsWith(dir + sep);
const posix = (p) => p.split(sep).join('/');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXTENSIONS.test(name) && !GENERATED.test(name)) yield path;
  }
}

/** The `~/` form of an import from `file` to `spec`, or null when it stays relative. */
function aliased(file, spec) {
  const climbs = spec.match(/^(\.\.\/)*/)[0].length / 3;
  const target = resolve(dirname(file), spec);
  const clientToServer = inside(clientDir, file) && inside(serverDir, target);
  if (climbs < 3 && !clientToServer) return null;
  // db/ first: `~/db/` is the longer prefix.
  if (inside(dbDir, target)) return `~/db/${posix(relative(dbDir, target))}`;
  if (inside(srcDir, target)) return `~/${posix(relative(srcDir, target))}`;
  return undefined; // climbs into tests/ or scripts/: no alias for those
}

let changedFiles = 0;
let changedImports = 0;
const leftAlone = [];
for (const folder of FOLDERS) {
  const dir = join(root, folder);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    let count = 0;
    const next = text.replace(SPECIFIER, (whole, before, quote, spec) => {
      const to = aliased(file, spec);
      if (to === undefined) leftAlone.push(`${posix(relative(root, file))}: ${spec}`);
      if (!to) return whole;
      count++;
      return `${before}${quote}${to}${quote}`;
    });
    if (count === 0) continue;
    changedFiles++;
    changedImports += count;
    console.log(`${posix(relative(root, file))}: ${count} import${count === 1 ? '' : 's'}`);
    if (!dryRun) writeFileSync(file, next);
  }
}
for (const line of leftAlone) console.log(`left relative (no alias for its folder): ${line}`);
console.log(`${dryRun ? 'Would rewrite' : 'Rewrote'} ${changedImports} imports in ${changedFiles} files.`);
if (check && changedImports > 0) process.exit(1);
