import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Property tests run hundreds of generated cases: seconds each on a loaded machine, not milliseconds.
  test: { name: 'domain', include: ['test/**/*.test.ts'], testTimeout: 30_000 },
});
