/**
 * Most test files share their worker's modules (vitest.config.ts, `isolate: false`). A file that replaces a module
 * (`vi.mock`) or changes the process (the time zone, a global, an environment variable) must run in the isolated
 * project: shared, its mock would not reach modules another file imported first, and its change would reach the
 * files after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config';

const root = resolve(import.meta.dirname, '../..');
const CHANGES_MODULES_OR_PROCESS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|process\.env\.TZ\s*=/;

it('every test file that mocks a module or changes the process runs with modules of its own', () => {
  const files = ['tests/unit', 'tests/integration', 'tests/ops'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`),
  );
  const needIsolation = files.filter((f) => CHANGES_MODULES_OR_PROCESS.test(readFileSync(join(root, f), 'utf8')));
  expect(needIsolation.length).toBeGreaterThan(0);
  expect(ISOLATED).toEqual(expect.arrayContaining(needIsolation));
});
