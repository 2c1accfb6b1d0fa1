// Retention (docs/product.md#housekeeping): housekeeping deletes what the Privacy Policy says it keeps only for a
// while, each on the schedule the domain states (retentionMs): accounts never verified, contact-form messages and
// undelivered mail. Rows just inside their period stay, those just outside go; and two processes running it at the
// same moment delete each row once (two apps on one PostgreSQL in the server-postgres project).
import { randomUUID } from 'node:crypto';
import { defaultBusinessTimeZone, retentionMs } from '@portal/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  accounts,
  contactMessages,
  outbox,
  scheduledJobs,
  sessions,
  userProfiles,
  users,
} from '../../src/db/schema.ts';
import {
  claimScheduledRun,
  type HousekeepingOptions,
  housekeep,
  housekeepingJob,
  runHousekeeping,
} from '../../src/modules/housekeeping/housekeeping.service.ts';
import { seedBookings } from '../admin/fixtures.ts';
import { appUrl, freshIp, identity } from '../helpers/accounts.ts';
import { buildTestApp, defaultBilling, secondApp, type TestApp } from '../helpers/build-test-app.ts';

const minute = 60_000;
const options: HousekeepingOptions = {
  pendingExpiryHours: 72,
  timeZone: defaultBusinessTimeZone,
  appUrl,
  mailFrom: 'OT Consulting <bookings@portal.example.com>',
  ...defaultBilling,
};

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
  // The app's own runs stay out of the way: the period is claimed for a day (the race below makes it due again).
  await claimScheduledRun(db(), housekeepingJob, 24 * 60 * minute);
});
afterAll(async () => {
  await testApp?.close();
});

function db(): Database {
  return testApp.app.db;
}

const ago = (ms: number) => new Date(Date.now() - ms);

/** An account signed up (never verified), made `ms` ago: its id. */
async function unverifiedAccount(email: string, madeMsAgo: number): Promise<string> {
  const signUp = await identity(
    testApp.app,
    'POST',
    '/sign-up/email',
    { email, password: 'retention-password' },
    { ip: freshIp() },
  );
  expect(signUp.statusCode, signUp.body).toBe(200);
  const [user] = await db()
    .update(users)
    .set({ createdAt: ago(madeMsAgo), updatedAt: ago(madeMsAgo) })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!user) throw new Error('no user row');
  return user.id;
}

async function existing(ids: string[]): Promise<string[]> {
  const rows = await db().select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((row) => row.id);
}

function mail(to: string, values: Partial<typeof outbox.$inferInsert>): typeof outbox.$inferInsert {
  return { to, subject: 'Retention', text: 'x', html: 'x', ...values };
}

describe('accounts never verified', () => {
  it('go 7 days after they were made, with all that was theirs; one with bookings, or verified, stays', async () => {
    const period = retentionMs.unverifiedAccount;
    const outside = await unverifiedAccount('outside@retention.test', period + minute);
    const inside = await unverifiedAccount('inside@retention.test', period - minute);
    const booked = await unverifiedAccount('booked@retention.test', period + minute);
    await seedBookings(testApp.app, [{ userId: booked, createdAt: ago(period), status: 'cancelled' }]);
    const verified = await unverifiedAccount('verified@retention.test', 30 * period);
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, verified));
    // Made long ago but signed up for again a minute ago (the hand-over): its new owner has their 7 days.
    const handedOver = await unverifiedAccount('handed-over@retention.test', period + minute);
    await db()
      .update(users)
      .set({ updatedAt: ago(minute) })
      .where(eq(users.id, handedOver));
    // What cascades from the account: its credentials, a profile, a session.
    await db().insert(userProfiles).values({ userId: outside, firstName: 'Never', lastName: 'Verified' });
    await db()
      .insert(sessions)
      .values({
        id: randomUUID(),
        userId: outside,
        token: randomUUID(),
        expiresAt: new Date(Date.now() + period),
      });
    expect(await db().select().from(accounts).where(eq(accounts.userId, outside))).toHaveLength(1);

    const outcome = await housekeep(db(), options);
    expect(outcome.unverifiedAccounts).toBe(1);
    expect((await existing([outside, inside, booked, verified, handedOver])).sort()).toEqual(
      [inside, booked, verified, handedOver].sort(),
    );
    expect(await db().select().from(accounts).where(eq(accounts.userId, outside))).toEqual([]);
    expect(await db().select().from(userProfiles).where(eq(userProfiles.userId, outside))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, outside))).toEqual([]);

    // The address is free: it registers again as a new account.
    const again = await unverifiedAccount('outside@retention.test', 0);
    expect(again).not.toBe(outside);
    expect((await housekeep(db(), options)).unverifiedAccounts).toBe(0);
  });
});

