/** Options shared by the server's two Vitest projects (PGlite and PostgreSQL). */
export const serverTestOptions = {
  root: import.meta.dirname,
  include: ['test/**/*.test.ts'],
  // Once per run: the migrated template each test file copies (test/helpers/database-template.ts).
  globalSetup: ['test/helpers/database-template.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
