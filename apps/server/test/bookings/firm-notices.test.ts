// The firm's notices about one booking are gathered (docs/product.md#e-mail, docs/decisions/042): a client moving a
// booking back and forth sends the firm one letter listing what they did, and at most one per window. Read back
// from the in-process SMTP server; the windows are set short so that no test waits ten minutes, and the one that
// would is read from the outbox's due time, which the database's clock keeps.
import type { Booking } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { outbox } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from './clients.ts';

const zoneShown = 'Mountain Standard Time (America/Phoenix)';
const office = 'office@firm-notices.test';
const minute = 60_000;

interface World {
  testApp: TestApp;
  capture: MailCapture;
  ada: Client;
  admin: Client;
}

async function world(name: string, env: Record<string, string>): Promise<World> {
  const capture = await startMailCapture();
  const testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      FIRM_EMAIL: office,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  const ada = await signedInClient(testApp, `ada@${name}.test`, { firstName: 'Ada', lastName: 'Lovelace' });
  const admin = await signedInAdmin(testApp, `admin@${name}.test`);
  return { testApp, capture, ada, admin };
}

async function book(w: World, startsAt: string): Promise<Booking> {
  const response = await postBooking(w.testApp.app, w.ada, {
    serviceId: 1,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function move(w: World, booking: Booking, startsAt: string): Promise<void> {
  const response = await api(w.testApp.app, 'POST', `/api/bookings/${booking.id}/reschedule`, w.ada, {
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The firm's letters about the booking received so far. */
function noticesAbout(w: World, booking: Booking) {
  return w.capture.messages.filter(
    (mail) => mail.to === office && mail.subject.endsWith(booking.confirmation_code),
  );
}

/** The outbox rows of the firm's notices about the booking, oldest first. */
async function noticeRows(w: World, booking: Booking) {
  const rows = await w.testApp.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, office), eq(outbox.coalesceKey, `firm-notice|${booking.id}`)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('twelve moves in quick succession', () => {
  let w: World;
  const nextDay = dayAllocator(3);

  beforeAll(async () => {
    // The first notice waits 5 seconds for what follows (60 in production): the moves below take far less.
    w = await world('firm-notices-burst', { FIRM_NOTICE_DELAY_SECONDS: '5' });
  });
  afterAll(async () => {
    await w?.testApp.close();
    await w?.capture.close();
  });

  it('send the firm one notice listing the booking and every move, and the next waits for the window', async () => {
    const date = nextDay();
    const [ten, two] = [businessTime(date, 10), businessTime(date, 14)];
    const booking = await book(w, ten);
    for (let index = 0; index < 12; index += 1) await move(w, booking, index % 2 === 0 ? two : ten);

    const notice = await w.capture.waitFor(office, {
      subject: new RegExp(booking.confirmation_code),
      timeoutMs: 20_000,
    });
    expect(notice.subject).toBe(`Booking changed 13 times by the client — ${booking.confirmation_code}`);
    // Rewritten with every move, it still answers to the client.
    expect(notice.replyTo).toBe(booking.user_profiles.email);
    const day = shortDay(date);
    const there = `${day}, 10 AM - 11 AM`;
    const back = `${day}, 2 PM - 3 PM`;
    for (const body of [notice.text, notice.html]) {
      expect(body).toContain('Ada Lovelace has made 13 changes to their');
      expect(body).toContain(`What the client did, in order (times in ${zoneShown}):`);
      expect(occurrences(body, ': booked it for ')).toBe(1);
      expect(occurrences(body, ': moved it from ')).toBe(12);
      expect(occurrences(body, `moved it from ${there} to ${back}`)).toBe(6);
      expect(occurrences(body, `moved it from ${back} to ${there}`)).toBe(6);
    }
    // In order: booked first, then the moves.
    expect(notice.text.indexOf('booked it for')).toBeLessThan(notice.text.indexOf('moved it from'));
    expect(notice.text).toContain(`booked it for ${there}`);

    // Nothing else reached the firm about it, while the client had a letter for each move.
    await w.capture.idle();
    expect(noticesAbout(w, booking)).toHaveLength(1);
    const toAda = await w.testApp.app.db.select().from(outbox).where(eq(outbox.to, w.ada.email));
    expect(toAda.filter((row) => row.subject.startsWith('Your consultation has been moved'))).toHaveLength(
      12,
    );

    // One more move right away: a new notice, due no sooner than ten minutes after the first went out.
    await move(w, booking, two);
    const rows = await noticeRows(w, booking);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'pending']);
    const [sent, next] = rows;
    const gap = (next?.nextAttemptAt.getTime() ?? 0) - (sent?.sentAt?.getTime() ?? Number.NaN);
    expect(gap).toBeGreaterThanOrEqual(10 * minute - 1_000);
    expect(gap).toBeLessThanOrEqual(10 * minute + 5_000);
    expect(next?.subject).toBe(`Booking rescheduled by the client — ${booking.confirmation_code}`);
    expect(noticesAbout(w, booking)).toHaveLength(1);
  });
});

describe('once the window has passed', () => {
  let w: World;
  const nextDay = dayAllocator(3);
  const windowMs = 3_000;

  beforeAll(async () => {
    // The first notice at once; a window of three seconds stands for ten minutes.
    w = await world('firm-notices-window', {
      FIRM_NOTICE_DELAY_SECONDS: '0',
      FIRM_NOTICE_WINDOW_MINUTES: String(windowMs / minute),
    });
  });
  afterAll(async () => {
    await w?.testApp.close();
    await w?.capture.close();
  });

  it('the actions since the first notice come in one more letter, a window after it, cancellation included', async () => {
    const date = nextDay();
    const booking = await book(w, businessTime(date, 9));
    const first = await w.capture.waitFor(office, { subject: new RegExp(booking.confirmation_code) });
    expect(first.subject).toBe(`New booking — ${booking.confirmation_code}`);
    const confirmed = await api(w.testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, w.admin, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await move(w, booking, businessTime(date, 13));
    await move(w, booking, businessTime(date, 9));
    const cancelled = await api(w.testApp.app, 'PUT', `/api/bookings/${booking.id}`, w.ada, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const second = await w.capture.waitFor(office, {
      subject: new RegExp(booking.confirmation_code),
      after: 1,
      timeoutMs: 20_000,
    });
    expect(second.subject).toBe(`Booking changed 3 times by the client — ${booking.confirmation_code}`);
    expect(occurrences(second.text, ': moved it from ')).toBe(2);
    expect(second.text).toMatch(/moved it from [\s\S]*moved it from [\s\S]*: cancelled it/);
    expect(second.text).not.toContain('booked it for');
    expect(second.text).toContain('Status: Cancelled');

    // The outbox marks a letter sent after the SMTP server took it: the capture may see it a moment earlier.
    await expect.poll(async () => (await noticeRows(w, booking))[1]?.sentAt ?? null).not.toBeNull();
    const [sent, summary] = await noticeRows(w, booking);
    const gap = (summary?.sentAt?.getTime() ?? 0) - (sent?.sentAt?.getTime() ?? Number.NaN);
    expect(gap).toBeGreaterThanOrEqual(windowMs - 100);
    await w.capture.idle();
    expect(noticesAbout(w, booking)).toHaveLength(2);
  });
});

describe('FIRM_NOTICE_DELAY_SECONDS and FIRM_NOTICE_WINDOW_MINUTES', () => {
  it('default to a minute and ten minutes', () => {
    const config = loadConfig({});
    expect(config.firmNoticeDelayMs).toBe(60_000);
    expect(config.firmNoticeWindowMs).toBe(10 * minute);
    expect(loadConfig({ FIRM_NOTICE_DELAY_SECONDS: '0' }).firmNoticeDelayMs).toBe(0);
    expect(() => loadConfig({ FIRM_NOTICE_WINDOW_MINUTES: '0' })).toThrow('FIRM_NOTICE_WINDOW_MINUTES');
  });
});

/** 'Mon, Jan 14, 2030' of a date, computed without the code under test. */
function shortDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}
