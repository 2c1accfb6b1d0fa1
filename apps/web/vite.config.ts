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
  },
});
