// Lint doubles as the layering check (VS Code style): each layer may import
// only from the layers below it. See docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

import { builtinModules } from 'node:module';

// Bare names are matched exactly (so `../util/day.ts` is not mistaken for `util`);
// path groups are gitignore-style patterns.
const NODE_BUILTINS = ['node:*', ...builtinModules.map((m) => `^${m}$`)];

const restrict = (message, groups) => {
  const exact = groups.filter((g) => g.startsWith('^')).map((g) => ({ name: g.slice(1, -1), message }));
  const patterns = groups.filter((g) => !g.startsWith('^'));
  return { 'no-restricted-imports': ['error', { paths: exact, patterns: [{ group: patterns, message }] }] };
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/**', 'test-results/**', 'playwright-report/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict('shared/ is pure TypeScript: no Node, DOM, Electron, React or app-layer imports.', [
      ...NODE_BUILTINS, '^electron$', '^react$', '^react-dom$', '^dexie$', '^maplibre-gl$', 'electron/*', '**/electron/**', '**/renderer/**',
    ]),
  },
  {
    files: ['electron/services/**/*.ts', 'electron/cli/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: restrict('Node services run under test without Electron: import no electron and no renderer code.', [
      '^electron$', 'electron/*', '**/renderer/**', '^react$', '^react-dom$', '^dexie$', '^maplibre-gl$',
    ]),
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: restrict('The main process and preload never import renderer code.', ['**/renderer/**', '^react$', '^react-dom$', '^dexie$', '^maplibre-gl$']),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: restrict('The renderer reaches Node and Electron only through the preload API.', [...NODE_BUILTINS, '^electron$', '**/electron/**']),
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs,js}', 'bin/**/*.mjs', '*.config.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
