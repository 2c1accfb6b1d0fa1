// A PostgreSQL database of the benchmark's own, created for one measurement and dropped after it.
import pg from 'pg';
import { adminDatabaseUrl } from './settings.ts';

/** Runs `work` on a fresh database; undefined (and a line saying so) when PostgreSQL is not reachable. */
export async function withBenchDatabase<T>(
  work: (databaseUrl: string) => Promise<T>,
): Promise<T | undefined> {
  const name = `portal_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${adminDatabaseUrl} (${(error as Error).message}); skipped.`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
