// Vitest's globalSetup for the server's projects: once per run, a database migrated and seeded as the app's start-up
// leaves it, which each test file then copies rather than migrating one of its own (createTestDatabase in
// build-test-app.ts). On PGlite: two dumps of a data directory, an empty one and a migrated one, that a test file
// loads into its in-memory database (loading a dump skips PGlite's initdb, which costs seconds). On PostgreSQL: a
// template database, named for this run so that parallel runs never collide, copied per file with
// CREATE DATABASE … TEMPLATE and dropped when the run ends.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { seed } from '../../src/modules/services/services.seed.ts';

/** What the run's set-up made, handed to the test files through Vitest's `provide`/`inject`. */
export type DatabaseTemplate =
  /** Files holding `dumpDataDir` tarballs: a freshly created data directory, and the same migrated and seeded. */
  | { driver: 'pglite'; emptyDump: string; migratedDump: string }
  /** The template database, on the server named by TEST_DATABASE_URL. */
  | { driver: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The PostgreSQL database of TEST_DATABASE_URL, through which test databases are created and dropped. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The server-postgres project needs TEST_DATABASE_URL');
  return url;
}

/** Runs one statement on the admin database, on a connection of its own. */
export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** TEST_DATABASE_URL with another database's name. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function dump(client: PGlite, file: string): Promise<void> {
  const tarball = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
}

async function pgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-template-'));
  const template: DatabaseTemplate = {
    driver: 'pglite',
    emptyDump: join(dir, 'empty.tar'),
    migratedDump: join(dir, 'migrated.tar'),
  };
  const handle = await openDatabase({});
  try {
    const client = (handle.db as Database & { $client: PGlite }).$client;
    await dump(client, template.emptyDump);
    await prepareDatabase(handle, seed);
    await dump(client, template.migratedDump);
  } finally {
    await handle.close();
  }
  project.provide('databaseTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ url: databaseUrl(name) });
    try {
      await prepareDatabase(handle, seed);
    } finally {
      await handle.close();
    }
    // Copying a database needs it to have no session: none can open one by mistake now.
    await adminQuery(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('databaseTemplate', { driver: 'postgres', name });
  return drop;
}

/** Makes the run's template for the project's driver; the returned function (Vitest's teardown) removes it. */
export default function setup(project: TestProject): Promise<() => void | Promise<void>> {
  return project.config.env.PORTAL_TEST_DRIVER === 'postgres'
    ? postgresTemplate(project)
    : pgliteTemplate(project);
}
