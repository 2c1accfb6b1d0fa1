// The firm's notices about a booking go to its consultant too (docs/product.md#the-consultants-own-area): read back
// from the in-process SMTP server. A placeholder consultant at an `.invalid` address gets nothing. And the
// consultant's private calendar feed holds their consultations.
import {
  apiPaths,
  type Booking,
  defaultBusinessTimeZone,
  type ProfileUser,
  paths,
  zonedInstant,
} from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { consultationUid } from '../../src/lib/mail/calendar.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { type Client, dayAllocator, postBooking, signedInClient } from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const office = 'office@consultant-mail.test';
const nora = 'Nora@Consultant-Mail.test';
const placeholder = 'service-9@consultants.invalid';

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let ada: Client;
let noraAccount: Client;
let noraId: number;
let placeholderId: number;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: {
      SMTP_URL: capture.url,
      FIRM_EMAIL: office,
      FIRM_NOTICE_DELAY_SECONDS: '0',
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  admin = await signedInAdmin(testApp, 'admin@consultant-mail.test');
  ada = await signedInClient(testApp, 'ada@consultant-mail.test', { firstName: 'Ada', lastName: 'Lovelace' });
  // Nora's account, linked by her record's email (any case) when the record is made.
  noraAccount = await signedInClient(testApp, nora.toLowerCase(), { firstName: 'Nora', lastName: 'Notice' });
  noraId = await addConsultant('Nora Notice', nora);
  placeholderId = await addConsultant('Placeholder Consultant', placeholder);
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

async function addConsultant(name: string, email: string): Promise<number> {
  const response = await api(
    testApp.app,
    'POST',
    apiPaths.consultants.admin,
    { cookie: admin.cookie },
    {
      name,
      email,
      serviceIds: [2],
    },
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().consultant.id;
}

async function book(consultantId: number): Promise<Booking> {
  const startsAt = zonedInstant(nextDay(), 10 * 60, defaultBusinessTimeZone)?.toISOString();
  const response = await postBooking(testApp.app, ada, {
    serviceId: 2,
    consultantId,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

describe("the firm's notices reach the booking's consultant", () => {
  it("sends the consultant the firm's notice of a new booking of theirs, linking to the booking's page", async () => {
    const booking = await book(noraId);
    const subject = new RegExp(`${booking.confirmation_code}$`);
    const toNora = await capture.waitFor(nora.toLowerCase(), { subject });
    const toOffice = await capture.waitFor(office, { subject });
    expect(toNora.subject).toBe(toOffice.subject);
    expect(toNora.text).toContain('Ada Lovelace');
    expect(toNora.text).toContain(new URL(paths.booking(booking.id), appUrl).toString());
    expect(toNora.text).not.toContain('/admin/bookings');
    expect(toOffice.text).toContain(new URL(paths.adminBooking(booking.id), appUrl).toString());
    // One letter each, the consultant's under the coalescing key of the firm's notices.
    const rows = await testApp.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.coalesceKey, `firm-notice|${booking.id}`));
    expect(rows.map((row) => row.to.toLowerCase()).sort()).toEqual([nora.toLowerCase(), office].sort());
  });

  it('tells the consultant of a cancellation too, and nobody at an .invalid address', async () => {
    const booking = await book(placeholderId);
    const rows = await testApp.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.coalesceKey, `firm-notice|${booking.id}`));
    expect(rows.map((row) => row.to)).toEqual([office]);

    const mine = await book(noraId);
    const confirmed = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(mine.id),
      { cookie: admin.cookie },
      {
        status: 'confirmed',
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cancelled = await api(testApp.app, 'PUT', apiPaths.bookings.booking(mine.id), ada, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The cancellation joins the letter still waiting or starts the next one after the window (decision 042):
    // the consultant's latest letter about the booking tells it, as the office's does.
    const latest = async (to: string) => {
      const rows = await testApp.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.coalesceKey, `firm-notice|${mine.id}`))
        .orderBy(desc(outbox.createdAt), desc(outbox.id));
      return rows.find((row) => row.to.toLowerCase() === to);
    };
    const toNora = await latest(nora.toLowerCase());
    expect(toNora?.text).toMatch(/cancelled/i);
    expect(toNora?.subject).toBe((await latest(office))?.subject);
  });
});

describe("the consultant's calendar feed", () => {
  it('holds their active consultations, not the bookings of other consultants', async () => {
    const theirs = await book(noraId);
    const others = await book(placeholderId);
    const profile = await api(testApp.app, 'GET', apiPaths.accounts.profile, noraAccount);
    expect(profile.json<{ user: ProfileUser }>().user.role).toBe('consultant');
    const feedUrl = profile.json<{ user: ProfileUser }>().user.calendar_feed_url;
    // As a calendar app fetches it: the URL alone.
    const feed = await testApp.app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    const uids = Object.values(ical.sync.parseICS(feed.body))
      .filter((component) => component?.type === 'VEVENT')
      .map((event) => (event as VEvent).uid);
    expect(uids).toContain(consultationUid(theirs.id, appUrl));
    expect(uids).not.toContain(consultationUid(others.id, appUrl));
    // Cancelled by the consultant, it leaves the feed.
    const cancelled = await api(testApp.app, 'PUT', apiPaths.admin.status(theirs.id), noraAccount, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await testApp.app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
    expect(after.body).not.toContain(consultationUid(theirs.id, appUrl));
  });
});
