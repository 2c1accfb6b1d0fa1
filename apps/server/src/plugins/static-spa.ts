import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  catalogueDataId,
  type PageHead,
  pageNotFoundHead,
  pageRouteOf,
  pageRoutes,
  pathId,
  paths,
  privatePageHead,
  publicPageHeads,
  type Service,
  serviceMessages,
  serviceNotFoundHead,
  unlistedPageHeads,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, encodeOnce, sendEncoded } from '../lib/encoded-body.ts';
import { type HeadTags, headTags, withHead } from './page-head.ts';

/** Answers a GET for a path that is neither an API route nor a built file: the SPA's index.html. */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/** The catalogue as the pages need it, from the catalogue cache kept in step across processes. */
export interface PageCatalogue {
  /** The `{ services }` body of GET /api/services: a new Buffer whenever the catalogue changes. */
  list: Buffer;
  /** Every service, retired ones too: their pages' heads and statuses. */
  services: readonly Pick<Service, 'id' | 'name' | 'description' | 'active'>[];
}

/** The catalogue now. */
export type CatalogueNow = () => PageCatalogue | Promise<PageCatalogue>;

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

/** The catalogue of the pages built when it cannot be read: every service page is then drawn by the app. */
const noCatalogue: PageCatalogue = { list: Buffer.alloc(0), services: [] };

/** The heads of the public pages, by route. */
const publicHeads: Readonly<Record<string, PageHead>> = { ...publicPageHeads, ...unlistedPageHeads };

/** How the server answers a page: its status, head, and the path of its first paint if it has one. */
interface PagePlan {
  /** The page's key in the per-catalogue cache: bounded by the routes and the catalogue's services. */
  key: string;
  status: 200 | 404 | 410;
  head: HeadTags;
  firstPaintPath?: string;
}

/**
 * The plan of the page at `pathname`, of the page route `route`: a public page has its own head and canonical
 * address; a service's page is the service's (410 once retired, 404 for an id the catalogue does not have); a
 * path that is no page answers 404. Signed-in pages and pages answered without the catalogue are never indexed.
 */
function planOf(
  pathname: string,
  route: string | undefined,
  services: ReadonlyMap<number, PageCatalogue['services'][number]> | undefined,
): PagePlan {
  if (route === undefined) return { key: '404', status: 404, head: pageNotFoundHead };
  if (route === pageRoutes.service) {
    if (!services) return { key: route, status: 200, head: privatePageHead };
    const id = pathId(pathname.split('/').pop());
    const service = id === null ? undefined : services.get(id);
    if (!service) return { key: 'service-not-found', status: 404, head: serviceNotFoundHead };
    const path = paths.service(service.id);
    if (!service.active) {
      return {
        key: path,
        status: 410,
        head: { title: service.name, description: `${serviceMessages.retiredNotice}.` },
      };
    }
    return {
      key: path,
      status: 200,
      head: { title: service.name, description: service.description, canonicalPath: path },
      firstPaintPath: path,
    };
  }
  const head = publicHeads[route];
  if (!head) return { key: route, status: 200, head: privatePageHead };
  const plan: PagePlan = { key: route, status: 200, head: { ...head, canonicalPath: route } };
  if (firstPaintRoutes.has(route)) plan.firstPaintPath = route;
  return plan;
}

function readRoutePreloads(webDistDir: string): Readonly<Record<string, readonly string[]>> {
  const path = join(webDistDir, routePreloadsFile);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

/**
 * Serves the built SPA from `webDistDir`: hashed files under /assets are cached for a year, their Brotli and gzip
 * copies written by the build sent to the clients that accept them. index.html, with the catalogue embedded and
 * the page's own head (title, description, canonical address, link preview tags for an app at `appUrl`), is built
 * and compressed once per version of the catalogue, revalidated every time (its ETag changes with the catalogue),
 * and answers every page route with 200 — a service's page with 404 when there is no such service, 410 once it is
 * retired — and any other path with 404 (the SPA then shows 'Page Not Found'). Without a build, non-API paths
 * answer 503 with a hint instead of crashing start-up.
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  webDistDir: string,
  catalogueNow: CatalogueNow,
  appUrl: string,
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
  /** Per catalogue version: its services by id (none when it could not be read), and its pages. */
  interface Pages {
    services: ReadonlyMap<number, PageCatalogue['services'][number]> | undefined;
    byKey: Map<string, Promise<EncodedBody>>;
  }
  // Per catalogue, one page for each route, one for any path that is no page, one for a missing service, and one
  // for each of its services' pages, so that the keys are bounded by the catalogue: a new catalogue comes as a new
  // Buffer, and the pages of old ones are collected.
  const pages = new WeakMap<Buffer, Pages>();
  const buildPage = async (catalogueJson: string, route: string | undefined, plan: PagePlan) => {
    const scripts = (route && routePreloads[route]) || [];
    let firstPaint = '';
    if (renderFirstPaint && plan.firstPaintPath !== undefined) {
      try {
        firstPaint = await renderFirstPaint(plan.firstPaintPath, catalogueJson);
      } catch (error) {
        // The app draws the page as it did before there was a first paint.
        app.log.error(
          { err: error, path: plan.firstPaintPath },
          'first paint failed; page served without it',
        );
      }
    }
    const page = withHead(template, headTags(appUrl, plan.head));
    return encodeOnce(Buffer.from(pageWithCatalogue(page, catalogueJson, scripts, firstPaint)));
  };
  const pageFor = (catalogue: PageCatalogue, pathname: string, route: string | undefined) => {
    let forCatalogue = pages.get(catalogue.list);
    if (!forCatalogue) {
      forCatalogue = {
        services:
          catalogue === noCatalogue
            ? undefined
            : new Map(catalogue.services.map((service) => [service.id, service])),
        byKey: new Map(),
      };
      pages.set(catalogue.list, forCatalogue);
    }
    const plan = planOf(pathname, route, forCatalogue.services);
    let page = forCatalogue.byKey.get(plan.key);
    if (!page) {
      page = buildPage(catalogue.list.toString('utf8'), route, plan);
      forCatalogue.byKey.set(plan.key, page);
    }
    return { status: plan.status, page };
  };
  const send = async (request: FastifyRequest, reply: FastifyReply, catalogue: PageCatalogue) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const route = pageRouteOf(pathname);
    const { status, page: building } = pageFor(catalogue, pathname, route);
    const page = await building;
    reply.header('cache-control', revalidate).header('etag', page.etag).type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).header('vary', 'accept-encoding').send();
    }
    return sendEncoded(request, reply.code(status), page);
  };
  const fallback: SpaFallback = (request, reply) => {
    const catalogue = catalogueNow();
    if (!(catalogue instanceof Promise)) return send(request, reply, catalogue);
    // The page does not depend on the database: without the catalogue the app asks the API for it (and says so
    // when that fails too).
    return catalogue.then(
      (now) => send(request, reply, now),
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
