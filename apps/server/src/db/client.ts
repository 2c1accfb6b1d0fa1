// One database handle for both drivers: embedded PGlite (no DATABASE_URL) or a PostgreSQL server (node-postgres).
import { join, resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ensurePrivateDir } from '../lib/data-dir.ts';
import { isDeadlock } from './errors.ts';
import { type DatabaseLimits, defaultDatabaseLimits } from './limits.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Database` (what `db.transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a transaction, and runs it again (up to `attempts` in all) when PostgreSQL ended it to break a deadlock.
 * Two inserts racing for one time can deadlock on the bookings' exclusion constraint (each waits for the other's
 * uncommitted row); the next attempt then meets the winner's committed row and fails as a plain conflict.
 */
export async function transactionRetryingDeadlocks<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

export const migrationsFolder = resolve(import.meta.dirname, 'migrations');

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (drizzle's migrator for this driver; the same SQL on both). */
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the session-level advisory lock `key`, taken on a connection of its own (PostgreSQL frees it
   * with that connection, even when the process dies): processes sharing the database run `work` one at a time.
   */
  exclusively<T>(key: bigint, work: () => Promise<T>): Promise<T>;
  /**
   * Resolves when the database answers `select 1`; rejects otherwise. On PostgreSQL it asks on a connection of
   * its own, so a readiness check neither waits behind busy requests for the pool nor takes a connection from them.
   */
  ping(): Promise<void>;
  /** Closes the connection(s); safe to call more than once. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; limits?: Partial<DatabaseLimits> }
  /**
   * Embedded PGlite with its files in `dataDir`; no dataDir → in memory (tests). `loadDataDir`: start from this dump
   * of a data directory (`dumpDataDir`) rather than an empty one: the tests' migrated template.
   */
  | { dataDir?: string; loadDataDir?: Blob };

export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url, { ...defaultDatabaseLimits, ...options.limits });
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, limits: DatabaseLimits): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectionTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
  });
  // The readiness check's own connection (see `ping`), with tight limits of its own.
  const probe = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 60_000,
    statement_timeout: 2_000,
  });
  // An idle client losing its connection (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  probe.on('error', () => {});
  const db = drizzleNodePostgres({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    // A migration may rightly take longer than a request's statement (an index on a big table): its own
    // connection, without the statement timeout.
    migrate: async () => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: limits.connectionTimeoutMs,
      });
      await client.connect();
      try {
        await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    // Not a pool connection: `work` needs the pool, which may be a single connection.
    exclusively: async (key, work) => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: limits.connectionTimeoutMs,
      });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
        return await work();
      } finally {
        // Ending the session releases the lock.
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await probe.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let directory: string | undefined;
  let unlock = () => {};
  if (dataDir !== undefined) {
    directory = pgliteDirectory(dataDir);
    ensurePrivateDir(dataDir);
    ensurePrivateDir(directory);
    unlock = lockDataDir(dataDir);
  }
  let client: PGlite;
  // btree_gist backs the bookings' exclusion constraint (migration 0003); PGlite ships it as a loadable extension.
  const pgliteOptions: PGliteOptions = { extensions: { btree_gist }, loadDataDir };
  try {
    client = await PGlite.create(
      directory === undefined ? pgliteOptions : { ...pgliteOptions, dataDir: directory },
    );
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One connection, owned by this process (the lock file): the same statements as on PostgreSQL, for one code path.
    exclusively: async (key, work) => {
      await client.query('select pg_advisory_lock($1::bigint)', [key.toString()]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [key.toString()]);
      }
    },
    ping: async () => {
      if (client.closed) throw new Error('The embedded database is closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}
