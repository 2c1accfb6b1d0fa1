// Housekeeping: what each run deletes and keeps, pending bookings nobody confirmed in time, and one run per period
// however many processes share the database (two apps on one PostgreSQL in the server-postgres project).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Booking, bookingExpiryMessages, defaultBusinessTimeZone, zonedInstant } from '@portal/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import {
  bookingEvents,
  bookings,
  outbox,
  rateLimits,
  scheduledJobs,
  sessions,
  signInFailures,
  verifications,
  writeRateLimits,
} from '../../src/db/schema.ts';
import { setBookingStatus } from '../../src/modules/bookings/booking-status.service.ts';
import {
  expirePendingBookings,
  type HousekeepingOptions,
  housekeep,
  housekeepingJob,
  runHousekeeping,
} from '../../src/modules/housekeeping/housekeeping.service.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import {
  buildTestApp,
  defaultBilling,
  type TestApp,
  testConfig,
  testDriver,
} from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const zone = defaultBusinessTimeZone;
const mailFrom = 'OT Consulting <bookings@portal.example.com>';
const hour = 3_600_000;
const day = 24 * hour;
const options: HousekeepingOptions = {
  pendingExpiryHours: 72,
  timeZone: zone,
  appUrl,
  mailFrom,
  ...defaultBilling,
};
const mailTiming = { pollIntervalMs: 30, retryBaseMs: 100, retryCapMs: 100 };

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let ada: Client;
const nextDay = dayAllocator(2);

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({ env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom }, mail: mailTiming });
  admin = await signedInAdmin(testApp, 'chief@housekeeping.test');
  ada = await signedInClient(testApp, 'ada@housekeeping.test', { firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

function db(): Database {
  return testApp.app.db;
}

async function book(client: Client, date: string, hours = 10): Promise<Booking> {
  const startsAt = zonedInstant(date, hours * 60, zone)?.toISOString();
  const response = await postBooking(testApp.app, client, {
    serviceId: 1,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

/** Moves a booking's creation back in time (as if it had been made then). */
async function madeAgo(booking: Booking, ms: number): Promise<void> {
  await db()
    .update(bookings)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(bookings.id, booking.id));
}

async function statusOf(booking: Booking) {
  const [row] = await db()
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, booking.id));
  return row?.status;
}

function eventsOf(booking: Booking) {
  return db()
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, booking.id))
    .orderBy(asc(bookingEvents.id));
}

/** The expiry letters written for a booking (the outbox rows: the source of truth of what will be sent). */
async function expiryLetters(booking: Booking) {
  return db()
    .select()
    .from(outbox)
    .where(eq(outbox.subject, bookingExpiryMessages.subject(booking.confirmation_code)));
}

