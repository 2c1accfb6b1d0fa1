import { apiErrorBodySchema } from '@portal/domain';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';

/** Spec §9: API timeout 10000 ms. */
export const API_TIMEOUT_MS = 10_000;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Cancels the request (TanStack Query passes one); the 10 s timeout applies regardless. */
  signal?: AbortSignal;
}

/** The one place that talks HTTP: calls the API and returns the body validated by `schema`, or throws `ApiError`. */
export async function apiRequest<T>(
  path: string,
  schema: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    // A cancellation by the caller is not a failure of the API: let it through untouched.
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'The request timed out');
    throw new ApiError(0, 'API unavailable');
  }

  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(body);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.message, parsed.data.errors)
      : new ApiError(response.status, `Request failed with status ${response.status}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected response from the server');
  return parsed.data;
}
