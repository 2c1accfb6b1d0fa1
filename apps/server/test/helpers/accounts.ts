// Drives the accounts service the way a browser does: Origin header, cookies from Set-Cookie.
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';

export const appUrl = 'http://localhost:3000';

/** The `name=value` pairs of every Set-Cookie of a response, as a Cookie header (empty when none). */
export function cookieHeader(response: InjectResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export interface Caller {
  ip?: string;
  cookie?: string;
  bearer?: string;
}

export function identity(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  caller: Caller = {},
) {
  return app.inject({
    method,
    url: `/api/identity${path}`,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      origin: appUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

export function api(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  caller: Caller = {},
  body?: object,
) {
  return app.inject({
    method,
    url,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: {
      origin: appUrl,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}
