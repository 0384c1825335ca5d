/**
 * The node flags and the variables `npm start` runs the built server with, read from package.json's start script
 * (`... && VAR=value node [flags] dist/server/index.js`), so the bench scripts and the memory test start
 * dist/server/index.js exactly as production does (one place to change them: the start script; docs/operations.md
 * says why each is there).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

function startCommand(): { env: string; flags: string } {
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
  const command = /(?:^|&&)\s*((?:[A-Z_]+=\S+\s+)*)node\s+((?:--\S+\s+)*)dist\/server\/index\.js\s*$/.exec(pkg.scripts.start);
  if (!command)
    throw new Error(
      `package.json's start script no longer ends with "[VAR=value] node [flags] dist/server/index.js": ${pkg.scripts.start}`,
    );
  return { env: command[1]!, flags: command[2]! };
}

export function startNodeFlags(): string[] {
  // A bench comparing other flags with the start's (`bench:memory --alternate "<flags>"`) names them here for its children.
  const compared = process.env.BENCH_NODE_FLAGS;
  if (compared !== undefined) return compared.split(/\s+/).filter(Boolean);
  return startCommand().flags.split(/\s+/).filter(Boolean);
}

/** The variables the start script sets for the server (MALLOC_ARENA_MAX, ADR 111). */
export function startEnv(): Record<string, string> {
  return Object.fromEntries(
    startCommand()
      .env.split(/\s+/)
      .filter(Boolean)
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
}
