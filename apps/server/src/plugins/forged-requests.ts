// Cross-site request forgery, refused for the whole API in one place: a state-changing request that carries the
// session cookie must come from the portal's own pages. SameSite=Lax cookies and JSON bodies already make such an
// attack hard; this is the defence in depth a portal holding clients' data owes them.
import { accountMessages } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../lib/accounts/library.ts';
import { Forbidden } from '../lib/errors.ts';
import { isApiPath } from '../lib/request-path.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionCookie = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${sessionCookieName.replace('.', '\\.')}=`);

/** The origin the request says it comes from: its Origin header, or without one its Referer's origin. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  if (referer === undefined || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

/** Refuses (403) a cookie-authenticated POST/PUT/PATCH/DELETE under /api whose origin is not APP_URL's. */
export function registerForgedRequestGuard(app: FastifyInstance, options: { appUrl: string }): void {
  const trustedOrigin = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method) || !isApiPath(request.url)) return;
    // A bearer token is not sent by a browser on its own: only a cookie can be ridden by a forged request.
    if (!sessionCookie.test(request.headers.cookie ?? '')) return;
    if (requestOrigin(request) !== trustedOrigin) throw new Forbidden(accountMessages.originNotAllowed);
  });
}
