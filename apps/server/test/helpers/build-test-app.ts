// Builds the real app on a database of its own: in-process PGlite, or (project server-postgres) a database created
// for this app on the server named by TEST_DATABASE_URL and dropped by `close()`. Either is a copy of the run's
// migrated template (database-template.ts), so the app's start-up finds its migrations and seed done.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import type { DatabaseLimits } from '../../src/db/limits.ts';
import * as schema from '../../src/db/schema.ts';
import type { MailOptions } from '../../src/plugins/mail.ts';
import { adminQuery, databaseUrl } from './database-template.ts';
import { testPasswordHasher } from './password-hasher.ts';

export type TestDriver = 'pglite' | 'postgres';

export const testDriver: TestDriver = process.env.PORTAL_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of the created database (postgres only). */
  url?: string;
  /** Closes the handle and removes the database. */
  drop(): Promise<void>;
}

/** The dumps read so far by this test file (a Blob reads its file when PGlite loads it). */
const dumps = new Map<string, Promise<Blob>>();
function dumpOf(file: string): Promise<Blob> {
  let blob = dumps.get(file);
  if (!blob) {
    blob = openAsBlob(file);
    dumps.set(file, blob);
  }
  return blob;
}

/**
 * A database of its own for the current project's driver: a copy of the run's template, migrated and seeded as the
 * app's start-up leaves it (which then finds nothing to do), or with `empty` one never migrated, for the tests of
 * migrating and seeding. `limits` for PostgreSQL's pool.
 */
export async function createTestDatabase(
  options: { empty?: boolean; limits?: DatabaseLimits } = {},
): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template?.driver !== testDriver) {
    throw new Error(`No ${testDriver} template: run the server's tests through its Vitest projects`);
  }
  if (template.driver === 'pglite') {
    const dump = await dumpOf(options.empty ? template.emptyDump : template.migratedDump);
    const handle = await openDatabase({ loadDataDir: dump });
    return { handle, drop: () => handle.close() };
  }
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${template.name}`}`);
  const url = databaseUrl(name);
  const handle = await openDatabase({ url, limits: options.limits });
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Fills `dataDir` with a copy of the run's migrated embedded database, for a server process a test starts: its
 * start-up then finds nothing to migrate or seed, as a restarted server does (seconds less on a busy machine).
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const template = inject('databaseTemplate');
  if (template?.driver !== 'pglite') {
    throw new Error("No PGlite template: run the server's tests through their Vitest projects");
  }
  const handle = await openDatabase({ dataDir, loadDataDir: await dumpOf(template.migratedDump) });
  await handle.close();
}

/**
 * A config as the tests want it: quiet logs, a throwaway DATA_DIR, no web build unless one is given, and no
 * proof-of-work challenge unless a test of it turns it on (test/challenge).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(tmpdir(), 'portal-no-web-build'),
    // Every test's requests come from one address (inject's 127.0.0.1): the limit per address is proven where a
    // test sets it (bookings/address-limit.test.ts), not imposed on every file that books.
    MAX_PENDING_BOOKINGS_PER_ADDRESS: '1000000',
    SIGNUP_CHALLENGE: 'off',
    ...env,
  });
}

/** The billing of a default configuration: invoices (usd, no tax, due in 14 days), no card payments. */
export const defaultBilling = { invoicing: testConfig().invoicing, cardPayments: null };

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The app on a database of its own, a copy of the migrated and seeded template (the start-up, as in production,
 * finds nothing left to do). `prepare` may add
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
  const database = await createTestDatabase({ limits: config.databaseLimits });
  const app = await buildApp(config, {
    database: database.handle,
    mail: options.mail,
    reminders: options.reminders,
    logStream: options.logStream,
    passwordHasher: testPasswordHasher,
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
 * database, or on PGlite the same embedded database behind another Drizzle handle. `env` and `mail` as for
 * `buildTestApp` (the same SMTP_URL makes its mail worker deliver to the same capture).
 */
export async function secondApp(
  testApp: TestApp,
  options: { env?: Record<string, string>; mail?: MailOptions } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
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
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ...options.env }), {
    database,
    mail: options.mail,
    passwordHasher: testPasswordHasher,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
