import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageRoutes } from '@portal/domain';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Files the server sends compressed; index.html is not among them (the server builds it with the catalogue). */
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of 1 KB or more, compressed as hard as each
 * format goes: paid once at build time, sent by the server to every client that accepts it (docs/decisions/038).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !compressible.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const bytes = readFileSync(path);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * The module of each public page (as route-table.tsx loads it), whose scripts the server names in the page as
 * modulepreload links, so that a first load fetches them beside the entry instead of after it has run.
 */
const firstLoadPages: Record<string, string> = {
  [pageRoutes.home]: 'src/app/routes/home.tsx',
  [pageRoutes.services]: 'src/app/routes/services.tsx',
  [pageRoutes.service]: 'src/app/routes/service-detail.tsx',
  [pageRoutes.contact]: 'src/app/routes/contact.tsx',
};

/** The app, which index.html's script (src/boot.ts) starts after the first paint: built as an entry of its own. */
const appEntry = 'src/main.tsx';

/** The id of the link naming the app's script, by which src/boot.ts imports it. */
const appScriptId = 'app-script';

/**
 * Names the app's script in index.html as a modulepreload link, which src/boot.ts imports: in the build, with the
 * app's stylesheet (for the first paint); on the dev server, the source itself.
 */
function linkApp(): Plugin {
  const link = (href: string) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href, id: appScriptId },
    injectTo: 'head' as const,
  });
  return {
    name: 'portal-link-app',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [link(`/${appEntry}`)];
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(appEntry),
        );
        if (app?.type !== 'chunk') throw new Error(`${appEntry} is no entry of the build`);
        const stylesheets = [...(app.viteMetadata?.importedCss ?? [])].map((href) => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` },
          injectTo: 'head' as const,
        }));
        return [...stylesheets, link(`/${app.fileName}`)];
      },
    },
  };
}

/** The file the server reads the page routes' scripts from (apps/server/src/plugins/static-spa.ts). */
const routePreloadsFile = 'route-preloads.json';

/** Writes `route-preloads.json`: each public page route → the scripts its module loads statically, the entry's aside. */
function routePreloads(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const preloads: Record<string, string[]> = {};
      for (const [route, source] of Object.entries(firstLoadPages)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
        if (!page) throw new Error(`${source} (the page ${route}) is no chunk of the build`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(page.fileName);
        preloads[route] = [...files].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: routePreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}

/** Where `vite build --ssr` writes the first paint's renderer (one self-contained file the server imports). */
const firstPaintDir = 'dist-ssr';

/** Where the dev server passes the API's requests on (scripts/dev.ts sets it when the API has another port). */
const apiOrigin = process.env.PORTAL_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The first paint's renderer is no browser asset: neither preloaded nor compressed.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [routePreloads(), linkApp(), precompress()])],
  // Bundled whole, so the server can import it from anywhere (a test builds it into a temporary directory).
  ssr: { noExternal: true },
  server: {
    // In development (`npm run dev`) the API runs beside Vite; in production it serves this build.
    proxy: { '/api': apiOrigin, '/dev/mail': apiOrigin },
  },
  build: isSsrBuild
    ? { outDir: firstPaintDir, copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } }
    : {
        // No inline module-preload polyfill script, so the strict CSP (script-src 'self') holds.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { index: 'index.html', app: appEntry },
          output: {
            codeSplitting: {
              groups: [
                // Everything the first load of any page needs (React, React Router, the app shell, the account state)
                // is one script: fewer, larger scripts than several small shared chunks. What only some pages use
                // (the query library, forms, schemas, account texts) stays in their chunks.
                // (The script that starts it stays apart: src/boot.ts.)
                { name: 'boot', test: /src[\\/]boot\.ts$|index\.html/, priority: 3 },
                { name: 'initial', tags: ['$initial'], priority: 2 },
                // TanStack Query and the query cache of the app (docs/decisions/035): one script, which the first
                // page that reads the API brings, rather than a dozen pieces by which page uses which part.
                {
                  name: 'query',
                  test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/]query-client\.tsx$/,
                  priority: 1,
                },
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
}));
