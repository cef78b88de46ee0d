// StrykerJS: mutation testing of shared/ and the Node services. Run it with `npm run test:mutation [module…]`
// (scripts/mutation.mjs), which sets STRYKER_MODULE; not part of `npm test`. Reports go to reports/mutation/.
import { MUTATION_MODULES } from './scripts/mutation-modules.mjs';

const name = process.env.STRYKER_MODULE ?? 'limiter';
const mod = MUTATION_MODULES[name];
if (!mod) throw new Error(`Unknown mutation module "${name}": one of ${Object.keys(MUTATION_MODULES).join(', ')}.`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: mod.vitestConfig ?? 'vitest.mutation.config.ts', related: true },
  checkers: ['typescript'],
  tsconfigFile: mod.tsconfig,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: mod.mutate,
  coverageAnalysis: 'perTest',
  // A rerun after a small change tests only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // A shared 2-core machine: one worker; a mutant that hangs is a timeout, not a stall.
  concurrency: 1,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: [
    'out',
    'dist',
    'test-results',
    'playwright-report',
    'reports',
    'bench/results',
    'resources/basemap/*.json',
    '.stryker-tmp',
  ],
};
