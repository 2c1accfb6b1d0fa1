// Vitest's globalSetup for the server's projects: once per run, a database migrated and seeded as the app's start-up
// leaves it, which each test file then copies rather than migrating one of its own (createTestDatabase in
// build-test-app.ts). On PGlite: two dumps of a data directory, an empty one and a migrated one, that a test file
// loads into its in-memory database (loading a dump skips PGlite's initdb, which costs seconds). On PostgreSQL: a
// template database, named for this run so that parallel runs never collide, copied per file with
// CREATE DATABASE … TEMPLATE and dropped when the run ends.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, migrationsFolder, openDatabase } from '../../src/db/client.ts';
import { prepareDatabase } from '../../src/db/prepare.ts';
import { seed } from '../../src/modules/catalogue/catalogue.seed.ts';

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

interface Made {
  template: DatabaseTemplate;
  remove(): void | Promise<void>;
}

/** The dumps' folder is named after the process that made them: portal-test-template-<pid>-<random>. */
const dumpsFolder = /^portal-test-template-(\d+)-/;

/** Removes the dumps of runs that ended without their teardown (killed): some 80 MB each. */
function removeOrphanedDumps(): void {
  for (const entry of readdirSync(tmpdir())) {
    const pid = Number(dumpsFolder.exec(entry)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0); // a signal that only asks whether the process is there
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') {
        rmSync(join(tmpdir(), entry), { recursive: true, force: true });
      }
    }
  }
}

async function pgliteTemplate(): Promise<Made> {
  removeOrphanedDumps();
  const dir = mkdtempSync(join(tmpdir(), `portal-test-template-${process.pid}-`));
  const template: DatabaseTemplate = {
    driver: 'pglite',
    emptyDump: join(dir, 'empty.tar'),
    migratedDump: join(dir, 'migrated.tar'),
  };
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const handle = await openDatabase({});
    try {
      const client = (handle.db as Database & { $client: PGlite }).$client;
      await dump(client, template.emptyDump);
      await prepareDatabase(handle, seed);
      await dump(client, template.migratedDump);
    } finally {
      await handle.close();
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { template, remove };
}

async function postgresTemplate(): Promise<Made> {
  const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const remove = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    await remove();
    throw error;
  }
  return { template: { driver: 'postgres', name }, remove };
}

/** The migrations as they are on disk: a template made from others is out of date. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * Makes the run's template for the project's driver; the returned function (Vitest's teardown) removes it. In watch
 * mode a rerun after a migration changed (the config reruns every test then) makes a new one first; the seed, read
 * once, needs a new session.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const make = project.config.env.PORTAL_TEST_DRIVER === 'postgres' ? postgresTemplate : pgliteTemplate;
  let migrations = migrationsFingerprint();
  let made = await make();
  project.provide('databaseTemplate', made.template);
  project.onTestsRerun(async () => {
    const now = migrationsFingerprint();
    if (now === migrations) return;
    await made.remove();
    made = await make();
    migrations = now;
    project.provide('databaseTemplate', made.template);
  });
  return async () => {
    await made.remove();
  };
}
