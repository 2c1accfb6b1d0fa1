import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Component tests run in Debian's Chromium through Playwright; no browser is ever downloaded.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  test: {
    name: 'web',
    include: ['src/**/*.test.tsx'],
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
    },
  },
});
