// Lint doubles as the layering check (VS Code style): each layer imports only
// what its allow-list names (scripts/eslint-layers.mjs). See docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

import { cyclesPlugin } from './scripts/eslint-cycles.mjs';
import { layersPlugin } from './scripts/eslint-layers.mjs';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'resources/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
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
  // Layering: an allow-list per layer (scripts/eslint-layers.mjs; docs/architecture.md).
  {
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': 'error' },
  },
  // No import cycles (scripts/eslint-cycles.mjs): type-only imports do not count, re-exports do.
  {
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { cycles: cyclesPlugin },
    rules: { 'cycles/no-cycle': 'error' },
  },
  { files: ['electron/**/*.ts'], languageOptions: { globals: globals.node } },
  { files: ['renderer/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  // Hooks: called unconditionally, effects list what they read (a deliberate omission carries a comment saying why).
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/e2e/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs,js}', 'bin/**/*.mjs', '*.config.{ts,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
