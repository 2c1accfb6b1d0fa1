import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { services } from '../../src/db/schema.ts';
import { seed, seedServices } from '../../src/modules/services/services.seed.ts';
import { listServices, loadCatalogue } from '../../src/modules/services/services.service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/build-test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('migrations and seed', () => {
  it('can run twice and still leave exactly the four services', async () => {
    database = await createTestDatabase();
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    await handle.migrate();
    await seed(handle.db);
    const rows = await listServices(handle.db);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(rows.map((row) => row.name)).toEqual(seedServices.map((service) => service.name));
  });

  it('moves the id sequence past the seeded ids, so a new service gets id 5', async () => {
    database = await createTestDatabase();
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    const [inserted] = await handle.db
      .insert(services)
      .values({
        slug: 'cloud-audit',
        name: 'Cloud Audit',
        category: 'it-consulting',
        hourlyRate: 140,
        durationMinutes: 60,
        description: 'A review of your cloud bill.',
      })
      .returning({ id: services.id });
    expect(inserted?.id).toBe(5);
  });

  it('restores changed seed content and drops the cached catalogue so the API serves it', async () => {
    database = await createTestDatabase();
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    await handle.db.execute(sql`update services set hourly_rate = 1 where id = 1`);
    const stale = await loadCatalogue(handle.db);
    expect(stale.list.toString()).toContain('"hourly_rate":1,');
    await seed(handle.db);
    const fresh = await loadCatalogue(handle.db);
    expect(fresh.list.toString()).toContain(`"hourly_rate":${seedServices[0]?.hourlyRate},`);
  });
});
