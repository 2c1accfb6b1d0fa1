import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

// Component tests run in Debian's Chromium through Playwright; no browser is ever downloaded.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  test: {
    name: 'web',
    include: ['src/**/*.test.tsx'],
    // The default one second is too short on a busy two-core CI machine; a toast stays five seconds.
    expect: { poll: { timeout: 4000 } },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs,
        },
      }),
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
    },
  },
});
