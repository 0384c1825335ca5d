import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `~/` is src/ and `~/db/` is db/, as in tsconfig.json and vite.config.ts (ADR 021).
  resolve: {
    alias: [
      { find: /^~\/db\//, replacement: `${resolve(import.meta.dirname, 'db')}/` },
      { find: /^~\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
    ],
  },
  test: {
    include: ['tests/integration/**/*.test.ts', 'tests/ops/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Both cores: each file starts its own server over its own temporary database, so files run side by side.
    maxWorkers: 2,
  },
});
