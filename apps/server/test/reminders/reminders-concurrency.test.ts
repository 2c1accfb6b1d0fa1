// Reminders exactly once on PostgreSQL (docs/decisions/021): three worker loops, each on its own connection pool as
// three server processes would be, over the same due reminders; and a server process killed inside the transaction
// that records a reminder, which must lose nothing and send nothing twice.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultBusinessTimeZone } from '@portal/domain';
import { and, count, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { bookingReminders, outbox } from '../../src/db/schema.ts';
import { calendarLinkKey } from '../../src/modules/bookings/calendar-link.ts';
import {
  bookingsWithDueReminders,
  type ReminderOptions,
  sendDueReminders,
} from '../../src/modules/reminders/reminders.service.ts';
import { seedBookings } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { buildTestApp, type TestApp, testConfig, testDriver } from '../helpers/build-test-app.ts';
import { spawnServerScript } from '../helpers/child-process.ts';
import { freePort } from '../helpers/ports.ts';

const hour = 3_600_000;
const options: ReminderOptions = {
  reminderHours: [720],
  timeZone: defaultBusinessTimeZone,
  appUrl: 'https://portal.example.com',
  mailFrom: 'OT Consulting <bookings@portal.example.com>',
  calendarLinkKey: calendarLinkKey('reminders-concurrency-test-secret-0123456789'),
};

async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** A worker's loop: passes until nothing is due (rows another worker holds are skipped, then found done). */
async function workerLoop(db: Database, now: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    sent += await sendDueReminders(db, options, now);
    if ((await bookingsWithDueReminders(db, now, options.reminderHours)).length === 0) return sent;
  }
}

