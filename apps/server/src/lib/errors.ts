// Every refusal the server makes is one of these typed errors; the one error handler below turns it (and any
// other failure) into `{ message, errors? }` with its status.
import { type ApiErrorBody, type FieldError, messages } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionTimeout, isDeadlock, isStatementTimeout } from '../db/errors.ts';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  /** A machine-readable reason beside the message (the accounts library's codes, which the web app switches on). */
  readonly code: string | undefined;
  constructor(statusCode: number, message: string, options: { errors?: FieldError[]; code?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.code = options.code;
  }
}

/** The errors that are a status, a message and perhaps a code. */
function refusal(statusCode: number) {
  return class extends HttpError {
    constructor(message: string, code?: string) {
      super(statusCode, message, { code });
    }
  };
}

/** 400 without a field list: a refusal the accounts library's clients tell apart by its code. */
export class BadRequest extends refusal(400) {}

/** 400: the request breaks a rule; the first problem is the message. */
export class ValidationFailed extends HttpError {
  constructor(errors: FieldError[], code?: string) {
    super(400, errors[0]?.msg ?? messages.invalidRequest, { errors, code });
  }
}

/** 400 for one field: `{ message: msg, errors: [{ path, msg }] }`. */
export function invalidField(path: string, msg: string, code?: string): ValidationFailed {
  return new ValidationFailed([{ path, msg }], code);
}

export class Unauthorized extends refusal(401) {}
export class Forbidden extends refusal(403) {}
export class NotFound extends refusal(404) {}
export class Conflict extends refusal(409) {}
/** 413: a body over the route's limit (BODY_LIMIT_BYTES unless the route raises it). */
export class PayloadTooLarge extends refusal(413) {}
/** 415: a body in a format the route does not read. */
export class UnsupportedMediaType extends refusal(415) {}
/** 422: understood, but it contradicts an earlier request (an Idempotency-Key reused for another booking). */
export class Unprocessable extends refusal(422) {}
/** 429: a limit is used up; `Retry-After` says when to try again, when that is known. */
export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, options: { retryAfterSeconds?: number; code?: string } = {}) {
    super(429, message, { code: options.code });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
/** 503: the server cannot answer now (out of time, no free connection, a deadlock); trying again may work. */
export class ServiceUnavailable extends refusal(503) {}

/** Clear messages for the client errors Fastify raises before a handler runs (parsing, limits, URL). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_INVALID_URL: 'The URL is not valid',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

/** What Fastify and its plugins put on the errors they raise; any of it may be missing. */
type FrameworkError = Partial<Pick<FastifyError, 'code' | 'statusCode' | 'validationContext'>> & {
  status?: number;
  message?: string;
};

function asFrameworkError(error: unknown): FrameworkError {
  return typeof error === 'object' && error !== null ? error : {};
}

/** A schema's problems as `{ path, msg }`: the field's dotted path, or the part of the request when it is whole. */
function fieldErrors(
  issues: readonly { instancePath: string; message?: string | undefined }[],
  context: string | undefined,
): FieldError[] {
  return issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'request'),
    msg: issue.message ?? 'is invalid',
  }));
}

/** The status and body a failure answers with; anything unexpected is a 500 with a generic message. */
function describeError(error: unknown): { statusCode: number; body: ApiErrorBody } {
  if (error instanceof HttpError) {
    const { message, code, errors } = error;
    return {
      statusCode: error.statusCode,
      body: { message, ...(code === undefined ? {} : { code }), ...(errors === undefined ? {} : { errors }) },
    };
  }
  const { code } = asFrameworkError(error);
  if (code === 'FST_ERR_HANDLER_TIMEOUT' || isStatementTimeout(error)) {
    return describeError(new ServiceUnavailable(messages.requestTimedOut));
  }
  // Transient: the same request may well succeed a moment later (deadlocks past their retries included).
  if (isConnectionTimeout(error) || isDeadlock(error)) {
    return describeError(new ServiceUnavailable(messages.serverBusy));
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return describeError(new PayloadTooLarge(messages.bodyTooLarge));
  if (hasZodFastifySchemaValidationErrors(error)) {
    return describeError(
      new ValidationFailed(fieldErrors(error.validation, asFrameworkError(error).validationContext)),
    );
  }
  const candidate = asFrameworkError(error);
  const statusCode = candidate.statusCode ?? candidate.status;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // JSON syntax errors come from the parser as SyntaxError with statusCode 400.
    const known = candidate.code ? frameworkMessages[candidate.code] : undefined;
    const message =
      known ??
      (error instanceof SyntaxError ? frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
      candidate.message ??
      messages.invalidRequest;
    return { statusCode, body: { message } };
  }
  return { statusCode: 500, body: { message: messages.internalError } };
}

/** The one error handler of the app. 5xx details are logged (with the request id), never sent. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode, body } = describeError(error);
  // A request out of time may not have sent all its body yet: closing the connection frees it at once.
  if (asFrameworkError(error).code === 'FST_ERR_HANDLER_TIMEOUT') reply.header('connection', 'close');
  if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ statusCode, message: body.message }, 'request refused');
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
