// The accounts library's endpoints (better-auth) at /api/identity. In front of it, HTTP only: the endpoints the
// portal uses and no others, JSON bodies only, an Origin check on every POST (login CSRF), the client address for
// its rate limits; behind it, the product's wording of its messages and no session token in what a browser reads.
// Our account rules run inside better-auth, on the body it parsed (lib/accounts/library-hooks.ts).
import {
  type AdminTwoFactorMode,
  accountErrorCodes,
  accountMessages,
  apiPaths,
  isRole,
  messages,
  sitePath,
  twoFactorErrorCodes,
  twoFactorMessages,
  twoFactorRequiredFor,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIpHeader } from '../../lib/accounts/library.ts';
import { checkedTexts } from '../../lib/accounts/library-hooks.ts';
import { BadRequest, Forbidden, invalidField, NotFound, UnsupportedMediaType } from '../../lib/errors.ts';
import { isJsonTooDeep, maxJsonDepth } from '../../lib/json-depth.ts';

/**
 * The endpoints the portal calls — the web app (lib/accounts-client.ts, features/accounts/api) and the e-mailed
 * verification link — by method and path. Everything else better-auth has (its admin endpoints above all: roles
 * change only through `npm run set-role`) answers 404 (docs/decisions/024).
 */
export const portalEndpoints: ReadonlySet<string> = new Set([
  `GET ${apiPaths.accounts.session}`,
  `POST ${apiPaths.accounts.signUp}`,
  `POST ${apiPaths.accounts.signIn}`,
  `POST ${apiPaths.accounts.signOut}`,
  `POST ${apiPaths.accounts.sendVerificationEmail}`,
  `GET ${apiPaths.accounts.verifyEmail}`,
  `POST ${apiPaths.accounts.requestPasswordReset}`,
  `POST ${apiPaths.accounts.resetPassword}`,
  `POST ${apiPaths.accounts.changePassword}`,
  `POST ${apiPaths.accounts.twoFactor.enable}`,
  `POST ${apiPaths.accounts.twoFactor.verifyTotp}`,
  `POST ${apiPaths.accounts.twoFactor.verifyBackupCode}`,
  `POST ${apiPaths.accounts.twoFactor.disable}`,
  `POST ${apiPaths.accounts.twoFactor.generateBackupCodes}`,
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
/**
 * Response headers Fastify sets itself for the bytes it sends, and the bearer plugin's token header with its CORS
 * exposure (handed out only to API clients' sign-ins, below).
 */
const skippedResponseHeaders = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'set-cookie',
  'set-auth-token',
  'access-control-expose-headers',
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

/**
 * Whether the caller is a browser: browsers send `Origin` on every POST and `Sec-Fetch-Site` and `Sec-Fetch-Dest`
 * with every request to a secure or local site, and a page script can remove none of them. `Sec-Fetch-Mode` alone
 * tells nothing: Node's own `fetch` sends `Sec-Fetch-Mode: cors` and nothing else of these, and is an API client.
 */
function fromBrowser(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers.origin !== undefined ||
    headers['sec-fetch-site'] !== undefined ||
    headers['sec-fetch-dest'] !== undefined ||
    headers['sec-fetch-user'] !== undefined
  );
}

function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  // An API client's lone `Sec-Fetch-Mode` (Node's fetch) would make better-auth demand an Origin it never sends.
  const apiClient = !fromBrowser(request);
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopHeaders.has(name) || (apiClient && name === 'sec-fetch-mode')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The address Fastify sees (it honours TRUST_PROXY) keys the rate limits; whatever a client sent is dropped.
  headers.set(clientIpHeader, request.ip);
  return headers;
}

/** The request as better-auth reads it: the same method, headers and bytes (a POST's, when it has any). */
function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const body =
    request.method === 'POST' && Buffer.isBuffer(request.body) && request.body.length > 0
      ? request.body
      : undefined;
  return new Request(url, { method: request.method, headers: toFetchHeaders(request), body });
}

/**
 * Only an API client's sign-in gets the bearer token (a browser's scripts could read it), and its change of
 * password, which ends the session it came with and starts a new one.
 */
