import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { catalogueDataId, isPageRoute } from '@portal/domain';
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

/**
 * index.html with the catalogue as a JSON data block (type="application/json" is never executed, so the strict CSP
 * holds): the app reads it before its first render and shows the services at once (docs/decisions/111).
 */
export function pageWithCatalogue(template: string, catalogueJson: string): string {
  const block = `<script type="application/json" id="${catalogueDataId}">${jsonForScriptBlock(catalogueJson)}</script>`;
  return template.replace('</head>', () => `${block}</head>`);
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
    // The page is built with the catalogue in it (below); the file as built is never sent.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders: (reply, path) => {
      const isAsset = path.startsWith(join(webDistDir, 'assets'));
      reply.header('cache-control', isAsset ? immutable : revalidate);
    },
  });
  const template = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  // One page per catalogue: a new catalogue comes as a new Buffer, and the pages of old ones are collected.
  const pages = new WeakMap<Buffer, EncodedBody>();
  const pageFor = (catalogue: Buffer): EncodedBody => {
    let page = pages.get(catalogue);
    if (!page) {
      page = encodeOnce(Buffer.from(pageWithCatalogue(template, catalogue.toString('utf8'))));
      pages.set(catalogue, page);
    }
    return page;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, page: EncodedBody) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const status = isPageRoute(pathname) ? 200 : 404;
    reply.header('cache-control', revalidate).header('etag', page.etag).type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).header('vary', 'accept-encoding').send();
    }
    return sendEncoded(request, reply.code(status), page);
  };
  const fallback: SpaFallback = (request, reply) => {
    const catalogue = catalogueBytes();
    return Buffer.isBuffer(catalogue)
      ? send(request, reply, pageFor(catalogue))
      : catalogue.then((bytes) => send(request, reply, pageFor(bytes)));
  };
  // The static handler refuses directories (403) since index files are off; the home page is the SPA too.
  app.get('/', { schema: { hide: true } }, fallback);
  return fallback;
}
