// The calendar feed (docs/decisions/023): a private subscription URL per account, named by the profile, answering
// iCalendar (parsed here by an independent parser, node-ical) without a session; a reset makes the old URL 404.
import { createHash } from 'node:crypto';
import {
  type Booking,
  calendarFeedPastDays,
  defaultBusinessTimeZone,
  maxCalendarFeedEvents,
  messages,
  type ProfileUser,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, users } from '../../src/db/schema.ts';
import { NotFound } from '../../src/lib/errors.ts';
import { consultationUid } from '../../src/lib/mail/calendar.ts';
import { calendarFeedFile, calendarFeedKey } from '../../src/modules/calendar-feed/calendar-feed.service.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { businessTime, type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

const zone = defaultBusinessTimeZone;
const day = 24 * 60 * 60 * 1000;
const tokenShape = /^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

let testApp: TestApp;
let ada: Client;
let grace: Client;
let admin: Client;
const nextDay = dayAllocator(4);

beforeAll(async () => {
  testApp = await buildTestApp({
    env: { MAX_PENDING_BOOKINGS_PER_CLIENT: '1000', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
  });
  ada = await signedInClient(testApp, 'ada@calendar-feed.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@calendar-feed.test', {
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  admin = await signedInAdmin(testApp, 'admin@calendar-feed.test');
});
afterAll(async () => {
  await testApp?.close();
});

async function feedUrlOf(client: Client): Promise<string> {
  const response = await api(testApp.app, 'GET', '/api/auth/profile', client);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: ProfileUser }>().user.calendar_feed_url;
}

/** Fetches a feed as a calendar app does: the URL alone, no cookie, no origin. */
function fetchFeed(url: string) {
  const { pathname } = new URL(url);
  return testApp.app.inject({ method: 'GET', url: pathname });
}

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent =>
      typeof component === 'object' &&
      component !== null &&
      'type' in component &&
      component.type === 'VEVENT',
  );
}

async function feedEvents(client: Client): Promise<VEvent[]> {
  const response = await fetchFeed(await feedUrlOf(client));
  expect(response.statusCode, response.body).toBe(200);
  return eventsOf(response.body);
}

