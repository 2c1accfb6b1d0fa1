import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // In development the API runs separately (`npm run dev -w @portal/server`); in production it serves this build.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    // No inline module-preload polyfill script, so the strict CSP (script-src 'self') holds.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React Router and the few small modules the entry shares with the pages in one chunk: fewer,
          // larger scripts on every first load than as several small shared chunks.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:(?:react|react-dom|scheduler|react-router)[\\/]|@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?!mutationObserver|useMutation)|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))|src[\\/]lib[\\/](api-client|api-error|use-document-title)\.ts|src[\\/]components[\\/]ui[\\/]icon-card\.tsx|packages[\\/]domain[\\/]src[\\/](routes|accounts)\.ts/,
            },
          ],
        },
      },
    },
  },
});
