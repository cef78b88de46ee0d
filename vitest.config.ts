import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      // Browser-layer modules (renderer/), typechecked with the DOM lib by tsconfig.web.json.
      { test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      // React components in a happy-dom document, driven through Testing Library as a user would.
      {
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
