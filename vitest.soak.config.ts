import { defineConfig } from 'vitest/config';
import { ALIASES, SOAK } from './vitest.config.ts';

/**
 * `npm run test:soak`: the soak tests alone (vitest.config.ts, SOAK; ADR 072), each file with its own modules,
 * on both cores. `npm test` does not run them; `.ci/run` runs both.
 */
export default defineConfig({
  resolve: { alias: ALIASES },
  test: {
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    include: SOAK,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    isolate: true,
  },
});
