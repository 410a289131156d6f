// One lint config for every workspace; `npm run lint` must stay at zero warnings.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

// No order-type magic numbers in the apps (issue 22 #1): an order type is compared with ORDER_TYPES.* or asked of a
// rule of packages/domain/src/order-status.ts, never with a bare 1..7.
const ORDER_TYPE_TARGET = '/^(type|order_type|orderType|ordertype)$/';
const ORDER_TYPE_LITERALS = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/][right.raw=/^[1-7]$/]:matches([left.name=${ORDER_TYPE_TARGET}], [left.property.name=${ORDER_TYPE_TARGET}])`,
    message:
      'Compare an order type with ORDER_TYPES.* (@trapeza/domain/order-status), not a number (issue 22 #1).',
  },
  {
    selector: `SwitchStatement:matches([discriminant.name=${ORDER_TYPE_TARGET}], [discriminant.property.name=${ORDER_TYPE_TARGET}]) > SwitchCase[test.raw=/^[1-7]$/]`,
    message:
      'Name the order type: case ORDER_TYPES.* (@trapeza/domain/order-status), not a number (issue 22 #1).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      'bench/results/**',
      '**/.stryker-tmp*/**',
      '**/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `db === db` (a parameter shadowing the factory's db after the class-to-factory move) was always true and
      // sent a transaction's read past the transaction (tables.repository findSession, 2026-11-26).
      'no-self-compare': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                "Use Link from components/link.tsx: React Router's own carries route-module prefetching into every first visit (issue 17, 120 KB budget).",
            },
          ],
        },
      ],
    },
  },
  {
    // Layers (issue 22 #4), checked on every file: no import cycles anywhere.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One HTTP client (issue 22 #3): every call of the web app goes through lib/api-client.ts (headers, the spec §8
    // error kinds, money on the wire). The service worker runs outside the page and keeps its own fetch.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/sw.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through lib/api-client.ts (one HTTP client, issue 22 #3).' },
        {
          name: 'XMLHttpRequest',
          message: 'Call the API through lib/api-client.ts (one HTTP client, issue 22 #3).',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'fetch',
          message: 'Call the API through lib/api-client.ts (issue 22 #3).',
        },
        {
          object: 'globalThis',
          property: 'fetch',
          message: 'Call the API through lib/api-client.ts (issue 22 #3).',
        },
      ],
    },
  },
  {
    // Web layers: app → features → components | lib | hooks | stores | i18n | api. The shared layers never reach up
    // into a feature or the app, and a feature never into the app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/hooks',
                './apps/web/src/stores',
                './apps/web/src/i18n',
                './apps/web/src/api',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared web layers must not import a feature or the app (issue 22 #4).',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature must not import the app layer (issue 22 #4).',
            },
          ],
        },
      ],
    },
  },
  {
    // Server layers: routes → service → repository. A repository never imports a service or routes, a service never
    // its routes; shared pieces live in lib/ and never import a module.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/modules/**/*.repository.ts',
              from: ['./apps/server/src/modules/**/*.service.ts', './apps/server/src/modules/**/*.routes.ts'],
              message: 'A repository must not import a service or routes (issue 22 #4).',
            },
            {
              target: './apps/server/src/modules/**/*.service.ts',
              from: './apps/server/src/modules/**/*.routes.ts',
              message: 'A service must not import routes (issue 22 #4).',
            },
            {
              target: './apps/server/src/lib',
              from: './apps/server/src/modules',
              message: 'lib/ is shared by the modules and must not import one (issue 22 #4).',
            },
          ],
        },
      ],
    },
  },
  {
    // Order types by name in the apps (issue 22 #1). The service and routes files get the same selectors in the SQL
    // block below (a later block's no-restricted-syntax replaces an earlier one's).
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.fixtures.ts', 'apps/server/src/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...ORDER_TYPE_LITERALS] },
  },
  {
    // SQL only in repositories (issue 22 #4): a service or a routes file builds no query and imports no Kysely value.
    // No exceptions: a query goes to the module's repository (or lib/ when shared).
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'SQL belongs in a repository.', allowTypeImports: true }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'SQL belongs in the module repository (issue 22 #4).',
        },
        ...ORDER_TYPE_LITERALS,
      ],
    },
  },
  {
    // The domain package is pure: no I/O, no Node or browser APIs, no imports from the apps.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', '@trapeza/server*', '@trapeza/web*', 'react', 'react-*'] },
      ],
    },
  },
);
