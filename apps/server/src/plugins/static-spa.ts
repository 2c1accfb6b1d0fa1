import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { catalogueDataId, pageRouteOf, pageRoutes, pathId, paths } from '@portal/domain';
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

/** The modulepreload links of the built index.html (the app's script, src/boot.ts starts it). */
const modulePreloadLink = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * index.html with modulepreload links to `scripts` (the first page's, fetched beside the entry rather than after it
 * has run) and the catalogue as a JSON data block (type="application/json" is never executed, so the strict CSP
 * holds): the app reads it before its first render and shows the services at once (docs/decisions/035, 037).
 * With the page's `firstPaint` markup in #root, the page needs no script for its first paint: its links then sit
 * in a <template>, inert, which the page's script adds once the page is painted (docs/decisions/037).
 */
export function pageWithCatalogue(
  template: string,
  catalogueJson: string,
  scripts: readonly string[] = [],
  firstPaint = '',
): string {
  const routeLinks = scripts
    .map((script) => `<link rel="modulepreload" crossorigin href="${script}">`)
    .join('');
  const block = catalogueJson
    ? `<script type="application/json" id="${catalogueDataId}">${jsonForScriptBlock(catalogueJson)}</script>`
    : '';
  const page = firstPaint ? template.replace(modulePreloadLink, '') : template;
  const links = firstPaint
    ? `<template>${[...template.matchAll(modulePreloadLink)].map(([link]) => link.trim()).join('')}${routeLinks}</template>`
    : routeLinks;
  return page
    .replace('</head>', () => `${links}${block}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${firstPaint}</div>`);
}

/** The first paint's renderer (apps/web/src/entry-first-paint.tsx), as `vite build --ssr` writes it. */
type RenderFirstPaint = (path: string, catalogueJson: string) => Promise<string>;

/** Where the web build puts the first paint's renderer: `dist-ssr/` beside the app's `dist/`. */
export function firstPaintFile(webDistDir: string): string {
  return join(dirname(webDistDir), 'dist-ssr', 'entry-first-paint.js');
}

/** The public pages whose first paint comes from the server (docs/decisions/037). */
const firstPaintRoutes: ReadonlySet<string> = new Set([
  pageRoutes.home,
  pageRoutes.services,
  pageRoutes.service,
]);

async function loadFirstPaint(
  app: FastifyInstance,
  webDistDir: string,
): Promise<RenderFirstPaint | undefined> {
  const file = firstPaintFile(webDistDir);
  if (!existsSync(file)) {
    app.log.warn({ file }, 'first paint renderer not built; pages are drawn by the app alone');
    return undefined;
  }
  try {
    const module: { renderFirstPaint?: RenderFirstPaint } = await import(pathToFileURL(file).href);
    return module.renderFirstPaint;
  } catch (error) {
    app.log.error(
      { err: error, file },
      'first paint renderer does not load; pages are drawn by the app alone',
    );
    return undefined;
  }
}

/** The ids of the services in a `{ services }` body: the service pages that get a first paint. */
function serviceIdsOf(catalogueJson: string): ReadonlySet<number> {
  if (!catalogueJson) return new Set();
  const body: { services: { id: number }[] } = JSON.parse(catalogueJson);
  return new Set(body.services.map((service) => service.id));
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
  const renderFirstPaint = await loadFirstPaint(app, webDistDir);
  /** Per catalogue version: its services' ids, and its pages. */
  interface Pages {
    serviceIds: ReadonlySet<number>;
    byKey: Map<string | undefined, Promise<EncodedBody>>;
  }
  // Per catalogue, one page for each route (and one for no route), and one for each of its services' pages, so
  // that the keys are bounded by the catalogue: a new catalogue comes as a new Buffer, and the pages of old ones
  // are collected.
  const pages = new WeakMap<Buffer, Pages>();
  const buildPage = async (catalogueJson: string, route: string | undefined, path: string | undefined) => {
    const scripts = (route && routePreloads[route]) || [];
    let firstPaint = '';
    if (renderFirstPaint && path !== undefined) {
      try {
        firstPaint = await renderFirstPaint(path, catalogueJson);
      } catch (error) {
        // The app draws the page as it did before there was a first paint.
        app.log.error({ err: error, path }, 'first paint failed; page served without it');
      }
    }
    return encodeOnce(Buffer.from(pageWithCatalogue(template, catalogueJson, scripts, firstPaint)));
  };
  const pageFor = (catalogue: Buffer, pathname: string, route: string | undefined): Promise<EncodedBody> => {
    let forCatalogue = pages.get(catalogue);
    if (!forCatalogue) {
      forCatalogue = { serviceIds: serviceIdsOf(catalogue.toString('utf8')), byKey: new Map() };
      pages.set(catalogue, forCatalogue);
    }
    // The first paint's path: the route itself, or a service's page of this catalogue (any other id is drawn by
    // the app, which says the service is not found).
    let path: string | undefined;
    if (route !== undefined && firstPaintRoutes.has(route)) {
      if (route !== pageRoutes.service) path = route;
      else {
        const id = pathId(pathname.split('/').pop());
        if (id !== null && forCatalogue.serviceIds.has(id)) path = paths.service(id);
      }
    }
    const key = path ?? route;
    let page = forCatalogue.byKey.get(key);
    if (!page) {
      page = buildPage(catalogue.toString('utf8'), route, path);
      forCatalogue.byKey.set(key, page);
    }
    return page;
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, catalogue: Buffer) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const route = pageRouteOf(pathname);
    const status = route === undefined ? 404 : 200;
    const page = await pageFor(catalogue, pathname, route);
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
