import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// Project `server-postgres`: the same test files on PostgreSQL. The run migrates a template database of its own on
// the server named by TEST_DATABASE_URL; each file copies it into a database of its own and drops that afterwards,
// so parallel runs never collide. Include this project only when TEST_DATABASE_URL is set.
export default defineConfig({
  test: { ...serverTestOptions, name: 'server-postgres', env: { PORTAL_TEST_DRIVER: 'postgres' } },
});
