// What the OpenAPI document says beyond the routes' zod schemas, so that a client generated from it can sign in and
// call every operation: the security schemes and each operation's, an operationId, the response headers clients
// read, 413 where a body is taken, and the accounts library's endpoints (lib/accounts/library-openapi.ts).
import { sessionCookieName } from '../lib/accounts/library.ts';
import { accountsLibraryPaths } from '../lib/accounts/library-openapi.ts';

type Json = Record<string, unknown>;

interface Operation extends Json {
  operationId?: string;
  security?: Json[];
  parameters?: { name: string; in: string }[];
  requestBody?: Json;
  responses?: Record<string, Json & { headers?: Json; content?: Json }>;
}

export interface OpenApiObject extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { securitySchemes?: Json };
}

/**
 * The session cookie for browsers (`__Secure-` prefixed when the portal is served over https, as the accounts library
 * names it then), the bearer token for API clients (docs/decisions/025).
 */
export function securitySchemesFor(appUrl: string) {
  const https = new URL(appUrl).protocol === 'https:';
  return {
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: https ? `__Secure-${sessionCookieName}` : sessionCookieName,
      description:
        "The httpOnly session cookie that sign-in sets. A write with it must come from the portal's own pages " +
        '(Origin or Referer of the portal).',
    },
    bearerToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'signed session token',
      description:
        'The `set-auth-token` header of POST /api/identity/sign-in/email, handed to API clients only (a sign-in ' +
        'without Origin, Sec-Fetch-Site, Sec-Fetch-Dest and Sec-Fetch-User), sent as `Authorization: Bearer {token}`.',
    },
  };
}

const signedIn = [{ sessionCookie: [] }, { bearerToken: [] }];

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `GET /api/services/{id}/reviews` → `getServicesByIdReviews`: unique, stable, readable in generated code. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}(.*)$/.exec(segment);
      return parameter
        ? ['by', parameter[1] ?? '', ...(parameter[2] ?? '').split(/[^A-Za-z0-9]+/)]
        : [segment];
    })
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method, ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

function header(description: string, schema: Json = { type: 'string' }): Json {
  return { description, schema };
}

const retryAfter = header('Seconds to wait before trying again', { type: 'integer', minimum: 0 });
const idempotentReplayed = header(
  'true when this answer replays the one of an earlier request with the same Idempotency-Key',
  { type: 'string', enum: ['true'] },
);
const contentDisposition = header('attachment, with the file name', { type: 'string' });

/** Whether a response is a file download (CSV, iCalendar, a booking's document). */
function isDownload(response: { content?: Json }): boolean {
  return Object.keys(response.content ?? {}).some(
    (type) =>
      type.startsWith('text/csv') || type.startsWith('text/calendar') || type === 'application/octet-stream',
  );
}

function complete(operation: Operation, method: string, path: string): void {
  operation.operationId ??= operationIdOf(method, path);
  const responses = operation.responses ?? {};
  // Every operation that can answer 401 needs a session; the others are public.
  operation.security ??= '401' in responses ? signedIn : [];
  if (operation.requestBody && !('413' in responses)) {
    responses['413'] = {
      description: 'The body is over the limit of the operation',
      content: responses.default?.content ?? {},
    };
  }
  const replayable = (operation.parameters ?? []).some(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
  );
  for (const [status, response] of Object.entries(responses)) {
    // Ours send Retry-After; the accounts library's limiter (which documents its own) X-Retry-After.
    if (status === '429' && !response.headers) response.headers = { 'Retry-After': retryAfter };
    if (replayable && status.startsWith('2')) {
      response.headers = { 'Idempotent-Replayed': idempotentReplayed, ...response.headers };
    }
    if (status === '200' && isDownload(response)) {
      response.headers = { 'Content-Disposition': contentDisposition, ...response.headers };
    }
  }
  operation.responses = responses;
}

/** The document with everything above added (the routes' own settings win where they have some). */
export function completeOpenApiDocument<T extends OpenApiObject>(
  document: T,
  options: { appUrl: string },
): T {
  const paths = { ...document.paths, ...accountsLibraryPaths } as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (methods.includes(method)) complete(operation, method, path);
    }
  }
  return {
    ...document,
    paths,
    components: { ...document.components, securitySchemes: securitySchemesFor(options.appUrl) },
  };
}