describe('contact-form messages', () => {
  it('go a year (365 days) after they arrived', async () => {
    const period = retentionMs.contactMessage;
    const message = (name: string, at: Date) => ({
      name,
      email: `${name}@retention.test`,
      subject: 'Retention',
      message: 'Please call me back.',
      createdAt: at,
    });
    const rows = await db()
      .insert(contactMessages)
      .values([message('outside', ago(period + minute)), message('inside', ago(period - minute))])
      .returning({ id: contactMessages.id, name: contactMessages.name });

    const outcome = await housekeep(db(), options);
    expect(outcome.contactMessages).toBe(1);
    const left = await db()
      .select({ name: contactMessages.name })
      .from(contactMessages)
      .where(
        inArray(
          contactMessages.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.name)).toEqual(['inside']);
  });
});

describe('undelivered mail', () => {
  it('goes 30 days after it was written; unsent mail stays', async () => {
    const period = retentionMs.undeliveredMail;
    const farFuture = new Date(Date.now() + 365 * 24 * 60 * minute);
    await db()
      .insert(outbox)
      .values([
        mail('dead-outside@retention.test', { status: 'dead', createdAt: ago(period + minute), attempts: 8 }),
        mail('dead-inside@retention.test', { status: 'dead', createdAt: ago(period - minute), attempts: 8 }),
        mail('pending-old@retention.test', {
          status: 'pending',
          createdAt: ago(2 * period),
          nextAttemptAt: farFuture,
        }),
      ]);

    const outcome = await housekeep(db(), options);
    expect(outcome.deadMail).toBe(1);
    const left = await db()
      .select({ to: outbox.to })
      .from(outbox)
      .where(
        inArray(outbox.to, [
          'dead-outside@retention.test',
          'dead-inside@retention.test',
          'pending-old@retention.test',
        ]),
      );
    expect(left.map((row) => row.to).sort()).toEqual([
      'dead-inside@retention.test',
      'pending-old@retention.test',
    ]);
  });

  it('is deleted by an index: the dead letters by their age', async () => {
    const indexed = await db()
      .select({ definition: sql<string>`indexdef` })
      .from(sql`pg_indexes`)
      .where(sql`tablename in ('outbox', 'contact_messages')`);
    const definitions = indexed.map((row) => row.definition);
    expect(definitions).toContainEqual(expect.stringMatching(/outbox.*\(created_at\) WHERE.*'dead'/));
    expect(definitions).toContainEqual(expect.stringMatching(/contact_messages.*\(created_at, id\)/));
  });
});

describe('several server processes', () => {
  it('two running it at the same moment delete each row once', async () => {
    const other = await secondApp(testApp);
    try {
      const account = await unverifiedAccount('raced@retention.test', retentionMs.unverifiedAccount + minute);
      await db()
        .insert(contactMessages)
        .values({
          name: 'raced',
          email: 'raced@retention.test',
          subject: 'Retention',
          message: 'An old message.',
          createdAt: ago(retentionMs.contactMessage + minute),
        });
      await db()
        .insert(outbox)
        .values(
          mail('raced-dead@retention.test', {
            status: 'dead',
            createdAt: ago(retentionMs.undeliveredMail + minute),
          }),
        );
      await db()
        .update(scheduledJobs)
        .set({ nextRunAt: sql`now()` })
        .where(eq(scheduledJobs.name, housekeepingJob));

      const run = { ...options, intervalMs: 60 * minute };
      const outcomes = await Promise.all([runHousekeeping(db(), run), runHousekeeping(other.app.db, run)]);
      const ran = outcomes.filter((outcome) => outcome !== undefined);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ unverifiedAccounts: 1, contactMessages: 1, deadMail: 1 });
      expect(await existing([account])).toEqual([]);
      const [job] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, housekeepingJob));
      expect(job?.lastOutcome).toMatchObject({ unverifiedAccounts: 1, contactMessages: 1, deadMail: 1 });
    } finally {
      await other.close();
    }
  });
});
