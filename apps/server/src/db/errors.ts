// PostgreSQL's error codes, read through Drizzle (it wraps the driver's error: the code is on it or its cause).

const exclusionViolation = '23P01';
const uniqueViolation = '23505';
const deadlockDetected = '40P01';
/** query_canceled: here, a statement that ran past statement_timeout. */
const queryCanceled = '57014';

/** What a failed query tells that holds no data: PostgreSQL's code and the object it concerns. */
export interface DatabaseFailure {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** The driver's error in the chain, as its code and the names of what it concerns; undefined for other errors. */
export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const failure: DatabaseFailure = { code };
      for (const name of ['constraint', 'table', 'column'] as const) {
        const value: unknown = Reflect.get(current, name);
        if (typeof value === 'string') failure[name] = value;
      }
      return failure;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function databaseErrorCode(error: unknown): string | undefined {
  return databaseFailure(error)?.code;
}

/** A write broke an exclusion constraint: for bookings, another active booking holds the time. */
export function isExclusionViolation(error: unknown): boolean {
  return databaseErrorCode(error) === exclusionViolation;
}

/** A write broke a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === uniqueViolation;
}

/** PostgreSQL ended the transaction to break a deadlock; running it again is safe. */
export function isDeadlock(error: unknown): boolean {
  return databaseErrorCode(error) === deadlockDetected;
}

/** The statement ran past DATABASE_STATEMENT_TIMEOUT_MS and PostgreSQL cancelled it. */
export function isStatementTimeout(error: unknown): boolean {
  return databaseErrorCode(error) === queryCanceled;
}

const connectionTimeoutMessages = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/**
 * No connection within DATABASE_CONNECTION_TIMEOUT_MS: the pool is full (or the server slow to accept one). The pg
 * library marks these errors by their message alone, so the message is what is compared.
 */
export function isConnectionTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (connectionTimeoutMessages.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}
