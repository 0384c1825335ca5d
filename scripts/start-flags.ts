/**
 * The node flags `npm start` runs the built server with, read from package.json's start script, so the bench
 * scripts and the memory test start dist/server/index.js exactly as production does (one place to change them:
 * the start script; docs/operations.md says why each is there).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function startNodeFlags(): string[] {
  // A bench comparing other flags with the start's (`bench:memory --flags "<flags>"`) names them here for its children.
  const compared = process.env.BENCH_NODE_FLAGS;
  if (compared !== undefined) return compared.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
  const command = /(?:^|&&)\s*node\s+((?:--\S+\s+)*)dist\/server\/index\.js\s*$/.exec(pkg.scripts.start);
  if (!command)
    throw new Error(`package.json's start script no longer ends with "node [flags] dist/server/index.js": ${pkg.scripts.start}`);
  return command[1]!.split(/\s+/).filter(Boolean);
}
