import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file builds its own app and database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['packages/core/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