/** Makes the period's run due again (as if the interval had passed). */
async function periodOver(): Promise<void> {
  await db()
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now()` })
    .where(eq(scheduledJobs.name, housekeepingJob));
}

describe('the indexes its deletes read by', () => {
  it('has an index led by each column a run deletes by: sessions, outbox, rate_limits and verifications', async () => {
    // From the catalogue, by table and leading column, whatever the indexes are named.
    const indexed = await db()
      .select({
        table: sql<string>`t.relname`,
        column: sql<string>`a.attname`,
        predicate: sql<string | null>`pg_get_expr(i.indpred, i.indrelid)`,
      })
      .from(
        sql`pg_index i
          join pg_class t on t.oid = i.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]`,
      )
      .where(sql`n.nspname = current_schema() and i.indisvalid`);
    const led = (table: string, column: string) =>
      indexed.filter((index) => index.table === table && index.column === column);
    expect(led('sessions', 'expires_at')).not.toEqual([]);
    expect(led('rate_limits', 'last_request')).not.toEqual([]);
    expect(led('verifications', 'expires_at')).not.toEqual([]);
    // Sent mail only: a run deletes sent rows by their sending time; unsent ones have none.
    expect(led('outbox', 'sent_at').map((index) => index.predicate)).toEqual([
      expect.stringMatching(/status\)? = 'sent'/),
    ]);
  });
});

describe('what a run deletes and keeps', () => {
  it('deletes sent mail after 30 days, expired sessions and tokens, and stale counters; keeps the rest', async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const farFuture = new Date(now + 365 * day); // pending rows the worker must not pick up during the test
    const mail = (to: string, values: Partial<typeof outbox.$inferInsert>) =>
      ({ to, subject: 'Housekeeping', text: 'x', html: 'x', ...values }) as typeof outbox.$inferInsert;
    const rows = await db()
      .insert(outbox)
      .values([
        mail('old-sent@hk.test', { status: 'sent', sentAt: ago(31 * day), createdAt: ago(31 * day) }),
        mail('recent-sent@hk.test', { status: 'sent', sentAt: ago(29 * day), createdAt: ago(29 * day) }),
        mail('old-pending@hk.test', {
          status: 'pending',
          createdAt: ago(40 * day),
          nextAttemptAt: farFuture,
        }),
        // Undelivered mail goes after 30 days (retention.test.ts): this one is younger.
        mail('recent-dead@hk.test', { status: 'dead', createdAt: ago(29 * day), attempts: 8 }),
      ])
      .returning({ to: outbox.to });
    expect(rows).toHaveLength(4);

    const expiredToken = `expired-${randomUUID()}`;
    await db()
      .insert(sessions)
      .values({ id: randomUUID(), userId: ada.id, token: expiredToken, expiresAt: ago(hour) });
    await db()
      .insert(verifications)
      .values([
        { id: randomUUID(), identifier: 'old-token', value: 'x', expiresAt: ago(hour) },
        { id: randomUUID(), identifier: 'live-token', value: 'x', expiresAt: new Date(now + hour) },
      ]);
    await db()
      .insert(signInFailures)
      .values([
        { email: 'old@hk.test', count: 5, windowStartedAt: ago(2 * day) },
        { email: 'recent@hk.test', count: 2, windowStartedAt: ago(60_000) },
      ]);
    await db()
      .insert(rateLimits)
      .values([
        { id: randomUUID(), key: 'old-key', count: 3, lastRequest: now - 2 * day },
        { id: randomUUID(), key: 'recent-key', count: 3, lastRequest: now - 60_000 },
      ]);
    await db()
      .insert(writeRateLimits)
      .values([
        { userId: ada.id, count: 4, windowStartedAt: ago(2 * day) },
        { userId: admin.id, count: 4, windowStartedAt: ago(30_000) },
      ])
      .onConflictDoUpdate({
        target: writeRateLimits.userId,
        set: { windowStartedAt: sql`excluded.window_started_at` },
      });

    const outcome = await housekeep(db(), options);
    expect(outcome).toMatchObject({
      sentMail: 1,
      sessions: 1,
      verifications: 1,
      signInFailures: 1,
      rateLimits: 1,
      writeRateLimits: 1,
    });

    const left = await db()
      .select({ to: outbox.to })
      .from(outbox)
      .where(
        inArray(
          outbox.to,
          rows.map((row) => row.to),
        ),
      );
    expect(left.map((row) => row.to).sort()).toEqual([
      'old-pending@hk.test',
      'recent-dead@hk.test',
      'recent-sent@hk.test',
    ]);
    expect(await db().select().from(sessions).where(eq(sessions.token, expiredToken))).toEqual([]);
    // The live session still signs ada in.
    expect((await api(testApp.app, 'GET', '/api/auth/profile', { cookie: ada.cookie })).statusCode).toBe(200);
    expect((await db().select().from(verifications)).map((row) => row.identifier)).toContain('live-token');
    expect((await db().select().from(verifications)).map((row) => row.identifier)).not.toContain('old-token');
    expect((await db().select().from(signInFailures)).map((row) => row.email)).toEqual(['recent@hk.test']);
    expect((await db().select().from(rateLimits)).map((row) => row.key)).not.toContain('old-key');
    expect((await db().select().from(rateLimits)).map((row) => row.key)).toContain('recent-key');
    expect((await db().select().from(writeRateLimits)).map((row) => row.userId)).toEqual([admin.id]);
  });
});

describe('pending bookings nobody confirmed in time', () => {
  it('cancels those made 72 hours ago, as the system, and tells the client by e-mail', async () => {
    const old = await book(ada, nextDay());
    const fresh = await book(ada, nextDay());
    const confirmed = await book(ada, nextDay());
    await setBookingStatus(
      db(),
      { bookingId: confirmed.id, status: 'confirmed', actorUserId: admin.id },
      { timeZone: zone, appUrl, mailFrom, ...defaultBilling },
    );
    await madeAgo(old, 72 * hour + 60_000);
    await madeAgo(confirmed, 80 * hour);
    await madeAgo(fresh, 71 * hour);

    const outcome = await housekeep(db(), options);
    expect(outcome.expiredBookings).toBe(1);
    expect(await statusOf(old)).toBe('cancelled');
    expect(await statusOf(fresh)).toBe('pending');
    expect(await statusOf(confirmed)).toBe('confirmed');

    const events = await eventsOf(old);
    expect(
      events.map(({ actor, actorUserId, fromStatus, toStatus }) => ({
        actor,
        actorUserId,
        fromStatus,
        toStatus,
      })),
    ).toEqual([
      { actor: 'client', actorUserId: ada.id, fromStatus: null, toStatus: 'pending' },
      { actor: 'system', actorUserId: null, fromStatus: 'pending', toStatus: 'cancelled' },
    ]);
    expect(await expiryLetters(old)).toHaveLength(1);
    const letter = await capture.waitFor(ada.email, {
      subject: new RegExp(`request has been cancelled — ${old.confirmation_code}`),
    });
    expect(letter.subject).toBe(bookingExpiryMessages.subject(old.confirmation_code));
    expect(letter.text).toContain('because it was not confirmed in time');
    expect(letter.text).toContain(old.confirmation_code);
    expect(letter.text).toContain(`${appUrl}/my-bookings`);
    // No invitation went out, but the client may have the tentative event (a downloaded file, the feed): the
    // letter withdraws it.
    const calendarParts = letter.attachments.filter((part) => part.contentType === 'text/calendar');
    expect(calendarParts.map((part) => part.method)).toEqual(['CANCEL']);
    expect(calendarParts[0]?.content).toContain(`UID:booking-${old.id}@`);
    // The slot is free again.
    expect(
      (await api(testApp.app, 'GET', `/api/services/1/availability?date=${old.booking_date}`)).statusCode,
    ).toBe(200);

    // A second run finds nothing more to do.
    expect((await housekeep(db(), options)).expiredBookings).toBe(0);
    expect(await eventsOf(old)).toHaveLength(2);
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, fresh.id));
  });

  it('cancels one whose start has come before the 72 hours are over', async () => {
    const soon = await book(ada, nextDay());
    const later = await book(ada, nextDay());
    const startsAt = new Date(soon.starts_at);
    // Judged a minute after the first one's start: both were made minutes ago (less than 72 hours)...
    const atStart = { ...options, pendingExpiryHours: 24 * 365 };
    expect(await expirePendingBookings(db(), atStart, new Date(startsAt.getTime() - 60_000))).toBe(0);
    expect(await expirePendingBookings(db(), atStart, new Date(startsAt.getTime() + 60_000))).toBe(1);
    expect(await statusOf(soon)).toBe('cancelled');
    expect(await statusOf(later)).toBe('pending');
    expect((await eventsOf(soon)).at(-1)).toMatchObject({
      actor: 'system',
      actorUserId: null,
      toStatus: 'cancelled',
    });
    expect(await expiryLetters(soon)).toHaveLength(1);
  });

  it('leaves every pending booking alone when PENDING_EXPIRY_HOURS is 0', async () => {
    const pending = await book(ada, nextDay());
    await madeAgo(pending, 30 * day);
    const off = { ...options, pendingExpiryHours: 0 };
    expect(await expirePendingBookings(db(), off, new Date(Date.now() + 365 * day))).toBe(0);
    expect(await statusOf(pending)).toBe('pending');
    // Cancel it for the next test's counts.
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, pending.id));
  });
});

describe('several server processes', () => {
  /** Another server process on the same database: a second app (PostgreSQL), or the same database (PGlite). */
  async function otherProcess(): Promise<{ db: Database; close(): Promise<void> }> {
    if (testDriver !== 'postgres') return { db: db(), close: async () => {} };
    const url = testApp.database.url;
    if (!url) throw new Error('no database url');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-data-'));
    const other: FastifyInstance = await buildApp(
      testConfig({
        DATABASE_URL: url,
        AUTH_SECRET: 'housekeeping-test-secret-0123456789abcdef',
        DATA_DIR: dataDir,
        SMTP_URL: capture.url,
        MAIL_FROM: mailFrom,
      }),
      { mail: mailTiming },
    );
    await other.ready();
    return {
      db: other.db,
      close: async () => {
        await other.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('two runners racing do the work once per period', async () => {
    const other = await otherProcess();
    try {
      const due = await book(ada, nextDay());
      await madeAgo(due, 73 * hour);
      const expiredToken = `expired-${randomUUID()}`;
      await db()
        .insert(sessions)
        .values({
          id: randomUUID(),
          userId: ada.id,
          token: expiredToken,
          expiresAt: new Date(Date.now() - hour),
        });
      await periodOver();

      const run = { ...options, intervalMs: 60 * 60_000 };
      const outcomes = await Promise.all([runHousekeeping(db(), run), runHousekeeping(other.db, run)]);
      const ran = outcomes.filter((outcome) => outcome !== undefined);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ sessions: 1, expiredBookings: 1 });

      const systemEvents = await db()
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, due.id), eq(bookingEvents.actor, 'system')));
      expect(systemEvents).toHaveLength(1);
      expect(await expiryLetters(due)).toHaveLength(1);
      const subject = new RegExp(`request has been cancelled — ${due.confirmation_code}`);
      await capture.waitFor(ada.email, { subject });
      // Both processes' mail workers are polling: the letter still arrives once. A wait on purpose: some fifteen
      // polls of each, none of which may send it again.
      await new Promise((done) => setTimeout(done, 500));
      expect(capture.messages.filter((mail) => subject.test(mail.subject))).toHaveLength(1);

      // Until the period is over, neither runs again.
      expect(await Promise.all([runHousekeeping(db(), run), runHousekeeping(other.db, run)])).toEqual([
        undefined,
        undefined,
      ]);
      const [job] = await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, housekeepingJob));
      expect(job?.lastOutcome).toMatchObject({ sessions: 1, expiredBookings: 1 });
      expect(job?.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    } finally {
      await other.close();
    }
  });

  it('runs on its own once the app is up, every HOUSEKEEPING_INTERVAL_MINUTES', async () => {
    const quick = await buildTestApp({ env: { HOUSEKEEPING_INTERVAL_MINUTES: '0.005' } });
    try {
      const started = Date.now();
      for (;;) {
        const [job] = await quick.app.db
          .select()
          .from(scheduledJobs)
          .where(eq(scheduledJobs.name, housekeepingJob));
        if (job?.lastFinishedAt) break;
        if (Date.now() - started > 5_000) throw new Error('housekeeping never ran');
        await new Promise((done) => setTimeout(done, 50));
      }
    } finally {
      await quick.close();
    }
  });
});
