// ESLint flat config. Prettier owns layout, so no stylistic rules here; ESLint finds bugs.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'db/migrations/**',
      'src/client/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'bench-profiles/**',
      'backups/**',
      'uploads/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import type` keeps server types out of client bundles and makes the layer an import crosses visible.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // ADR 021: an import that would climb three folders or more goes through the `~/` alias instead.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message: 'An import never climbs three folders: use the ~/ alias (~/client/..., ~/shared/..., ~/server/..., ~/db/...).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/client/**/*.tsx'],
    rules: {
      // A modal dialog moves focus into itself (WAI-ARIA dialog pattern): React Aria's fields take autoFocus
      // there. A DOM element with autoFocus is still an error.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The rules of hooks are bugs when broken.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The React Compiler's rules (v7's recommended set). The app does not use the compiler; `npm run lint` runs
      // with --max-warnings 0, so a warning here fails it as an error would. A disable needs a comment saying why
      // the rule is wrong at that line.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/refs': 'warn',
      'react-hooks/purity': 'warn',
      'react-hooks/immutability': 'warn',
      'react-hooks/globals': 'warn',
      'react-hooks/static-components': 'warn',
      'react-hooks/use-memo': 'warn',
      'react-hooks/error-boundaries': 'warn',
      'react-hooks/unsupported-syntax': 'warn',
      'react-hooks/incompatible-library': 'warn',
    },
  },
  {
    // Tests and scripts may use non-null assertions on data they just made, and print.
    files: ['tests/**/*.ts', 'scripts/**/*.{ts,mjs}', 'db/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter's pattern: `async ({}, use)` means none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
