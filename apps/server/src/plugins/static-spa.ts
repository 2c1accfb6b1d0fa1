import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPageRoute } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers a GET for a path that is neither an API route nor a built file: the SPA's index.html. */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

export const webBuildMissingMessage =
  'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then restart the server.';

/** Whether `webDistDir` holds a built web app. */
export function webBuildPresent(webDistDir: string): boolean {
  return existsSync(join(webDistDir, 'index.html'));
}

/**
 * Serves the built SPA from `webDistDir`: hashed files under /assets are cached for a year, index.html is
 * revalidated every time and answers every page route with 200 and any other path with 404 (the SPA then shows
 * 'Page Not Found'). Without a build, non-API paths answer 503 with a hint instead of crashing start-up.
 */
export async function registerStaticSpa(app: FastifyInstance, webDistDir: string): Promise<SpaFallback> {
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
    setHeaders: (reply, path) => {
      const isAsset = path.startsWith(join(webDistDir, 'assets'));
      reply.header('cache-control', isAsset ? immutable : revalidate);
    },
  });
  const fallback: SpaFallback = (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    return reply
      .code(isPageRoute(pathname) ? 200 : 404)
      .header('cache-control', revalidate)
      .sendFile('index.html');
  };
  // The static handler refuses directories (403) since index files are off; the home page is the SPA too.
  app.get('/', { schema: { hide: true } }, fallback);
  return fallback;
}
