import { defineConfig } from 'vitest/config';

/**
 * The unit suite alone, as one flat project, for StrykerJS (`npm run test:mutation`): fast, no keychain or
 * network, and Stryker's vitest runner picks the tests related to each mutated file from it.
 */
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
});
