// Typed errors thrown by services, and the one error handler that turns every failure into `{ message, errors? }`.
import { type ApiErrorBody, type FieldError, messages } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  constructor(statusCode: number, message: string, errors?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export class NotFound extends AppError {
  override name = 'NotFound';
  constructor(message: string = messages.pageNotFound) {
    super(404, message);
  }
}

export class Conflict extends AppError {
  override name = 'Conflict';
  constructor(message: string) {
    super(409, message);
  }
}

export class Forbidden extends AppError {
  override name = 'Forbidden';
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class ValidationFailed extends AppError {
  override name = 'ValidationFailed';
  constructor(errors: FieldError[], message: string = messages.invalidRequest) {
    super(400, message, errors);
  }
}

/**
 * For routes with `attachValidation` (so that the guards answer 401/403 before a bad request is judged): throws
 * the schema's problems as `{ path, msg }`, the first one as the message.
 */
export function throwValidationErrors(request: FastifyRequest): void {
  if (!request.validationError) return;
  const issues = (request.validationError.validation ?? []) as { instancePath?: string; message?: string }[];
  const context = (request.validationError as { validationContext?: string }).validationContext ?? 'body';
  const errors: FieldError[] = issues.map((issue) => ({
    path: issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context,
    msg: issue.message ?? 'is invalid',
  }));
  throw new ValidationFailed(errors, errors[0]?.msg);
}

/** Clear messages for the client errors Fastify raises before a handler runs (parsing, limits, URL). */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_INVALID_URL: 'The URL is not valid',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
};

function fieldPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? (context ?? 'request') : path;
}

type ErrorLike = Partial<FastifyError> & { status?: number; type?: string };

/** The status and body a failure answers with; undefined body status means a 5xx. */
export function describeError(error: unknown): { statusCode: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as ErrorLike).validationContext;
    return {
      statusCode: 400,
      body: {
        message: messages.invalidRequest,
        errors: error.validation.map((issue) => ({
          path: fieldPath(issue.instancePath, context),
          msg: issue.message ?? 'is invalid',
        })),
      },
    };
  }
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
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
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ statusCode, message: body.message }, 'request refused');
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
