import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/**
 * Bundles a TypeScript entry point into one ES module (npm packages left as imports), so a test can start it
 * with plain `node` many times without paying tsx's start-up each time. The bundle lives two folders below
 * the project root (`.tmp/<id>/`), where dist/server/index.js lives too: the code finds `db/migrations` and
 * `node_modules` from there exactly as the built server does.
 */
export async function bundleEntry(entry: string): Promise<{ file: string; remove(): void }> {
  const dir = join(PROJECT_ROOT, '.tmp', `bundle-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'entry.mjs');
  await build({
    entryPoints: [resolve(PROJECT_ROOT, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Child {
  process: ChildProcess;
  /** Every complete stdout line so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line that matches. */
  waitForLine(match: (line: string) => boolean): Promise<string>;
  /** Resolves once the process has exited and its output is read: exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <args>` with its stdout split into lines as they arrive. */
export function startNode(args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'], ...options });
  const lines: string[] = [];
  let partial = '';
  let err = '';
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    partial += chunk;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.match(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once('close', (code, signal) => res({ code, signal })),
  );
  return {
    process: child,
    lines,
    stderr: () => err,
    waitForLine(match) {
      const found = lines.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((res, rej) => {
        waiters.push({ match, resolve: res });
        void exited.then(({ code, signal }) =>
          rej(new Error(`the process ended (code ${code}, signal ${signal}) before the line came\n${err}`)),
        );
      });
    },
    exited,
  };
}
