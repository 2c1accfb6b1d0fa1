import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { databaseFailure } from '../db/errors.ts';
import { canonicalUrl } from '../lib/request-path.ts';

/**
 * Tokens travel in some URLs (the e-mail verification link, the calendar feed, a reminder's signed calendar link):
 * they never reach the logs, however
 * the URL spells them (a refused, disguised path is logged too, as the router would have read it).
 */
export function redactTokens(url: string): string {
  return canonicalUrl(url)
    .replace(/([?&](?:token|callbackURL|signature)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]')
    .replace(/^(\/api\/calendar\/)[^/?#]+/, '$1[redacted]');
}

/**
 * One structured line per request (method, url, status, time), instead of Fastify's two; every line carries the
 * request id. Headers are not logged, so no cookie or token ever reaches the logs.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: redactTokens(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** A stack's frames without its first line: a query's error message carries its parameters (personal data). */
function framesOf(stack: string | undefined): string {
  const at = stack?.indexOf('\n    at ') ?? -1;
  return stack && at >= 0 ? stack.slice(at + 1) : '';
}

/** The shape pino's serializers give an error. */
interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * How an error is logged: a database error as its code and the constraint, table or column it concerns — never
 * the query, its parameters or the server's detail, which hold what people typed; any other error with its message,
 * stack and cause.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const failure = databaseFailure(error);
  if (failure)
    return { type: error.name, message: 'database query failed', ...failure, stack: framesOf(error.stack) };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(error.cause === undefined ? {} : { cause: serializeError(error.cause) }),
  };
}

/** Paths in logged objects that may hold a secret; pino replaces their values. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.token',
];

/** The app's logger: JSON lines at `level`, secrets redacted, errors without personal data. */
export function loggerOptions(level: string, stream?: Writable) {
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
