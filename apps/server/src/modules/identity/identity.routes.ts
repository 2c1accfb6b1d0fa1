// The accounts service's endpoints (better-auth) at /api/identity. In front of it, HTTP only: the endpoints the
// portal uses and no others, JSON bodies only, an Origin check on every POST (login CSRF), the client address for
// its rate limits; behind it, the product's wording of its messages.
// Our account rules run inside better-auth, on the body it parsed (lib/auth/identity-rules.ts).
import {
  accountErrorCodes,
  accountMessages,
  identityBasePath,
  identityPaths,
  messages,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIpHeader } from '../../lib/auth/auth.ts';
import { Forbidden, HttpError, NotFound } from '../../lib/errors.ts';

/**
 * The endpoints the portal calls — the web app (lib/auth-client.ts, features/accounts/api) and the e-mailed
 * verification link — by method and path. Everything else better-auth has (its admin endpoints above all: roles
 * change only through `npm run set-role`) answers 404 (docs/decisions/096).
 */
const portalEndpoints: ReadonlySet<string> = new Set([
  `GET ${identityPaths.session}`,
  `POST ${identityPaths.signUp}`,
  `POST ${identityPaths.signIn}`,
  `POST ${identityPaths.signOut}`,
  `POST ${identityPaths.sendVerificationEmail}`,
  `GET ${identityPaths.verifyEmail}`,
  `POST ${identityPaths.requestPasswordReset}`,
  `POST ${identityPaths.resetPassword}`,
]);

/** Request headers that describe the body or the connection as Node received it, not as we forward it. */
const hopHeaders = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  clientIpHeader,
]);
/** Response headers Fastify sets itself for the bytes it sends. */
const skippedResponseHeaders = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'set-cookie',
]);

/** `application/json`, with at most a UTF-8 charset: the one body better-auth and our rules read alike. */
function isJsonContentType(header: string): boolean {
  const [mediaType = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  return (
    mediaType === 'application/json' &&
    parameters.every((parameter) => parameter === '' || /^charset="?utf-8"?$/.test(parameter))
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopHeaders.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The address Fastify sees (it honours TRUST_PROXY) keys the rate limits; whatever a client sent is dropped.
  headers.set(clientIpHeader, request.ip);
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The product's texts for better-auth's answers, by its codes; the code stays beside them for the web app. */
const rewrittenMessages: Record<string, string> = {
  [accountErrorCodes.emailNotVerified]: accountMessages.verifyBeforeLogin,
  [accountErrorCodes.passwordTooShort]: accountMessages.passwordTooShort,
  [accountErrorCodes.invalidToken]: accountMessages.resetLinkInvalid,
};

function withProductMessage(body: Record<string, unknown>, status: number, path: string) {
  // better-auth's rate limiter answers 429 without a code.
  if (status === 429) {
    return { code: accountErrorCodes.tooManyRequests, message: accountMessages.tooManyRequests };
  }
  let replacement = typeof body.code === 'string' ? rewrittenMessages[body.code] : undefined;
  if (path === identityPaths.resetPassword && body.code === accountErrorCodes.passwordTooShort) {
    replacement = accountMessages.passwordTooShortReset;
  }
  return replacement ? { ...body, message: replacement } : body;
}

/** The body the client gets: refusals in the product's words; the rest as it is. */
async function clientBody(response: Response, path: string): Promise<Buffer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('application/json');
  if (response.status < 400 || !json) return bytes;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes;
  }
  if (!isRecord(body)) return bytes;
  return Buffer.from(JSON.stringify(withProductMessage(body, response.status, path)));
}

async function sendAnswer(reply: FastifyReply, response: Response, path: string) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!skippedResponseHeaders.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(await clientBody(response, path));
}

export async function identityRoutes(app: FastifyInstance, options: { appUrl: string }) {
  const trustedOrigin = new URL(options.appUrl).origin;

  await app.register(async (scope) => {
    // better-auth reads the body itself: Fastify only collects the bytes (JSON only: checked below).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.addHook('onRequest', async (request) => {
      const { pathname } = new URL(request.url, options.appUrl);
      if (!portalEndpoints.has(`${request.method} ${pathname}`)) throw new NotFound(messages.routeNotFound);
      if (request.method !== 'POST') return;
      // Login CSRF: better-auth checks the Origin only when cookies are present; a browser always sends one on a
      // POST, so a foreign one is refused here too. Clients without an Origin (API clients) pass.
      const { origin } = request.headers;
      if (origin !== undefined && origin !== trustedOrigin) {
        throw new Forbidden(accountMessages.originNotAllowed);
      }
      // better-auth would also read form posts (sign-in, sign-up); a body is JSON or nothing.
      const contentType = request.headers['content-type'];
      if (contentType === undefined ? hasBody(request) : !isJsonContentType(contentType)) {
        throw new HttpError(415, accountMessages.jsonBodyRequired);
      }
    });

    scope.route({
      method: ['GET', 'POST'],
      url: `${identityBasePath}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, options.appUrl);
        const body =
          request.method === 'POST' && Buffer.isBuffer(request.body) && request.body.length > 0
            ? request.body
            : undefined;
        const response = await app.auth.handler(
          new Request(url, { method: request.method, headers: toFetchHeaders(request), body }),
        );
        return sendAnswer(reply, response, url.pathname);
      },
    });
  });
}