describe.skipIf(testDriver !== 'postgres')('reminders exactly once (PostgreSQL)', () => {
  let testApp: TestApp;
  let client: Client;
  const pools: DatabaseHandle[] = [];

  beforeAll(async () => {
    // No SMTP server and no dev mailbox: the e-mails stay in the outbox, where they are counted.
    // Its own reminder worker passes once, at start-up: the tests run theirs.
    testApp = await buildTestApp({ env: { DEV_MAILBOX: 'off' }, reminders: { pollIntervalMs: 24 * hour } });
    client = await signedInClient(testApp, 'many@reminders-concurrency.test');
    for (let index = 0; index < 3; index += 1) {
      pools.push(await openDatabase({ url: testApp.database.url ?? '' }));
    }
  });
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await testApp?.close();
  });

  it('three worker loops in parallel over 200 due reminders send each exactly once (10 runs)', async () => {
    const db = testApp.app.db;
    for (let run = 0; run < 10; run += 1) {
      // 200 confirmed consultations an hour apart (far in the future), all inside the reminder window at `now`.
      const ids = await seedBookings(
        testApp.app,
        Array.from({ length: 200 }, () => ({
          userId: client.id,
          createdAt: new Date(),
          status: 'confirmed' as const,
        })),
      );
      const [first] = await db
        .select({ startsAt: sql<Date>`min(starts_at)` })
        .from(sql`bookings`)
        .where(inArray(sql`id`, ids));
      const now = new Date(new Date(first?.startsAt ?? 0).getTime() - hour);
      const [before] = await db.select({ count: count() }).from(outbox);

      const sent = await Promise.all(pools.map((pool) => workerLoop(pool.db, now)));

      expect(sent.reduce((sum, value) => sum + value, 0)).toBe(200);
      const records = await db
        .select({ bookingId: bookingReminders.bookingId, outboxId: bookingReminders.outboxId })
        .from(bookingReminders)
        .where(inArray(bookingReminders.bookingId, ids));
      expect(new Set(records.map((row) => row.bookingId)).size).toBe(200);
      expect(records).toHaveLength(200);
      expect(new Set(records.map((row) => row.outboxId)).size).toBe(200);
      const [after] = await db.select({ count: count() }).from(outbox);
      expect(Number(after?.count) - Number(before?.count)).toBe(200);
      // Each e-mail names its own booking.
      const mails = await db
        .select({ subject: outbox.subject, outboxId: outbox.id })
        .from(outbox)
        .innerJoin(bookingReminders, eq(bookingReminders.outboxId, outbox.id))
        .where(inArray(bookingReminders.bookingId, ids));
      expect(mails.every((mail) => /^Reminder: /.test(mail.subject))).toBe(true);
      expect(new Set(mails.map((mail) => mail.subject)).size).toBe(200);
    }
  }, 300_000);

  it('a server killed inside the transaction that records a reminder loses nothing: the next pass sends it once', async () => {
    const db = testApp.app.db;
    const url = testApp.database.url ?? '';
    const client = await signedInClient(testApp, 'killed@reminders-concurrency.test');
    // Due now in real time for a server with REMINDER_HOURS=720 (the parent's worker, at 24 hours, leaves it).
    const [bookingId] = await seedBookings(testApp.app, [
      {
        userId: client.id,
        createdAt: new Date(),
        status: 'confirmed',
        startsAt: new Date(Math.ceil((Date.now() + 10 * 24 * hour) / hour) * hour + 30 * 60_000),
      },
    ]);
    if (bookingId === undefined) throw new Error('no booking');
    const mine = eq(bookingReminders.bookingId, bookingId);

    // Hold the outbox so the child's reminder transaction stops at its e-mail: after locking the booking and
    // recording the reminder, before committing.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    // Another session watches (inside a transaction the activity views keep their first reading).
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-reminder-kill-'));
    try {
      await holder.query('begin');
      await holder.query('lock table outbox in share mode');
      const { child, output } = spawnServerScript('src/main.ts', [], {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        DATABASE_URL: url,
        AUTH_SECRET: 'reminder-kill-test-secret-0123456789abcdef',
        REMINDER_HOURS: '720',
        DEV_MAILBOX: 'off',
        // The statement waits on our lock as long as the test needs.
        DATABASE_STATEMENT_TIMEOUT_MS: '60000',
        LOG_LEVEL: 'info',
      });
      const exited = once(child, 'exit');
      let waiting: number | undefined;
      await waitUntil(async () => {
        if (child.exitCode !== null) throw new Error(`The server exited: ${output().stderr}`);
        const blocked = await watcher.query<{ pid: number }>(
          `select pid from pg_locks join pg_stat_activity using (pid)
           where relation = 'outbox'::regclass and not granted and query like 'insert into "outbox"%'`,
        );
        waiting = blocked.rows[0]?.pid;
        return waiting !== undefined;
      }, "the child's reminder transaction to wait for the outbox");
      // Inside its transaction the child has recorded the reminder (invisible to us until it commits).
      const inFlight = await watcher.query<{ n: number }>(
        'select count(*)::int as n from pg_locks where pid = $1 and locktype = $2 and granted',
        [waiting, 'transactionid'],
      );
      expect(inFlight.rows[0]?.n).toBeGreaterThan(0);

      child.kill('SIGKILL');
      await exited;
      await holder.query('commit');
      // PostgreSQL ends the dead client's session and rolls its transaction back.
      await waitUntil(async () => {
        const alive = await watcher.query('select 1 from pg_stat_activity where pid = $1', [waiting]);
        return alive.rowCount === 0;
      }, "the killed server's session to end");

      expect(await db.select().from(bookingReminders).where(mine)).toHaveLength(0);
      const reminderMail = () =>
        db
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, client.email), like(outbox.subject, 'Reminder:%')));
      expect(await reminderMail()).toHaveLength(0);

      // Nothing lost: the next pass (any process) sends it, once.
      const reminderHours = [720];
      expect(await sendDueReminders(db, { ...options, reminderHours })).toBe(1);
      expect(await sendDueReminders(db, { ...options, reminderHours })).toBe(0);
      const records = await db.select().from(bookingReminders).where(mine);
      expect(records).toHaveLength(1);
      const mails = await reminderMail();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.id).toBe(records[0]?.outboxId);
    } finally {
      await holder.end();
      await watcher.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('closing the app lets the pass in hand finish its batch: every batch whole, each record with its e-mail', async () => {
    // An app of its own on the same database, closed by the test (its pool with it).
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-reminder-close-'));
    const config = testConfig({ DATA_DIR: dataDir, REMINDER_HOURS: '720', DEV_MAILBOX: 'off' });
    const closing = await buildApp(config, {
      database: await openDatabase({ url: testApp.database.url ?? '' }),
    });
    await closing.ready();
    // 250 confirmed consultations due now in real time, on a service of their own (no overlap with other tests).
    const firstStart = Math.ceil((Date.now() + 2 * hour) / hour) * hour;
    const ids = await seedBookings(
      testApp.app,
      Array.from({ length: 250 }, (_, index) => ({
        userId: client.id,
        createdAt: new Date(),
        status: 'confirmed' as const,
        serviceId: 2,
        startsAt: new Date(firstStart + index * hour),
      })),
    );
    const db = testApp.app.db;
    const recorded = async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(bookingReminders)
            .where(inArray(bookingReminders.bookingId, ids))
        )[0]?.n,
      );
    closing.reminders.wake();
    await waitUntil(async () => (await recorded()) > 0, 'the pass to start');
    await closing.close();
    rmSync(dataDir, { recursive: true, force: true });

    // Batches of 100: the one in hand was finished, none was cut short.
    expect([100, 200, 250]).toContain(await recorded());
    const unlinked = await db
      .select({ n: count() })
      .from(bookingReminders)
      .leftJoin(outbox, eq(outbox.id, bookingReminders.outboxId))
      .where(and(inArray(bookingReminders.bookingId, ids), isNull(outbox.id)));
    expect(Number(unlinked[0]?.n)).toBe(0);
    // The rest goes at the next pass, of any process.
    await sendDueReminders(db, options);
    expect(await recorded()).toBe(250);
  }, 120_000);

  it('the pass finds due reminders through the index of active bookings by start', async () => {
    const db = testApp.app.db;
    await db.execute(sql`analyze bookings`);
    const now = new Date();
    const query = bookingsWithDueReminders(db, now, [24, 1]);
    // The query builder's SQL, explained on the server with its parameters.
    const { sql: text, params } = query.toSQL();
    const raw = new pg.Client({ connectionString: testApp.database.url ?? '' });
    await raw.connect();
    try {
      await raw.query('set enable_seqscan = off');
      const plan = await raw.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toContain('bookings_upcoming_idx');
    } finally {
      await raw.end();
    }
  });
});
