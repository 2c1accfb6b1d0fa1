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
          groups: [
            // Everything the first load of any page needs (React, React Router, TanStack Query's core, the app
            // shell, the auth state) is one script: fewer, larger scripts than several small shared chunks.
            // What only some pages use (forms, schemas, account texts, mutations) stays in their chunks.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // The little the public pages share (the document title, icon cards, service icons): one chunk,
            // not three tiny ones.
            {
              name: 'pages-common',
              test: /src[\\/](lib[\\/]use-document-title\.ts|components[\\/]ui[\\/](icon-card|service-icon)\.tsx)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
