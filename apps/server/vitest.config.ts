import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// Project `server-pglite`: the API tests, each file on its own in-process PGlite, loaded from the run's migrated
// template. Always runs.
export default defineConfig({
  test: { ...serverTestOptions, name: 'server-pglite', env: { PORTAL_TEST_DRIVER: 'pglite' } },
});
