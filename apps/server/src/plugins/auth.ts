// Mounts the accounts service (better-auth) at /api/identity in its own scope, which hands the raw body to it,
// and provides the guards our own routes use: requireSession and requireRole.
import {
  accountErrorCodes,
  accountMessages,
  identityBasePath,
  isCommonPassword,
  isRole,
  type Role,
} from '@portal/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Auth, clientIpHeader, createAuth } from '../auth/auth.ts';
import { clearFailedSignIns, isLockedOut, recordFailedSignIn } from '../auth/sign-in-failures.ts';
import { AppError } from '../modules/errors.ts';

/** The signed-in caller of a guarded route. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  role: Role;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** preHandler: 401 `{ message }` unless the request carries a valid session (cookie or bearer token). */
    requireSession: preHandlerAsyncHookHandler;
    /** preHandler: 401 when signed out, 403 `{ message }` when the caller's role is not one of `roles`. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by requireSession / requireRole. */
    sessionUser?: SessionUser;
  }
}

export class Unauthorized extends AppError {
  override name = 'Unauthorized';
  constructor(message: string = accountMessages.noActiveSession) {
    super(401, message);
  }
}

const json = 'application/json; charset=utf-8';
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

async function sendFetchResponse(reply: FastifyReply, response: Response, extraCookies: string[] = []) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!skippedResponseHeaders.has(name)) reply.header(name, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).type(json).send(JSON.stringify({ code, message }));
}

type JsonBody = Record<string, unknown>;

function parseJson(body: Buffer | undefined): JsonBody | undefined {
  if (!body || body.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonBody)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Spec texts for better-auth's answers, keyed by its codes; the code stays in the body for the web to switch on. */
const rewrittenMessages: Record<string, string> = {
  [accountErrorCodes.emailNotVerified]: accountMessages.verifyBeforeLogin,
  [accountErrorCodes.passwordTooShort]: accountMessages.passwordTooShort,
  [accountErrorCodes.invalidToken]: accountMessages.resetLinkInvalid,
};

async function withSpecMessages(response: Response, path: string): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json'))
    return response;
  const text = await response.text();
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return new Response(text, response);
  }
  if (response.status === 429)
    body = { code: accountErrorCodes.tooManyRequests, message: accountMessages.tooManyRequests };
  let replacement = typeof body.code === 'string' ? rewrittenMessages[body.code] : undefined;
  if (path === '/reset-password' && body.code === accountErrorCodes.passwordTooShort) {
    replacement = accountMessages.passwordTooShortReset;
  }
  if (replacement) body = { ...body, message: replacement };
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

export async function registerAuth(
  app: FastifyInstance,
  options: { appUrl: string; secret: string },
): Promise<void> {
  const auth = createAuth({
    db: app.db,
    appUrl: options.appUrl,
    secret: options.secret,
    log: app.log,
    sendMail: (message) => app.mail.send(message),
  });
  app.decorate('auth', auth);
  const db = app.db;
  const trustedOrigin = new URL(options.appUrl).origin;

  async function sessionUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    if (request.sessionUser) return request.sessionUser;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return undefined;
    const { user } = found;
    const role = (user as { role?: unknown }).role;
    request.sessionUser = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      role: isRole(role) ? role : 'client',
      createdAt: user.createdAt,
    };
    return request.sessionUser;
  }

  app.decorateRequest('sessionUser', undefined);
  app.decorate('requireSession', async (request: FastifyRequest) => {
    if (!(await sessionUser(request))) throw new Unauthorized();
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    const user = await sessionUser(request);
    if (!user) throw new Unauthorized();
    if (!roles.includes(user.role)) throw new AppError(403, accountMessages.adminRequired);
  });

  await app.register(async (scope) => {
    // better-auth reads the body itself: Fastify only collects the bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });

    scope.route({
      method: ['GET', 'POST'],
      url: `${identityBasePath}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        // Login CSRF: better-auth checks the Origin only when cookies are present; a browser always sends one
        // on a POST, so a foreign one is refused here too. Clients without an Origin (API clients) pass.
        const origin = request.headers.origin;
        if (request.method === 'POST' && origin !== undefined && origin !== trustedOrigin) {
          return reply
            .code(403)
            .type(json)
            .send(JSON.stringify({ message: accountMessages.originNotAllowed }));
        }
        const url = new URL(request.url, options.appUrl);
        const path = url.pathname.slice(identityBasePath.length);
        const headers = toFetchHeaders(request);
        let body = request.method === 'POST' ? (request.body as Buffer | undefined) : undefined;
        const fields = request.method === 'POST' ? parseJson(body) : undefined;
        const forward = () => auth.handler(new Request(url, { method: request.method, headers, body }));

        if (path === '/sign-up/email' && fields) {
          if (typeof fields.password === 'string' && isCommonPassword(fields.password)) {
            return refuse(reply, 400, accountErrorCodes.passwordTooCommon, accountMessages.passwordTooCommon);
          }
          // The spec's sign-up has no name; better-auth requires one. Until the profile names the person, the
          // account's name is its e-mail address.
          if (
            typeof fields.email === 'string' &&
            (typeof fields.name !== 'string' || fields.name.trim() === '')
          ) {
            body = Buffer.from(JSON.stringify({ ...fields, name: fields.email.trim() }));
          }
        }

        if (path === '/sign-in/email' && fields && typeof fields.email === 'string') {
          const email = fields.email;
          if (await isLockedOut(db, email)) {
            return refuse(
              reply,
              429,
              accountErrorCodes.tooManyFailedSignIns,
              accountMessages.tooManyFailedSignIns,
            );
          }
          const response = await forward();
          if (response.status === 401) await recordFailedSignIn(db, email);
          else if (response.ok) await clearFailedSignIns(db, email);
          return sendFetchResponse(reply, await withSpecMessages(response, path));
        }

        if (path === '/reset-password' && fields) {
          const { newPassword, token } = fields;
          if (typeof newPassword === 'string' && isCommonPassword(newPassword)) {
            return refuse(reply, 400, accountErrorCodes.passwordTooCommon, accountMessages.passwordTooCommon);
          }
          // Whose token it is, read before better-auth consumes it: on success that user is signed in here.
          let email: string | undefined;
          if (typeof token === 'string' && typeof newPassword === 'string') {
            const context = await auth.$context;
            const verification = await context.internalAdapter.findVerificationValue(
              `reset-password:${token}`,
            );
            if (verification) email = (await context.internalAdapter.findUserById(verification.value))?.email;
          }
          const response = await forward();
          if (!response.ok || !email || typeof newPassword !== 'string') {
            return sendFetchResponse(reply, await withSpecMessages(response, path));
          }
          await clearFailedSignIns(db, email);
          const signedIn = await auth.api.signInEmail({
            body: { email, password: newPassword },
            headers: fromNodeHeaders(request.headers),
            returnHeaders: true,
          });
          return sendFetchResponse(reply, response, signedIn.headers.getSetCookie());
        }

        return sendFetchResponse(reply, await withSpecMessages(await forward(), path));
      },
    });
  });
}
