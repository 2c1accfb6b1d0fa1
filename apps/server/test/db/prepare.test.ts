// Migrations and the seed under the migration lock: processes that start together on one fresh PostgreSQL take
// turns, and only the first finds anything to do.

import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../src/db/client.ts';
import { migrationLockKey, prepareDatabase } from '../../src/db/prepare.ts';
import { services } from '../../src/db/schema.ts';
import { seed } from '../../src/modules/catalogue/catalogue.seed.ts';
import { createTestDatabase, type TestDatabase, testDriver } from '../helpers/build-test-app.ts';

const migrationCount = readMigrationFiles({ migrationsFolder }).length;

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function advisoryLocksHeld(handle: TestDatabase['handle']): Promise<number> {
  const [row] = await handle.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`pg_locks`)
    // This database's only: other test files hold advisory locks in databases of their own on the same server.
    .where(
      sql`locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
    );
  return row?.count ?? 0;
}

describe('prepareDatabase', () => {
  it('holds the advisory lock while it works, and lets it go', async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    const held = await handle.exclusively(migrationLockKey, () => advisoryLocksHeld(handle));
    expect(held).toBe(1);
    expect(await advisoryLocksHeld(handle)).toBe(0);
    await expect(
      handle.exclusively(migrationLockKey, () => Promise.reject(new Error('failed midway'))),
    ).rejects.toThrow('failed midway');
    expect(await advisoryLocksHeld(handle)).toBe(0);
  });

  it('migrates and seeds once, then finds nothing to do and leaves changed rows alone', async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    expect(await prepareDatabase(handle, seed)).toEqual({
      migrationsApplied: migrationCount,
      servicesAdded: 4,
    });
    await handle.db.update(services).set({ hourlyRate: 180 }).where(sql`${services.id} = 1`);
    expect(await prepareDatabase(handle, seed)).toEqual({ migrationsApplied: 0, servicesAdded: 0 });
    const [row] = await handle.db.select({ rate: services.hourlyRate }).from(services).where(sql`id = 1`);
    expect(row?.rate).toBe(180);
  });

  it.skipIf(testDriver !== 'postgres')(
    'lets three processes start together on a fresh PostgreSQL: one does the work, the others wait for it',
    async () => {
      database = await createTestDatabase({ empty: true });
      const url = database.url ?? '';
      const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
      try {
        const results = await Promise.all(handles.map((handle) => prepareDatabase(handle, seed)));
        expect(results.map((result) => result.migrationsApplied).sort()).toEqual([0, 0, migrationCount]);
        expect(results.map((result) => result.servicesAdded).sort()).toEqual([0, 0, 4]);
        const [row] = await database.handle.db
          .select({ count: sql<number>`count(*)::int` })
          .from(sql`drizzle.__drizzle_migrations`);
        expect(row?.count).toBe(migrationCount);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    },
  );
});
