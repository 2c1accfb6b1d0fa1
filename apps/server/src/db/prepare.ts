// Migrations, then the seed, once per deploy: under one advisory lock, so that processes started together on a
// fresh PostgreSQL (or `npm run migrate` beside them) take turns; the later ones find nothing left to do.
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client.ts';

/** The advisory lock of migrating and seeding ('portal migrate' in ASCII); nothing else takes it. */
export const migrationLockKey = 0x706f7274616c6d69n;

export interface Preparation {
  /** Migrations this call applied (0 when another process, or an earlier start, had applied them all). */
  migrationsApplied: number;
  /** What the seed reported: the catalogue services it added. */
  servicesAdded: number;
}

async function appliedMigrations(db: Database): Promise<number> {
  const [table] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`pg_catalog.pg_tables`)
    .where(sql`schemaname = 'drizzle' and tablename = '__drizzle_migrations'`);
  if (!table?.count) return 0;
  const [rows] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`drizzle.__drizzle_migrations`);
  return rows?.count ?? 0;
}

/**
 * Applies the committed migrations, then `seed` (which must only add what is missing), holding the migration lock.
 * The server calls it at start-up and `npm run migrate` as a release step; either way it is safe to run again.
 */
export function prepareDatabase(
  handle: DatabaseHandle,
  seed: (db: Database) => Promise<number>,
): Promise<Preparation> {
  return handle.exclusively(migrationLockKey, async () => {
    const before = await appliedMigrations(handle.db);
    await handle.migrate();
    const migrationsApplied = (await appliedMigrations(handle.db)) - before;
    return { migrationsApplied, servicesAdded: await seed(handle.db) };
  });
}