async function book(client: Client, serviceId = 1): Promise<Booking> {
  const response = await postBooking(testApp.app, client, {
    serviceId,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt: businessTime(nextDay(), 10),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

async function setStatus(booking: { id: number }, status: string) {
  const response = await api(testApp.app, 'PUT', `/api/bookings/admin/${booking.id}/status`, admin, {
    status,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const uid = (id: number) => consultationUid(id, appUrl);
const uids = (events: VEvent[]) => events.map((event) => event.uid).sort();

describe('GET /api/auth/profile: calendar_feed_url', () => {
  it('names an absolute private URL under APP_URL, the same on every read and in the saved profile', async () => {
    const first = await feedUrlOf(ada);
    expect(first).toMatch(tokenShape);
    expect(await feedUrlOf(ada)).toBe(first);
    const saved = await api(testApp.app, 'PUT', '/api/auth/profile', ada, {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(saved.json<{ user: ProfileUser }>().user.calendar_feed_url).toBe(first);
    expect(await feedUrlOf(grace)).not.toBe(first);
  });
});

describe('GET /api/calendar/{token}.ics', () => {
  it("answers iCalendar without a session: only the owner's active consultations, each the same event as its .ics", async () => {
    const pending = await book(ada);
    const confirmed = await book(ada, 2);
    const cancelled = await book(ada);
    const completed = await book(ada);
    const gracesOwn = await book(grace);
    await setStatus(confirmed, 'confirmed');
    await setStatus(cancelled, 'cancelled');
    await setStatus(completed, 'completed');
    const now = Date.now();
    const [recent, old] = await seedBookings(testApp.app, [
      {
        userId: ada.id,
        status: 'confirmed',
        createdAt: new Date(now - 60 * day),
        startsAt: new Date(now - 5 * day),
      },
      {
        userId: ada.id,
        status: 'confirmed',
        createdAt: new Date(now - 90 * day),
        startsAt: new Date(now - (calendarFeedPastDays + 2) * day),
      },
    ]);

    const response = await fetchFeed(await feedUrlOf(ada));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Personal data: no browser, proxy or calendar app keeps a copy.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).toContain('METHOD:PUBLISH');
    expect(response.body).toContain('X-WR-CALNAME:OT Consulting consultations');
    expect(response.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    // The business zone's definition once, whatever the number of events written in it.
    expect(response.body.match(/BEGIN:VTIMEZONE\r\nTZID:America\/Phoenix\r\n/g)).toHaveLength(1);

    const events = eventsOf(response.body);
    expect(uids(events)).toEqual([uid(pending.id), uid(confirmed.id), uid(recent ?? 0)].sort());
    for (const gone of [cancelled, completed, gracesOwn, { id: old ?? 0 }])
      expect(uids(events)).not.toContain(uid(gone.id));
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.get(uid(pending.id))?.status).toBe('TENTATIVE');
    expect(byUid.get(uid(confirmed.id))?.status).toBe('CONFIRMED');
    const event = byUid.get(uid(confirmed.id));
    expect(event?.start.toISOString()).toBe(confirmed.starts_at);
    expect(event?.end?.toISOString()).toBe(confirmed.ends_at);
    expect(event?.summary).toBe(`${confirmed.services.name} consultation`);

    // The single file of the booking (and so its e-mails) describes the same event at the same revision.
    const single = eventsOf(
      (await api(testApp.app, 'GET', `/api/bookings/${confirmed.id}/calendar.ics`, ada)).body,
    )[0];
    expect(single?.uid).toBe(event?.uid);
    expect(event?.sequence).toBe(1);
    expect(event?.sequence).toBe(single?.sequence);
  });

  it("gives an administrator every client's active consultations", async () => {
    const adas = await book(ada);
    const graces = await book(grace);
    const dropped = await book(grace);
    await setStatus(dropped, 'cancelled');
    const listed = uids(await feedEvents(admin));
    expect(listed).toEqual(expect.arrayContaining([uid(adas.id), uid(graces.id)]));
    expect(listed).not.toContain(uid(dropped.id));
    expect(uids(await feedEvents(grace))).not.toContain(uid(adas.id));
  });

  it('answers an unknown, guessed, malformed or empty token like a route that does not exist', async () => {
    const unknownRoute = await testApp.app.inject('/api/no-such-route');
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/guess.ics',
      '/api/calendar/.ics',
      '/api/calendar/%00%2F..ics',
      `${new URL(await feedUrlOf(ada)).pathname.slice(0, -4)}`,
    ]) {
      const response = await testApp.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: messages.routeNotFound });
      expect(response.headers['content-type']).toBe(unknownRoute.headers['content-type']);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('POST /api/auth/calendar-feed/reset', () => {
  it('replaces the URL: the old one answers 404 at once, the new one the same consultations', async () => {
    const booking = await book(ada);
    const old = await feedUrlOf(ada);
    const before = uids(eventsOf((await fetchFeed(old)).body));
    expect(before).toContain(uid(booking.id));

    const reset = await api(testApp.app, 'POST', '/api/auth/calendar-feed/reset', ada);
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json<{ calendar_feed_url: string }>().calendar_feed_url;
    expect(fresh).toMatch(tokenShape);
    expect(fresh).not.toBe(old);
    expect(await feedUrlOf(ada)).toBe(fresh);

    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: messages.routeNotFound });
    const now = await fetchFeed(fresh);
    expect(now.statusCode).toBe(200);
    expect(uids(eventsOf(now.body))).toEqual(before);
  });

  it('is for the signed-in only, from the portal own pages', async () => {
    const before = await feedUrlOf(grace);
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/calendar-feed/reset',
      headers: { origin: appUrl },
    });
    expect(signedOut.statusCode).toBe(401);
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/calendar-feed/reset',
      headers: { origin: 'https://evil.example', cookie: grace.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await feedUrlOf(grace)).toBe(before);
  });

  it('gives an account without a profile a feed too, and an account that goes takes its feed along', async () => {
    const newcomer = await signedInClient(testApp, 'newcomer@calendar-feed.test', null);
    const reset = await api(testApp.app, 'POST', '/api/auth/calendar-feed/reset', newcomer);
    expect(reset.statusCode, reset.body).toBe(200);
    const url = reset.json<{ calendar_feed_url: string }>().calendar_feed_url;
    const empty = await fetchFeed(url);
    expect(empty.statusCode).toBe(200);
    expect(eventsOf(empty.body)).toEqual([]);
    await testApp.app.db.delete(users).where(eq(users.id, newcomer.id));
    expect(
      await testApp.app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, newcomer.id)),
    ).toEqual([]);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});

describe('the feed token in the database', () => {
  it('is kept only as a hash: no column gives a URL that answers, and a token kept in clear is refused', async () => {
    const url = await feedUrlOf(ada);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const [row] = await testApp.app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ada.id));
    if (!row) throw new Error('no feed row');
    expect(row.token).toBeNull();
    for (const stored of [row.tokenHash, String(row.generation), row.userId]) {
      const guess = await fetchFeed(`${appUrl}/api/calendar/${encodeURIComponent(stored ?? '')}.ics`);
      expect(guess.statusCode).toBe(404);
    }
    // A row as the previous release wrote it, the token in clear beside its hash: never a current token.
    const token = /\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';
    await testApp.app.db.update(calendarFeeds).set({ token }).where(eq(calendarFeeds.userId, ada.id));
    expect((await fetchFeed(url)).statusCode).toBe(404);
    // The owner's next read issues the URL again (the same generation, so the same URL), from then on answering.
    const again = await feedUrlOf(ada);
    expect(again).toBe(url);
    expect((await fetchFeed(again)).statusCode).toBe(200);
  });

  it('is derived from the secret: under another AUTH_SECRET the same URL is not a feed', async () => {
    const token = /\/([^/]+)\.ics$/.exec(await feedUrlOf(grace))?.[1] ?? '';
    const options = { timeZone: zone, appUrl, mailFrom: 'no-reply@calendar-feed.test', now: new Date() };
    await expect(
      calendarFeedFile(
        testApp.app.db,
        calendarFeedKey('another-secret-of-at-least-32-characters'),
        token,
        options,
      ),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await fetchFeed(`${appUrl}/api/calendar/${token}.ics`)).statusCode).toBe(200);
  });
});

describe('the feed size', () => {
  it(`lists at most ${maxCalendarFeedEvents} consultations, the soonest first`, async () => {
    const seeded = await seedBookings(
      testApp.app,
      Array.from({ length: maxCalendarFeedEvents + 5 }, () => ({
        userId: grace.id,
        status: 'confirmed' as const,
        createdAt: new Date(),
      })),
    );
    const listed = uids(await feedEvents(grace));
    expect(listed).toHaveLength(maxCalendarFeedEvents);
    // The seeded ones start in 2040, after every booked one: the last five seeded are left out.
    for (const id of seeded.slice(-5)) expect(listed).not.toContain(uid(id));
  });
});

describe('POST /api/auth/calendar-feed/reset under the write rate limit', () => {
  it('counts against WRITE_RATE_LIMIT_PER_MINUTE like every other write: over it, 429 and the link stays', async () => {
    const limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      const client = await signedInClient(limited, 'busy@calendar-feed.test', null);
      const reset = () => api(limited.app, 'POST', '/api/auth/calendar-feed/reset', client);
      const first = await reset();
      expect(first.statusCode, first.body).toBe(200);
      const refused = await reset();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const [row] = await limited.app.db
        .select({ tokenHash: calendarFeeds.tokenHash })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, client.id));
      const token = /\/([^/]+)\.ics$/.exec(
        first.json<{ calendar_feed_url: string }>().calendar_feed_url,
      )?.[1];
      expect(row?.tokenHash).toBe(
        createHash('sha256')
          .update(token ?? '')
          .digest('hex'),
      );
    } finally {
      await limited.close();
    }
  });
});
