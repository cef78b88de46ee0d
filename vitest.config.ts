import { defineConfig } from 'vitest/config';

/**
 * The pure projects (no server, keychain or child process) run a worker per core: 260 → 164 s on CI's two
 * cores. Integration tests run real HTTP servers, the keychain and the CLI as child processes, with timeouts
 * sized for one at a time: one worker, after the others (their own group).
 */
const pure = { maxWorkers: '100%', sequence: { groupOrder: 0 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          ...pure,
        },
      },
      // Browser-layer modules (renderer/), typechecked with the DOM lib by tsconfig.web.json.
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          ...pure,
        },
      },
      // React components in a happy-dom document, driven through Testing Library as a user would.
      {
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 20_000,
          ...pure,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
