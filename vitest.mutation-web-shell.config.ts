import { defineConfig } from 'vitest/config';

/**
 * The unit suite plus the browser shell's in-process integration test, for StrykerJS's `web-shell` module:
 * the shell's guards are exercised over real loopback HTTP there, not by unit tests.
 */
export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/web-shell.test.ts',
      'test/integration/web-shell-edges.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
