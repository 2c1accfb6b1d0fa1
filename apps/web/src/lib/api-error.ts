import type { FieldError } from '@portal/domain';

/**
 * Every failure of a call to the API, whatever its cause. `status` is the HTTP status, or 0 when no answer
 * arrived (network failure or timeout). Screens pick the product's message; `message` is the server's or ours.
 * `code` is the machine-readable reason the accounts library gives (for example `EMAIL_NOT_VERIFIED`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: FieldError[];
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: FieldError[] = [], code?: string) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** A client error (4xx): asking again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * Whether a read that has failed `failures` times before this failure is tried again: once, unless the server said
 * no (4xx): a missing service stays missing (docs/product.md#errors).
 */
export function shouldRetryRead(failures: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failures < 1;
}

/** What to tell the user of a failed change: the server's reason for a refusal (4xx), else the screen's message. */
export function refusalMessage<Fallback extends string | undefined>(
  error: unknown,
  fallback: Fallback,
): string | Fallback {
  return error instanceof ApiError && error.isClientError ? error.message : fallback;
}

/**
 * The server said yes (2xx) but its answer is not what the call expects. Not an `ApiError`: nothing was refused,
 * and a request that changes something has most likely been carried out.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';

  constructor() {
    super('Unexpected response from the server');
  }
}
