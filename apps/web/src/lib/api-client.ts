import { invalidPasswordCode, isAccountsLibraryPath, twoFactorRequiredCode } from '@portal/domain';
import type { ZodType } from 'zod';
import { ApiError, UnexpectedResponseError } from './api-error';

/** Every API call gives up after 10 s (docs/product.md#limits). */
const API_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a `FormData` goes as it is (multipart/form-data, the browser writing its boundary). */
  body?: unknown;
  /** How long to wait for the answer; 10 s unless a call sends more than a form's worth (an upload). */
  timeoutMs?: number;
  /** Extra request headers (for example `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Cancels the request (TanStack Query passes one); the 10 s timeout applies regardless. */
  signal?: AbortSignal;
}

let onUnauthorized: (() => void) | undefined;
let onTwoFactorRequired: (() => void) | undefined;

/**
 * What to do when the product's API answers 401: clear the client's account state and data, go to /login
 * (docs/product.md#sessions-and-the-account-state). The accounts library's own 401s (wrong password, no session)
 * and a wrong password asked again are answers, not expiries, and are left to the screen that asked.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A 401 that answers a password asked again (an export, an erasure): the session is still good. */
function isWrongPassword(body: unknown): boolean {
  return isRecord(body) && body.code === invalidPasswordCode;
}

/** `{ message, code?, errors?: [{ path, msg }] }`, read without a schema library so the first load stays small. */
function errorFrom(status: number, body: unknown): ApiError {
  if (!isRecord(body) || typeof body.message !== 'string' || body.message === '') {
    return new ApiError(status, `Request failed with status ${status}`);
  }
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(
        (error): error is { path: string; msg: string } =>
          isRecord(error) && typeof error.path === 'string' && typeof error.msg === 'string',
      )
    : [];
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(status, body.message, errors, code);
}

/** Sends the request; a network failure or timeout is an `ApiError` of status 0. */
export async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const form = options.body instanceof FormData ? options.body : undefined;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      credentials: 'same-origin',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    // A cancellation by the caller is not a failure of the API: let it through untouched.
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'The request timed out');
    throw new ApiError(0, 'API unavailable');
  }
  return response;
}

/**
 * What to do when the API answers 403 `TWO_FACTOR_REQUIRED`: the firm requires a second factor this account has not
 * set up (docs/product.md#two-factor-sign-in); the signed-in pages read the account again and send it to set one up.
 */
export function setTwoFactorRequiredHandler(handler: (() => void) | undefined): void {
  onTwoFactorRequired = handler;
}

/** A refusal's `ApiError`, after signing out on a 401 that means the session is gone. */
export function refusal(path: string, status: number, body: unknown): ApiError {
  if (status === 401 && !isAccountsLibraryPath(path) && !isWrongPassword(body)) onUnauthorized?.();
  if (status === 403 && isRecord(body) && body.code === twoFactorRequiredCode) {
    onTwoFactorRequired?.();
  }
  return errorFrom(status, body);
}

/** The one place that talks HTTP: calls the API and returns the parsed JSON body (or null), or throws `ApiError`. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(path, options, 'application/json');
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw refusal(path, response.status, body);
  return body;
}

/** Calls the API and returns the body validated by `schema`; throws `ApiError`, or `UnexpectedResponseError`. */
export async function apiRequest<T>(
  path: string,
  schema: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const body = await apiFetch(path, options);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedResponseError();
  return parsed.data;
}
