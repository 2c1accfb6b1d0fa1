// Mail exactly once in practice: fenced claims, SMTP timeouts within the claim lease, one Message-ID per message,
// and the attempt limit. Deliveries are read back from the in-process SMTP server.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { apiPaths, type UndeliveredMailResponse } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type OutboxRow, outbox } from '../../src/db/schema.ts';
import { compose } from '../../src/lib/mail/letter.ts';
import { claimDueMail, claimLeaseMs, enqueueMail, markFailed, markSent } from '../../src/lib/mail/outbox.ts';
import { smtpDelivery } from '../../src/lib/mail/smtp.ts';
import { type MailWorker, startMailWorker } from '../../src/lib/mail/worker.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type CaptureBehaviour, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const mailFrom = 'OT Consulting <mail@portal.example.com>';

let testApp: TestApp | undefined;
let capture: MailCapture | undefined;
const workers: MailWorker[] = [];
const closers: (() => void)[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  for (const close of closers.splice(0)) close();
  await testApp?.close();
  await capture?.close();
  testApp = undefined;
  capture = undefined;
});

function letterTo(to: string, subject = 'Outbox test') {
  return compose({ to, subject, intro: ['A message from the delivery tests.'], outro: [] });
}

async function row(id: string): Promise<OutboxRow> {
  const [found] = await app().db.select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

function app() {
  if (!testApp) throw new Error('no app');
  return testApp.app;
}

function captureServer(): MailCapture {
  if (!capture) throw new Error('no capture server');
  return capture;
}

/** An extra worker of "another process" on the same database, sending through the capture server. */
function otherWorker(options: { timeoutMs: number; maxAttempts?: number }): MailWorker {
  const smtp = smtpDelivery({
    url: captureServer().url,
    from: mailFrom,
    timeoutMs: options.timeoutMs,
    attachmentsOf: async () => [],
  });
  closers.push(smtp.close);
  const worker = startMailWorker({
    db: app().db,
    deliver: smtp.deliver,
    log: app().log,
    leaseMs: claimLeaseMs(options.timeoutMs),
    maxAttempts: options.maxAttempts ?? 8,
    pollIntervalMs: 20,
    retryBaseMs: 100,
    retryCapMs: 100,
  });
  workers.push(worker);
  return worker;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe('two claims of one message', () => {
  it('a claim whose lease ran out mid-send cannot overwrite the next claim: the message is delivered once', async () => {
    capture = await startMailCapture();
    // No worker of the app's own: this test plays both workers' steps in order.
    testApp = await buildTestApp({ env: { DEV_MAILBOX: 'off' } });
    const { db } = app();
    const message = await enqueueMail(db, letterTo('ada@race.test'));

    const [first] = await claimDueMail(db, { leaseMs: 100, maxAttempts: 8 });
    expect(first?.id).toBe(message.id);
    // The first sender is slow: its lease runs out (by the database's clock, which the next claim reads).
    await until(async () => {
      const [lease] = await db
        .select({ over: sql<boolean>`${outbox.nextAttemptAt} <= now()` })
        .from(outbox)
        .where(eq(outbox.id, message.id));
      return lease?.over === true;
    });
    const [second] = await claimDueMail(db, { leaseMs: 60_000, maxAttempts: 8 });
    expect(second?.id).toBe(message.id);
    if (!first || !second) throw new Error('not claimed');
    expect(second.claimId).not.toBe(first.claimId);
    expect(second.attempts).toBe(2);

    // The stale sender finally reports a failure, then (say, on a retry of its own) a success: neither counts.
    expect(await markFailed(db, first, { error: 'late failure', delayMs: 0, maxAttempts: 8 })).toBe('lost');
    expect(await markSent(db, first)).toBe(false);
    expect(await row(message.id)).toMatchObject({
      status: 'sending',
      claimId: second.claimId,
      lastError: null,
    });

    // The current claim delivers and records it.
    const smtp = smtpDelivery({
      url: captureServer().url,
      from: mailFrom,
      timeoutMs: 2_000,
      attachmentsOf: async () => [],
    });
    closers.push(smtp.close);
    await smtp.deliver(second);
    expect(await markSent(db, second)).toBe(true);

    // Workers polling afterwards find nothing left to send.
    otherWorker({ timeoutMs: 2_000 });
    otherWorker({ timeoutMs: 2_000 });
    await sleep(400); // a wait on purpose: some twenty polls of each worker, none of which may send it again
    expect(captureServer().count('ada@race.test')).toBe(1);
    expect(await row(message.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a stalled SMTP server: the send times out within its lease, so two workers deliver once', async () => {
    // The first message read is held far longer than the lease; a sender still waiting then would see it
    // accepted after another worker had already delivered the retry.
    let held = false;
    const behaviour: CaptureBehaviour = {
      holdMs: () => {
        if (held) return 0;
        held = true;
        return 3_000;
      },
    };
    capture = await startMailCapture(0, behaviour);
    const timeoutSeconds = 0.25; // lease: 2.5 s
    testApp = await buildTestApp({
      env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom, SMTP_TIMEOUT_SECONDS: String(timeoutSeconds) },
      mail: { pollIntervalMs: 20, retryBaseMs: 100, retryCapMs: 100 },
    });
    otherWorker({ timeoutMs: timeoutSeconds * 1000 });
    const message = await enqueueMail(app().db, letterTo('grace@stall.test'));

    await until(async () => (await row(message.id)).status === 'sent');
    // Past the hold: the stalled attempt, answered now, must not have turned into a second delivery.
    await captureServer().idle();
    expect(captureServer().count('grace@stall.test')).toBe(1);
    const attempts = captureServer().received.filter((mail) => mail.to === 'grace@stall.test');
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    // Every attempt of the message carried the same Message-ID, derived from its outbox id.
    expect(new Set(attempts.map((mail) => mail.messageId))).toEqual(
      new Set([`<${message.id}@portal.example.com>`]),
    );
    expect((await row(message.id)).attempts).toBeGreaterThanOrEqual(2);
  }, 20_000);
});

describe('Message-ID', () => {
  it('is the same on a retry after a temporary failure', async () => {
    let refused = 0;
    capture = await startMailCapture(0, {
      refuse: () => {
        refused += 1;
        return refused === 1;
      },
    });
    testApp = await buildTestApp({
      env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom },
      mail: { pollIntervalMs: 20, retryBaseMs: 50, retryCapMs: 50 },
    });
    const first = await enqueueMail(app().db, letterTo('ada@retry.test'));
    const second = await enqueueMail(app().db, letterTo('bob@retry.test'));
    const delivered = await captureServer().waitFor('ada@retry.test');
    await captureServer().waitFor('bob@retry.test');

    const tries = captureServer().received.filter((mail) => mail.to === 'ada@retry.test');
    const refusedOne = captureServer().received[0];
    expect(refusedOne?.to).toBe('ada@retry.test');
    expect(tries).toHaveLength(2);
    expect(tries.map((mail) => mail.messageId)).toEqual([delivered.messageId, delivered.messageId]);
    expect(delivered.messageId).toBe(`<${first.id}@portal.example.com>`);
    // Another message has its own.
    expect((await captureServer().waitFor('bob@retry.test')).messageId).toBe(
      `<${second.id}@portal.example.com>`,
    );
    // The server has the message before the worker records it as sent.
    await until(async () => (await row(first.id)).status === 'sent');
    expect(await row(first.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the attempt limit', () => {
  it('marks a message dead after MAIL_MAX_ATTEMPTS, logs it at error, and the admin API shows it', async () => {
    capture = await startMailCapture(0, { refuse: (mail) => mail.to === 'nobody@dead.test' });
    const logged: { level: number; msg: string; mailId?: string }[] = [];
    testApp = await buildTestApp({
      env: { SMTP_URL: capture.url, MAIL_FROM: mailFrom, MAIL_MAX_ATTEMPTS: '3', LOG_LEVEL: 'info' },
      mail: { pollIntervalMs: 20, retryBaseMs: 30, retryCapMs: 30 },
      logStream: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
          done();
        },
      }),
    });
    const admin = await signedInAdmin(testApp, 'chief@dead.test');
    const client = await signedInClient(testApp, 'cleo@dead.test');
    const doomed = await enqueueMail(app().db, letterTo('nobody@dead.test', 'Your consultation'));
    const fine = await enqueueMail(app().db, letterTo('someone@dead.test'));

    await until(async () => (await row(doomed.id)).status === 'dead');
    await captureServer().waitFor('someone@dead.test');
    await sleep(200); // a wait on purpose: ten polls, and no further attempt after dead
    expect(captureServer().received.filter((mail) => mail.to === 'nobody@dead.test')).toHaveLength(3);
    expect(await row(doomed.id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect((await row(doomed.id)).lastError).toContain('451');
    expect((await row(fine.id)).status).toBe('sent');
    const errorLine = logged.find((line) => line.mailId === doomed.id && line.level >= 50);
    expect(errorLine?.msg).toMatch(/undeliverable/);
    // The server's reply names the recipient: the dashboard (administrators) keeps it, the log does not.
    expect((await row(doomed.id)).lastError).toContain('nobody@dead.test');
    const doomedLines = logged.filter((line) => line.mailId === doomed.id);
    expect(doomedLines.length).toBeGreaterThan(1);
    expect(JSON.stringify(doomedLines)).not.toContain('nobody@dead.test');
    expect(JSON.stringify(doomedLines)).toContain('451');

    // A last attempt that never reported back (its worker died) is given up on once its lease runs out.
    // Written in that state at once: a row enqueued first could be claimed and sent by the worker before the test
    // made it abandoned.
    const [abandoned] = await app()
      .db.insert(outbox)
      .values({
        ...letterTo('lost@dead.test'),
        status: 'sending',
        claimId: randomUUID(),
        attempts: 3,
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning();
    if (!abandoned) throw new Error('the abandoned message was not written');
    await until(async () => (await row(abandoned.id)).status === 'dead');
    expect(captureServer().count('lost@dead.test')).toBe(0);

    const asClient = await api(testApp.app, 'GET', apiPaths.admin.undeliveredMail, { cookie: client.cookie });
    expect(asClient.statusCode).toBe(403);
    const response = await api(testApp.app, 'GET', apiPaths.admin.undeliveredMail, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UndeliveredMailResponse>();
    expect(body.count).toBe(2);
    expect(body.latest.map((mail) => mail.to)).toEqual(['lost@dead.test', 'nobody@dead.test']);
    expect(body.latest[1]).toMatchObject({ id: doomed.id, subject: 'Your consultation', attempts: 3 });
    expect(body.latest[1]?.lastError).toContain('451');
    expect(body.latest[0]?.lastError).toMatch(/never reported back/);
  }, 20_000);
});

describe('the reply address', () => {
  it("warns at start-up when clients' replies would go to MAIL_FROM, and only then", async () => {
    capture = await startMailCapture();
    for (const [env, warned] of [
      [{}, true],
      [{ FIRM_EMAIL: 'office@firm.test' }, false],
      [{ REPLY_TO: 'hello@firm.test' }, false],
    ] as const) {
      const logged: { level: number; msg: string }[] = [];
      const started = await buildTestApp({
        env: { SMTP_URL: captureServer().url, MAIL_FROM: mailFrom, LOG_LEVEL: 'warn', ...env },
        logStream: new Writable({
          write(chunk, _encoding, done) {
            for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
            done();
          },
        }),
      });
      await started.close();
      const warning = logged.some((line) => line.level === 40 && /REPLY_TO/.test(line.msg));
      expect(warning, JSON.stringify(env)).toBe(warned);
    }
  });
});
