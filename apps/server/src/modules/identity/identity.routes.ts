// The accounts service's endpoints (better-auth) at /api/identity, with our rules in front of it: an Origin check
// on every POST (login CSRF), the common-password list, the per-account lock after failed sign-ins, a reset that
// signs the user in, and the product's wording of its messages (its machine-readable code kept beside them).
import { accountErrorCodes, accountMessages, identityBasePath, minPasswordLength } from '@portal/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Auth, clientIpHeader } from '../../lib/auth/auth.ts';
import { isCommonPassword } from '../../lib/auth/common-passwords.ts';
import { clearFailedSignIns, isLockedOut, recordFailedSignIn } from '../../lib/auth/sign-in-failures.ts';
import { BadRequest, Forbidden, TooManyRequests } from '../../lib/errors.ts';

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

/** The product's texts for better-auth's answers, by its codes; the code stays beside them for the web app. */
const rewrittenMessages: Record<string, string> = {
  [accountErrorCodes.emailNotVerified]: accountMessages.verifyBeforeLogin,
  [accountErrorCodes.passwordTooShort]: accountMessages.passwordTooShort,
  [accountErrorCodes.invalidToken]: accountMessages.resetLinkInvalid,
};

async function withProductMessages(response: Response, path: string): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json'))
    return response;
  const text = await response.text();
  let body: { code?: unknown; message?: unknown };
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return new Response(text, response);
    body = parsed;
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

/** One call to the accounts service, as received: where to, with which headers, and the body's bytes and fields. */
interface IdentityCall {
  request: FastifyRequest;
  url: URL;
  /** The endpoint below /api/identity, e.g. '/sign-in/email'. */
  path: string;
  headers: Headers;
  body: Buffer | undefined;
  /** The body's JSON fields, when it is a JSON object. */
  fields: Record<string, unknown>;
}

/** What goes back to the client: better-auth's answer, and cookies we add (the session of a reset). */
interface IdentityAnswer {
  response: Response;
  cookies?: string[];
}

function forward(auth: Auth, call: IdentityCall): Promise<Response> {
  const { url, request, headers, body } = call;
  return auth.handler(new Request(url, { method: request.method, headers, body }));
}

/** The body's JSON fields; anything else (no body, not JSON, not an object) has none. */
function jsonFields(body: Buffer | undefined): Record<string, unknown> {
  if (!body || body.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return isRecord(parsed) && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Case-insensitive; a password under the minimum gets better-auth's own "too short" answer instead. */
function refuseCommonPassword(password: unknown): void {
  if (typeof password === 'string' && password.length >= minPasswordLength && isCommonPassword(password)) {
    throw new BadRequest(accountMessages.passwordTooCommon, accountErrorCodes.passwordTooCommon);
  }
}

/**
 * The endpoints we add rules to; every other one is forwarded as it is. Each forwards the call itself and
 * answers what the client gets.
 */
function endpointRules(
  auth: Auth,
  db: Database,
): Record<string, (call: IdentityCall) => Promise<IdentityAnswer>> {
  return {
    '/sign-up/email': async (call) => {
      const { fields } = call;
      refuseCommonPassword(fields.password);
      // Sign-up asks for no name, and better-auth requires one: until the profile names the person, the
      // account's name is its e-mail address.
      const unnamed = typeof fields.name !== 'string' || fields.name.trim() === '';
      if (typeof fields.email === 'string' && unnamed) {
        call.body = Buffer.from(JSON.stringify({ ...fields, name: fields.email.trim() }));
      }
      return { response: await forward(auth, call) };
    },

    '/sign-in/email': async (call) => {
      const { email } = call.fields;
      if (typeof email !== 'string') return { response: await forward(auth, call) };
      if (await isLockedOut(db, email)) {
        throw new TooManyRequests(
          accountMessages.tooManyFailedSignIns,
          accountErrorCodes.tooManyFailedSignIns,
        );
      }
      const response = await forward(auth, call);
      if (response.status === 401) await recordFailedSignIn(db, email);
      else if (response.ok) await clearFailedSignIns(db, email);
      return { response };
    },

    '/reset-password': async (call) => {
      const { newPassword, token } = call.fields;
      refuseCommonPassword(newPassword);
      if (typeof token !== 'string' || typeof newPassword !== 'string') {
        return { response: await forward(auth, call) };
      }
      // Whose token it is, read before better-auth consumes it: on success that user is signed in here.
      const context = await auth.$context;
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      const owner = verification ? await context.internalAdapter.findUserById(verification.value) : null;
      const response = await forward(auth, call);
      if (!response.ok || !owner) return { response };
      await clearFailedSignIns(db, owner.email);
      const signedIn = await auth.api.signInEmail({
        body: { email: owner.email, password: newPassword },
        headers: fromNodeHeaders(call.request.headers),
        returnHeaders: true,
      });
      return { response, cookies: signedIn.headers.getSetCookie() };
    },
  };
}

export async function identityRoutes(app: FastifyInstance, options: { appUrl: string }) {
  const rules = endpointRules(app.auth, app.db);
  const trustedOrigin = new URL(options.appUrl).origin;

  await app.register(async (scope) => {
    // better-auth reads the body itself: Fastify only collects the bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    // Login CSRF: better-auth checks the Origin only when cookies are present; a browser always sends one on a
    // POST, so a foreign one is refused here too. Clients without an Origin (API clients) pass.
    scope.addHook('onRequest', async (request) => {
      const { origin } = request.headers;
      if (request.method === 'POST' && origin !== undefined && origin !== trustedOrigin) {
        throw new Forbidden(accountMessages.originNotAllowed);
      }
    });

    scope.route({
      method: ['GET', 'POST'],
      url: `${identityBasePath}/*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const call = identityCall(request, options.appUrl);
        const rule = request.method === 'POST' ? rules[call.path] : undefined;
        const answer = rule ? await rule(call) : { response: await forward(app.auth, call) };
        return sendFetchResponse(
          reply,
          await withProductMessages(answer.response, call.path),
          answer.cookies,
        );
      },
    });
  });
}

function identityCall(request: FastifyRequest, appUrl: string): IdentityCall {
  const url = new URL(request.url, appUrl);
  const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
  return {
    request,
    url,
    path: url.pathname.slice(identityBasePath.length),
    headers: toFetchHeaders(request),
    body,
    fields: jsonFields(body),
  };
}
