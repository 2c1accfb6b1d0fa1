import { defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace owns its vitest config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