function handsOutBearerToken(request: FastifyRequest, url: URL): boolean {
  return (
    (url.pathname === apiPaths.accounts.signIn || url.pathname === apiPaths.accounts.changePassword) &&
    !fromBrowser(request)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The product's texts for better-auth's answers, by its codes; the code stays beside them for the web app. */
const rewrittenMessages: Record<string, string> = {
  [accountErrorCodes.emailNotVerified]: accountMessages.verifyBeforeLogin,
  [accountErrorCodes.passwordTooShort]: accountMessages.passwordTooShort,
  [accountErrorCodes.invalidToken]: accountMessages.resetLinkInvalid,
  // A change of password's wrong current password.
  [accountErrorCodes.invalidPassword]: accountMessages.passwordIncorrect,
  [twoFactorErrorCodes.invalidCode]: twoFactorMessages.invalidCode,
  [twoFactorErrorCodes.invalidRecoveryCode]: twoFactorMessages.invalidRecoveryCode,
  [twoFactorErrorCodes.signInExpired]: twoFactorMessages.signInExpired,
  [twoFactorErrorCodes.tooManyAttempts]: twoFactorMessages.tooManyAttempts,
  [twoFactorErrorCodes.locked]: twoFactorMessages.locked,
  [twoFactorErrorCodes.alreadyOn]: twoFactorMessages.alreadyOn,
  [twoFactorErrorCodes.notSetUp]: twoFactorMessages.notSetUp,
  [twoFactorErrorCodes.notOn]: twoFactorMessages.notSetUp,
};

function withProductMessage(body: Record<string, unknown>, status: number, path: string) {
  // better-auth's rate limiter answers 429 without a code.
  if (status === 429) {
    return { code: accountErrorCodes.tooManyRequests, message: accountMessages.tooManyRequests };
  }
  let replacement = typeof body.code === 'string' ? rewrittenMessages[body.code] : undefined;
  if (path === apiPaths.accounts.resetPassword && body.code === accountErrorCodes.passwordTooShort) {
    replacement = accountMessages.passwordTooShortReset;
  }
  return replacement ? { ...body, message: replacement } : body;
}

/**
 * A session token never reaches page scripts (sign-in answers `token`, get-session `session.token`): a script that
 * can read it can carry the session away, which the httpOnly cookie exists to prevent.
 */
function withoutSessionToken(body: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, ...rest } = body;
  if (!isRecord(rest.session)) return rest;
  const { token: _sessionToken, ...session } = rest.session;
  return { ...rest, session };
}

/**
 * get-session's user says whether the firm requires a second factor of it (`twoFactorRequired`, from
 * ADMIN_TWO_FACTOR and its role), beside better-auth's `twoFactorEnabled`: the web app sends an administrator or
 * consultant who must set one up to do so (docs/decisions/053).
 */
function withTwoFactorPolicy(
  body: Record<string, unknown>,
  mode: AdminTwoFactorMode,
): Record<string, unknown> {
  if (!isRecord(body.user)) return body;
  const role = isRole(body.user.role) ? body.user.role : 'client';
  return { ...body, user: { ...body.user, twoFactorRequired: twoFactorRequiredFor(role, mode) } };
}

/** The body the client gets: JSON objects in the product's words and without a session token; the rest as it is. */
async function clientBody(response: Response, path: string, mode: AdminTwoFactorMode): Promise<Buffer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.headers.get('content-type')?.includes('application/json')) return bytes;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes;
  }
  if (!isRecord(body)) return bytes;
  const shaped =
    response.status >= 400 ? withProductMessage(body, response.status, path) : withoutSessionToken(body);
  const answered = path === apiPaths.accounts.session ? withTwoFactorPolicy(shaped, mode) : shaped;
  return Buffer.from(JSON.stringify(answered));
}

async function sendAnswer(
  reply: FastifyReply,
  response: Response,
  path: string,
  handOutBearerToken: boolean,
  mode: AdminTwoFactorMode,
) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!skippedResponseHeaders.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // The signed session token, for an API client to send as a bearer token; never to a browser, whose scripts
  // could read it.
  const bearerToken = response.headers.get('set-auth-token');
  if (handOutBearerToken && bearerToken) reply.header('set-auth-token', bearerToken);
  return reply.send(await clientBody(response, path, mode));
}

export async function accountsLibraryRoutes(app: FastifyInstance, options: { appUrl: string }) {
  const trustedOrigin = new URL(options.appUrl).origin;

  await app.register(async (scope) => {
    // better-auth reads the body itself: Fastify only collects the bytes (JSON only: checked below).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      // Our hooks inside better-auth walk the body it parses: a pathologically deep one stops here.
      if (isJsonTooDeep(body.toString('utf8'))) done(new BadRequest(messages.jsonTooDeep(maxJsonDepth)));
      else done(null, body);
    });
    scope.addHook('onRequest', async (request) => {
      const { pathname } = new URL(request.url, options.appUrl);
      if (!portalEndpoints.has(`${request.method} ${pathname}`)) throw new NotFound(messages.routeNotFound);
      if (request.method !== 'POST') {
        // The e-mailed link says where to go next: only to one of our pages (better-auth would follow any URL
        // there, and fail on what is no URL at all).
        const next = new URL(request.url, options.appUrl).searchParams.get('callbackURL');
        if (
          next !== null &&
          sitePath(next) === undefined &&
          !(URL.canParse(next) && new URL(next).origin === trustedOrigin)
        )
          throw invalidField('callbackURL', accountMessages.callbackNotOnSite);
        return;
      }
      // Login CSRF: better-auth checks the Origin only when cookies are present; a browser always sends one on a
      // POST, so a foreign one is refused here too. Clients without an Origin (API clients) pass.
      const { origin } = request.headers;
      if (origin !== undefined && origin !== trustedOrigin) {
        throw new Forbidden(accountMessages.originNotAllowed);
      }
      // better-auth would also read form posts (sign-in, sign-up); a body is JSON or nothing.
      const contentType = request.headers['content-type'];
      if (contentType === undefined ? hasBody(request) : !isJsonContentType(contentType)) {
        throw new UnsupportedMediaType(accountMessages.jsonBodyRequired);
      }
    });

    // The text rule before better-auth's own checks: a callbackURL with a line break is a 400 naming it, not
    // better-auth's 403 for an untrusted URL (its hooks normalise the same fields again).
    scope.addHook('preHandler', async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) return;
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return; // better-auth answers a body that is no JSON
      }
      if (isRecord(body)) checkedTexts(body);
    });

    scope.route({
      method: ['GET', 'POST'],
      url: `${apiPaths.accounts.library}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, options.appUrl);
        const response = await app.accountsLibrary.handler(toFetchRequest(request, url));
        return sendAnswer(
          reply,
          response,
          url.pathname,
          handsOutBearerToken(request, url),
          app.adminTwoFactor,
        );
      },
    });
  });
}
