// Migration 0020 on an install that already has bookings (docs/decisions/046): every service nobody delivers gets a
// consultant of its own, every booking its service's consultant, and active bookings that would meet under one
// consultant are kept apart, so the install books exactly as before.
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { isExclusionViolation } from '../../src/db/errors.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/build-test-app.ts';

const migrations = readMigrationFiles({ migrationsFolder });
const upgrade = migrations.findIndex((migration) => migration.sql.join('').includes('consultant_backfill'));

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function run(db: TestDatabase['handle']['db'], statements: readonly string[]): Promise<void> {
  for (const statement of statements) {
    if (statement.trim() !== '') await db.execute(sql.raw(statement));
  }
}

async function rows<T>(db: TestDatabase['handle']['db'], query: string): Promise<T[]> {
  const result = await db.execute(sql.raw(query));
  // Both drivers answer `{ rows }`.
  return (result as unknown as { rows: T[] }).rows;
}

describe('migration 0020: bookings belong to a consultant', () => {
  it('gives each service without one a consultant and each booking one, keeping every active booking', async () => {
    expect(upgrade).toBeGreaterThan(0);
    database = await createTestDatabase({ empty: true });
    const { db } = database.handle;
    for (const migration of migrations.slice(0, upgrade)) await run(db, migration.sql);

    await run(db, [
      `insert into users (id, name, email, email_verified, role, created_at, updated_at)
         values ('u1', 'Client', 'client@example.com', true, 'client', now(), now())`,
      `insert into services (id, slug, name, category, hourly_rate, duration_minutes, description)
         values (1, 'one', 'Cloud Review', 'cloud', 100, 60, 'x'), (2, 'two', 'Data Review', 'data', 100, 60, 'x'),
                (3, 'three', 'AI Review', 'ai', 100, 60, 'x')`,
      // Service 3 was delivered by a consultant the firm added before this release, who also delivers service 2.
      `insert into consultants (id, name, email) values (7, 'Ada Byron', 'ada@example.com')`,
      `insert into consultant_services (consultant_id, service_id) values (7, 2), (7, 3)`,
    ]);
    const booking = (id: number, serviceId: number, startsAt: string, status: string) =>
      `insert into bookings (id, user_id, service_id, status, project_description, urgency, preferred_contact,
         starts_at, ends_at, blocked_until, hourly_rate, duration_minutes, total_cost)
       overriding system value values (${id}, 'u1', ${serviceId}, '${status}', 'p', 'normal', 'email',
         '${startsAt}', '${startsAt}'::timestamptz + interval '1 hour', '${startsAt}'::timestamptz + interval '1 hour',
         100, 60, 100)`;
    await run(db, [
      booking(1, 1, '2030-01-07T16:00:00Z', 'confirmed'),
      booking(2, 1, '2030-01-07T16:00:00Z', 'cancelled'),
      booking(3, 2, '2030-01-07T16:00:00Z', 'pending'),
      // The same hour of service 3, which shared its consultant with service 2: allowed before, kept now.
      booking(4, 3, '2030-01-07T16:00:00Z', 'confirmed'),
      booking(5, 3, '2030-01-08T16:00:00Z', 'completed'),
    ]);

    await run(db, migrations[upgrade]?.sql ?? []);

    const consultants = await rows<{ id: number; email: string; active: boolean; services: number[] }>(
      db,
      `select c.id, c.email, c.active, array_agg(cs.service_id order by cs.service_id) as services
         from consultants c join consultant_services cs on cs.consultant_id = c.id group by c.id order by c.id`,
    );
    const placeholder = consultants.find(
      (consultant) => consultant.email === 'service-1@consultants.invalid',
    );
    expect(placeholder).toMatchObject({ active: true, services: [1] });
    // Services 2 and 3 had a consultant: no placeholder for them.
    expect(consultants.filter((consultant) => consultant.active)).toHaveLength(2);
    const overflow = consultants.find((consultant) => !consultant.active);
    expect(overflow).toMatchObject({ services: [3] });

    const assigned = await rows<{ id: number; consultant_id: number }>(
      db,
      'select id, consultant_id from bookings order by id',
    );
    expect(assigned).toEqual([
      { id: 1, consultant_id: placeholder?.id },
      { id: 2, consultant_id: placeholder?.id },
      { id: 3, consultant_id: 7 },
      { id: 4, consultant_id: overflow?.id },
      { id: 5, consultant_id: 7 },
    ]);

    // The rule now sits on the consultant: one consultant cannot hold the same hour twice.
    const refused = await run(db, ['update bookings set consultant_id = 7 where id = 4']).catch(
      (error: unknown) => error,
    );
    expect(isExclusionViolation(refused)).toBe(true);
  });
});
