/** Options shared by the server's two Vitest projects (PGlite and PostgreSQL). */
export const serverTestOptions = {
  root: import.meta.dirname,
  include: ['test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
