/** Options shared by the server's two Vitest projects (PGlite and PostgreSQL). */
export const serverTestOptions = {
  root: import.meta.dirname,
  include: ['test/**/*.test.ts'],
  // Once per run: the migrated template each test file copies (test/helpers/database-template.ts).
  globalSetup: ['test/helpers/database-template.ts'],
  // A worker keeps the app's modules loaded from one file to the next: importing them anew took more time than the
  // tests. Each file still builds its own app on its own database, and module-level state is keyed by that database.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
