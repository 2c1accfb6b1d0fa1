// What crawlers read before the pages: robots.txt (what to leave alone, where the sitemap is) and sitemap.xml
// (the public pages and the page of every offered service).
import { crawlerPaths, crawlersDisallowed, paths, publicPageHeads, type Service } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/mail/letter.ts';
import { catalogueForPages } from '../catalogue/catalogue.service.ts';

/** robots.txt for an app at `appUrl`. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...crawlersDisallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}${crawlerPaths.sitemap}`,
    '',
  ].join('\n');
}

/** sitemap.xml for an app at `appUrl`: the public pages, then every offered service's page in catalogue order. */
export function sitemapXml(appUrl: string, services: readonly Pick<Service, 'id' | 'active'>[]): string {
  const pages = [
    ...Object.keys(publicPageHeads),
    ...services.filter((service) => service.active).map((service) => paths.service(service.id)),
  ];
  const urls = pages.map((path) => `<url><loc>${escapeHtml(`${appUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export async function crawlersRoutes(app: FastifyInstance, options: { appUrl: string }) {
  const robots = robotsTxt(options.appUrl);
  // One sitemap per version of the catalogue (whose services list is a new array with every change, in every
  // process alike: docs/decisions/010).
  const sitemaps = new WeakMap<readonly Service[], string>();
  const hide = { schema: { hide: true } };
  app.get(crawlerPaths.robots, hide, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots),
  );
  app.get(crawlerPaths.sitemap, hide, async (_request, reply) => {
    const { services } = await catalogueForPages(app.db);
    let sitemap = sitemaps.get(services);
    if (sitemap === undefined) {
      sitemap = sitemapXml(options.appUrl, services);
      sitemaps.set(services, sitemap);
    }
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemap);
  });
}
