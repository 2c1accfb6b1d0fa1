import { configDefaults, defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace owns its vitest config.
// The server's API tests run on PGlite always, and those about PostgreSQL itself again on it when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Most test time is waiting (on PostgreSQL, child processes, timers), so three workers on two cores finish
    // sooner than the default of one worker per core but one.
    maxWorkers: 3,
    // In watch mode a changed migration reruns the tests, which then copy a template migrated anew.
    forceRerunTriggers: [...configDefaults.forceRerunTriggers, '**/apps/server/src/db/migrations/**'],
    projects: [
      'packages/domain',
      'apps/server/vitest.config.ts',
      ...(process.env.TEST_DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : []),
      'apps/web',
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
