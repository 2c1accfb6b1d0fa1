// The limits of the PostgreSQL connections, apart from client.ts so that config.ts reads their defaults without
// loading the drivers.

/** Limits of the PostgreSQL connections (PGlite is one connection in this process and cannot time statements). */
export interface DatabaseLimits {
  /** Connections of the shared pool (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** How long to wait for a connection: opening one, or a free one of a full pool (DATABASE_CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** A connection of the pool unused this long is closed (DATABASE_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** PostgreSQL's statement_timeout on the pool's connections (DATABASE_STATEMENT_TIMEOUT_MS): longer is cancelled. */
  statementTimeoutMs: number;
}

/**
 * A statement may take 5 s, under the request limit (8 s) so that a slow query fails as itself, with its code in
 * the log, before the request's 503; waiting 5 s for a connection likewise.
 */
export const defaultDatabaseLimits: DatabaseLimits = {
  poolSize: 10,
  connectionTimeoutMs: 5_000,
  idleTimeoutMs: 10_000,
  statementTimeoutMs: 5_000,
};
