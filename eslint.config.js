import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import webBoundaries from './apps/web/eslint/boundaries.js';

/*
 * Module boundaries (GUIDE §1, docs/architecture.md "Boundaries"). A server module reaches another
 * only through its public entry `index.ts` (its `schema.ts` too, for foreign keys and the users
 * join listed there); a web feature is reached only through its `index.ts` (the web rule below,
 * apps/web/eslint/boundaries.js). Tests and test helpers may reach other modules' test helpers. `scripts/check-seams.mjs`
 * (run by `npm run lint`) adds what a lint rule cannot say: no `ctx.services`, no `any` or
 * `as unknown as` across a module boundary.
 */
const dirs = (root) =>
  readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const SERVER_MODULES = './apps/server/src/modules';
const serverModules = dirs(`${SERVER_MODULES}/`);
const serverZones = serverModules.flatMap((m) =>
  serverModules
    .filter((other) => other !== m)
    .map((other) => ({
      target: `${SERVER_MODULES}/${m}`,
      from: `${SERVER_MODULES}/${other}`,
      except: ['./index.ts', './schema.ts'],
      message: `a module reaches "${other}" only through its public entry (modules/${other}/index.ts)`,
    })),
);
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
};
const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test-helpers.ts',
  '**/*-test-helpers.ts',
  '**/*-test-kit.ts',
  '**/test-utils/**',
  '**/test-utils.ts*',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/artifacts/**', 'data/**', 'backups/**', 'scripts/dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // the module graph is acyclic (server modules, web features, packages)
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // a server file is read in one sitting: none over 500 lines (tests excepted)
    files: ['apps/server/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  // ── Web boundaries (apps/web): app → features → shared; a feature reaches another only through
  // features/<x>/index.ts; API paths only from shared/api/paths/. The rules are in
  // apps/web/eslint/boundaries.js. ─────────────────────────────────────────────────────────────
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/feature-imports': 'error', 'web-boundaries/api-paths': 'error' },
  },
);
