import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// Project `server-postgres`: the same test files on PostgreSQL. Each file creates its own database on the server
// named by TEST_DATABASE_URL and drops it afterwards, so parallel runs never collide. Include this project only
// when TEST_DATABASE_URL is set.
export default defineConfig({
  test: { ...serverTestOptions, name: 'server-postgres', env: { PORTAL_TEST_DRIVER: 'postgres' } },
});
