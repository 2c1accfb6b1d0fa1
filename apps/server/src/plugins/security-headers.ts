import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from '../lib/request-path.ts';

/**
 * Security headers on every answer (API, SPA, API docs): a CSP allowing only our own origin and no inline
 * scripts, no framing, nosniff, and a referrer policy. Swagger UI (at /api/docs) loads only its own files; its
 * pages alone also allow inline styles (plugins/swagger.ts), never inline scripts.
 *
 * Helmet's middleware is built once here: @fastify/helmet built it anew on every request (parsing the policy each
 * time), which cost a fifth of the catalogue's throughput.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Also the web workers' source (worker-src falls back to it): the person check's proof of work runs in a
        // worker file of our own origin, never a blob: (docs/decisions/041).
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; on plain http://localhost it would only confuse.
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  // API answers hold personal data (profiles, bookings, sessions): no browser or proxy keeps a copy, unless a route
  // says its answer is public.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
