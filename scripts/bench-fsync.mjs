#!/usr/bin/env node
/**
 * What one fsync costs in a folder: writes 4 KB and fsyncs it, `--runs` times (100 by default), and prints the median
 * and p90 in ms for each folder named (by default os.tmpdir()'s parent, /tmp, and /dev/shm). Vitest's temporary
 * folders are in memory for this (vitest.config.ts, `memoryTempDir`; docs/testing.md): every commit of a test server
 * fsyncs. On a shared machine, say how busy it was.
 *
 *   node scripts/bench-fsync.mjs
 *   node scripts/bench-fsync.mjs --runs 500 /tmp /dev/shm
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const runs = at === -1 ? 100 : Number(args[at + 1]);
const folders = args.filter((a, i) => a !== '--runs' && i !== at + 1);

console.log(`load ${loadavg()[0].toFixed(1)}`);
for (const base of folders.length > 0 ? folders : ['/tmp', '/dev/shm']) {
  const dir = mkdtempSync(join(base, 'bench-fsync-'));
  const fd = openSync(join(dir, 'f'), 'w');
  const ms = [];
  for (let i = 0; i < runs; i++) {
    writeSync(fd, 'x'.repeat(4096));
    const start = performance.now();
    fsyncSync(fd);
    ms.push(performance.now() - start);
  }
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
  ms.sort((a, b) => a - b);
  const pick = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(2);
  console.log(`${base}: fsync median ${pick(0.5)} ms, p90 ${pick(0.9)} ms over ${runs}`);
}
