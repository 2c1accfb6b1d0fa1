// Builds the real app on a fresh database: in-process PGlite, or (project server-postgres) a database created
// for this app on the server named by TEST_DATABASE_URL and dropped by `close()`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import type { DatabaseLimits } from '../../src/db/limits.ts';
import * as schema from '../../src/db/schema.ts';
import type { MailOptions } from '../../src/plugins/mail.ts';

export type TestDriver = 'pglite' | 'postgres';

export const testDriver: TestDriver = process.env.PORTAL_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of the created database (postgres only). */
  url?: string;
  /** Closes the handle and removes the database. */
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The server-postgres project needs TEST_DATABASE_URL');
  return url;
}

/** A fresh, empty database (not migrated yet) for the current project's driver; `limits` for PostgreSQL's pool. */
export async function createTestDatabase(limits?: DatabaseLimits): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const handle = await openDatabase({});
    return { handle, drop: () => handle.close() };
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), limits });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A config as the tests want it: quiet logs, a throwaway DATA_DIR, and no web build unless one is given. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(tmpdir(), 'portal-no-web-build'),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The app on its own fresh database (migrated and seeded at start-up as in production). `prepare` may add
 * test-only routes before the app is made ready.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    prepare?: (app: FastifyInstance) => void;
    /** Mail worker timing (short polls and retries in tests). */
    mail?: MailOptions;
    /** Reminder worker timing (passes more often in tests). */
    reminders?: BuildAppOptions['reminders'];
    /** Where the app's log lines go (a test that reads them). */
    logStream?: BuildAppOptions['logStream'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-data-'));
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  // The pool the config describes (DATABASE_POOL_SIZE and the timeouts), as the app would open it.
  const database = await createTestDatabase(config.databaseLimits);
  const app = await buildApp(config, {
    database: database.handle,
    mail: options.mail,
    reminders: options.reminders,
    logStream: options.logStream,
  });
  options.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PGlite client behind the embedded database's Drizzle handle. */
function embeddedClient(db: Database): PGlite {
  const client = '$client' in db ? db.$client : undefined;
  if (!(client instanceof PGlite)) throw new Error('Not the embedded database');
  return client;
}

/**
 * Another server process on the test app's database, with caches of its own: a second app on the same PostgreSQL
 * database, or on PGlite the same embedded database behind another Drizzle handle.
 */
export async function secondApp(testApp: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-data-'));
  let database: DatabaseHandle;
  if (testDriver === 'postgres') {
    const url = testApp.database.url;
    if (!url) throw new Error('no database url');
    database = await openDatabase({ url });
  } else {
    const shared = testApp.database.handle;
    database = {
      ...shared,
      db: drizzle({ client: embeddedClient(shared.db), schema }),
      close: async () => {},
    };
  }
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
