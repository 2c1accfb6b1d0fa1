import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { consultantServices, consultants, services } from '../../src/db/schema.ts';
import { seed, seedConsultants, seedServices } from '../../src/modules/catalogue/catalogue.seed.ts';
import { listServices, loadCatalogue } from '../../src/modules/catalogue/catalogue.service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/build-test-app.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('migrations and seed', () => {
  it('can run twice and still leave exactly the four services', async () => {
    database = await createTestDatabase({ empty: true });
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
    database = await createTestDatabase({ empty: true });
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

  it("keeps the firm's changes to a service and adds back nothing it did not lose", async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    await handle.migrate();
    expect(await seed(handle.db)).toBe(4);
    await handle.db.execute(sql`update services set hourly_rate = 1, name = 'Web Work' where id = 1`);
    await handle.db.execute(sql`update services set slug = 'databases' where id = 2`);
    expect(await seed(handle.db)).toBe(0);
    const rows = await handle.db
      .select({ id: services.id, name: services.name, rate: services.hourlyRate })
      .from(services)
      .orderBy(services.id);
    expect(rows.map((row) => [row.id, row.name, row.rate])).toEqual([
      [1, 'Web Work', 1],
      [2, seedServices[1]?.name, seedServices[1]?.hourlyRate],
      [3, seedServices[2]?.name, seedServices[2]?.hourlyRate],
      [4, seedServices[3]?.name, seedServices[3]?.hourlyRate],
    ]);
    const [renamed] = await handle.db
      .select({ slug: services.slug })
      .from(services)
      .where(eq(services.id, 2));
    expect(renamed?.slug).toBe('databases');
  });

  it('inserts a missing service by id and slug, deleting nothing, and never hands out a used id again', async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    const [extra] = await handle.db
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
    await handle.db.delete(services).where(eq(services.id, 4));
    expect(await seed(handle.db)).toBe(1);
    const ids = (await handle.db.select({ id: services.id }).from(services)).map((row) => row.id).sort();
    expect(ids).toEqual([1, 2, 3, 4, extra?.id]);
    const [next] = await handle.db
      .insert(services)
      .values({
        slug: 'second-opinion',
        name: 'Second Opinion',
        category: 'it-consulting',
        hourlyRate: 100,
        durationMinutes: 30,
        description: 'Another pair of eyes.',
      })
      .returning({ id: services.id });
    expect(next?.id).toBe((extra?.id ?? 0) + 1);
  });

  it('drops the cached catalogue when it adds a service, so the API serves it', async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    await handle.db.delete(services).where(eq(services.id, 3));
    const stale = await loadCatalogue(handle.db);
    expect(stale.services.map((service) => service.id)).toEqual([1, 2, 4]);
    await seed(handle.db);
    const fresh = await loadCatalogue(handle.db);
    expect(fresh.services.map((service) => service.id)).toEqual([1, 2, 3, 4]);
  });

  it("gives each service a consultant of its own on the firm's hours, still four after a second run", async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    await seed(handle.db);
    const rows = await handle.db.select().from(consultants).orderBy(consultants.id);
    expect(rows.map((row) => [row.id, row.name, row.weeklyHours, row.active, row.userId])).toEqual(
      seedConsultants.map((consultant) => [consultant.id, consultant.name, null, true, null]),
    );
    expect(
      rows.every((row) => row.title !== '' && row.bio !== '' && row.email.endsWith('@otconsulting.example')),
    ).toBe(true);
    const links = await handle.db
      .select()
      .from(consultantServices)
      .orderBy(consultantServices.consultantId, consultantServices.serviceId);
    expect(links.map((link) => [link.consultantId, link.serviceId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    // The next consultant the firm adds gets the next id, not a seeded one.
    const [added] = await handle.db
      .insert(consultants)
      .values({ name: 'New Person', email: 'new@otconsulting.example' })
      .returning({ id: consultants.id });
    expect(added?.id).toBe(5);
  });

  it('leaves a consultant the firm changed alone, and gives back none of the services it took away', async () => {
    database = await createTestDatabase({ empty: true });
    const { handle } = database;
    await handle.migrate();
    await seed(handle.db);
    await handle.db.execute(sql`update consultants set name = 'Maya T.', active = false where id = 1`);
    await handle.db.delete(consultantServices).where(eq(consultantServices.consultantId, 2));
    await seed(handle.db);
    const rows = await handle.db.select().from(consultants).orderBy(consultants.id);
    expect(rows.map((row) => [row.id, row.name, row.active])).toEqual([
      [1, 'Maya T.', false],
      [2, seedConsultants[1].name, true],
      [3, seedConsultants[2].name, true],
      [4, seedConsultants[3].name, true],
    ]);
    const links = await handle.db.select().from(consultantServices);
    expect(links.some((link) => link.consultantId === 2)).toBe(false);
  });
});
