import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file builds its own app and database (copied from one seeded template); two at a time suits
    // a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          // A worker runs its files one after another in one module graph instead of loading the server anew for
          // each (importing Fastify, drizzle, the schema and the routes per file was a fifth of the embedded pass,
          // which took 528 s isolated and 304 s not on an idle 2-core machine). No file changes a module's state for
          // another: each builds its own app and database, and what a module remembers is kept per database.
          isolate: false,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Two server processes cannot share one PGlite: the scale-out test belongs to the PostgreSQL pass
          // (TEST_DATABASE_URL), and is not part of the embedded one at all rather than shown there as skipped.
          // The hostile import files' test is about what the files do to the readers (bombs, paths leaving a zip,
          // addresses of this machine), not about the database: it runs once, in the PostgreSQL pass, where it takes
          // 40 s (110 s on PGlite in CI).
          exclude: process.env.TEST_DATABASE_URL
            ? []
            : ['apps/server/test/scale-out.test.ts', 'apps/server/test/imports-attacks-files.test.ts'],
          // Once per run: the migrated database with the demo data that each test server starts from a copy of.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
