import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { catalogueDataId, pageRouteOf } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, encodeOnce, sendEncoded } from '../lib/encoded-body.ts';

/** Answers a GET for a path that is neither an API route nor a built file: the SPA's index.html. */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/** The `{ services }` body of GET /api/services now: a new Buffer whenever the catalogue changes. */
export type CatalogueBytes = () => Buffer | Promise<Buffer>;

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

export const webBuildMissingMessage =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then restart the server.';

/** Whether `webDistDir` holds a built web app. */
export function webBuildPresent(webDistDir: string): boolean {
  return existsSync(join(webDistDir, 'index.html'));
}

/**
 * JSON that can sit in an HTML <script> block: `<` (hence `</script>` and `<!--`), `>` and `&` written as JSON
 * escapes, which JSON.parse reads back as the same characters.
 */
export function jsonForScriptBlock(json: string): string {
  return json.replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What the build says each public page route loads besides the entry (apps/web/vite.config.ts). */
const routePreloadsFile = 'route-preloads.json';

/**
 * index.html with modulepreload links to `scripts` (the first page's, fetched beside the entry rather than after it
 * has run) and the catalogue as a JSON data block (type="application/json" is never executed, so the strict CSP
 * holds): the app reads it before its first render and shows the services at once (docs/decisions/111).
 */
export function pageWithCatalogue(
  template: string,
  catalogueJson: string,
  scripts: readonly string[] = [],
): string {
  const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`).join('');
  const block = catalogueJson
    ? `<script type="application/json" id="${catalogueDataId}">${jsonForScriptBlock(catalogueJson)}</script>`
    : '';
  return template.replace('</head>', () => `${links}${block}</head>`);
}

/** The key of the pages built without a catalogue, when it cannot be read. */
const noCatalogue = Buffer.alloc(0);

function readRoutePreloads(webDistDir: string): Readonly<Record<string, readonly string[]>> {
  const path = join(webDistDir, routePreloadsFile);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

/**
 * Serves the built SPA from `webDistDir`: hashed files under /assets are cached for a year, their Brotli and gzip
 * copies written by the build sent to the clients that accept them. index.html, with the catalogue embedded, is
 * built and compressed once per version of the catalogue, revalidated every time (its ETag changes with the
 * catalogue), and answers every page route with 200 and any other path with 404 (the SPA then shows
 * 'Page Not Found'). Without a build, non-API paths answer 503 with a hint instead of crashing start-up.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  webDistDir: string,
  catalogueBytes: CatalogueBytes,
): Promise<SpaFallback> {
  if (!webBuildPresent(webDistDir)) {
    app.log.warn({ webDistDir }, 'web app build not found; pages answer 503 until it is built');
    return (_request, reply) =>
      reply
        .code(503)
        .header('cache-control', revalidate)
        .type('text/plain; charset=utf-8')
        .send(webBuildMissingMessage);
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    index: false,
    redirect: false,
    cacheControl: false,
    preCompressed: true,
    // The page is built with the catalogue in it (below); the file as built, and what it is built from, never sent.
    allowedPath: (pathname) => pathname !== '/index.html' && pathname !== `/${routePreloadsFile}`,
    setHeaders: (reply, path) => {
      const isAsset = path.startsWith(join(webDistDir, 'assets'));
      reply.header('cache-control', isAsset ? immutable : revalidate);
    },
  });
  const template = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const routePreloads = readRoutePreloads(webDistDir);
  // Per catalogue, one page for each route (and one for no route): a new catalogue comes as a new Buffer, and the
  // pages of old ones are collected.
  const pages = new WeakMap<Buffer, Map<string | undefined, EncodedBody>>();
  const pageFor = (catalogue: Buffer, route: string | undefined): EncodedBody => {
    let byRoute = pages.get(catalogue);
    if (!byRoute) {
      byRoute = new Map();
      pages.set(catalogue, byRoute);
    }
    let page = byRoute.get(route);
    if (!page) {
      const scripts = (route && routePreloads[route]) || [];
      page = encodeOnce(Buffer.from(pageWithCatalogue(template, catalogue.toString('utf8'), scripts)));
      byRoute.set(route, page);
    }
    return page;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, catalogue: Buffer) => {
    const route = pageRouteOf(request.url.split('?', 1)[0] ?? '/');
    const status = route === undefined ? 404 : 200;
    const page = pageFor(catalogue, route);
    reply.header('cache-control', revalidate).header('etag', page.etag).type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).header('vary', 'accept-encoding').send();
    }
    return sendEncoded(request, reply.code(status), page);
  };
  const fallback: SpaFallback = (request, reply) => {
    const catalogue = catalogueBytes();
    if (Buffer.isBuffer(catalogue)) return send(request, reply, catalogue);
    // The page does not depend on the database: without the catalogue the app asks the API for it (and says so
    // when that fails too).
    return catalogue.then(
      (bytes) => send(request, reply, bytes),
      (error: unknown) => {
        request.log.warn({ err: error }, 'page served without the catalogue');
        return send(request, reply, noCatalogue);
      },
    );
  };
  // The static handler refuses directories (403) since index files are off; the home page is the SPA too.
  app.get('/', { schema: { hide: true } }, fallback);
  return fallback;
}
