import { ApiError, UnexpectedResponseError } from '../../../lib/api-error';

/** The server's own words for a refusal (4xx with a message), if it gave any. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.isClientError && error.message ? error.message : undefined;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Whether the API answered at all (any HTTP status), as opposed to no answer (network, timeout) or a bug. */
export function apiAnswered(error: unknown): boolean {
  return (error instanceof ApiError && error.status > 0) || error instanceof UnexpectedResponseError;
}
