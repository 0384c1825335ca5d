import { statfsSync } from 'node:fs';
import { resolve } from 'node:path';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that replace a module for their own run (`vi.mock` of the logger) or change the process (the time zone):
 * each gets a fresh module registry, as every file had before. The other files share their worker's modules
 * (`isolate: false`): importing the server's modules once per worker rather than once per file saved over a minute
 * of the run (docs/testing.md). Each of them still starts its own server over its own database.
 */
export const ISOLATED = [
  'tests/integration/audit-every-write.test.ts',
  'tests/integration/log-secrets.test.ts',
  'tests/integration/page-cache.test.ts',
  'tests/unit/centre-day-render.test.ts',
  'tests/integration/centre-profile.test.ts',
  'tests/integration/ratio-tables.test.ts',
  'tests/integration/centre-settings-fields.test.ts',
];
/**
 * The files that take 20 s or more, longest first (docs/performance.md, "The test suite's time"). They start before
 * every other file: in a fresh clone Vitest has no timings from an earlier run and starts the largest files first,
 * which put the longest file (one test of about a minute) near the end, where the other worker had finished and
 * waited for it.
 */
export const LONGEST_FIRST = [
  'tests/integration/csrf.test.ts',
  'tests/integration/robustness.test.ts',
  'tests/integration/authorization-matrix.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: every other file keeps Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const ALL = ['tests/integration/**/*.test.ts', 'tests/ops/**/*.test.ts', 'tests/unit/**/*.test.ts'];
/**
 * The soak tests (ADR 072): floods and crash loops that hold a bound over time (the cache's bytes under a flood,
 * the owner's sign-in through a flood of strangers, every acknowledged write through SIGKILLs). Not in `npm test`;
 * `npm run test:soak` runs them (vitest.soak.config.ts), and `.ci/run` runs both.
 */
export const SOAK = ['tests/soak/**/*.test.ts'];

// `~/` is src/ and `~/db/` is db/, as in tsconfig.json and vite.config.ts (ADR 021).
export const ALIASES = [
  { find: /^~\/db\//, replacement: `${resolve(import.meta.dirname, 'db')}/` },
  { find: /^~\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
];

const TMPFS_MAGIC = 0x01021994;
/**
 * Where the test files' temporary folders go: a memory file system (/dev/shm) when the machine has one and TMPDIR
 * names none. Every test server's database, uploads and private files live in a folder of os.tmpdir()
 * (tests/helpers/server.ts, global-setup.ts), and each commit there waits for an fsync (synchronous = FULL, the
 * audit chain's anchor, each private file): on the machine's disk that was a few ms a commit, more when other work
 * used the disk, and the authorization matrix alone makes thousands of commits. In memory the fsync returns at once;
 * what the tests check is unchanged (no test can see whether a commit reached a disk). The soak tests keep the disk.
 */
export function memoryTempDir(): string | undefined {
  if (process.env.TMPDIR) return undefined;
  try {
    if (statfsSync('/dev/shm').type !== TMPFS_MAGIC) return undefined;
  } catch {
    return undefined;
  }
  return '/dev/shm';
}

export default defineConfig((): ViteUserConfig => {
  // Set in Vitest's own process before its workers start: they, global-setup.ts and the servers the ops tests
  // start inherit it.
  const tmp = memoryTempDir();
  if (tmp) process.env.TMPDIR = tmp;
  return {
    resolve: { alias: ALIASES },
    test: {
      environment: 'node',
      globalSetup: ['tests/helpers/global-setup.ts'],
      setupFiles: ['tests/helpers/page-centre-setup.ts'],
      testTimeout: 20_000,
      hookTimeout: 30_000,
      // Both cores: each file starts its own server over its own temporary database, so files run side by side.
      maxWorkers: 2,
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: { name: 'shared-modules', include: ALL, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false },
        },
        { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
      ],
    },
  };
});
