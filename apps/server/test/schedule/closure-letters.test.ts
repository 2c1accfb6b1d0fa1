// Closing a date tells the clients of its active bookings (docs/product.md#e-mail): one letter each, written with
// the closure, none for cancelled bookings or bookings outside the dates, none again for a retried or repeated
// request (also when two race, on PostgreSQL), and none when a closure is deleted. The letters are read from the
// outbox the closure's transaction wrote, and one of them from the in-process SMTP server it reaches.
import {
  apiPaths,
  type Booking,
  type ClosureRecord,
  closureNoticeMessages,
  longDate,
  paths,
} from '@portal/domain';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import {
  bookAt,
  businessTime,
  type Client,
  dayAllocator,
  raceLimits,
  signedInClient,
} from '../bookings/clients.ts';
import { api, appUrl } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const hour = 3_600_000;
let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let ada: Client;
let grace: Client;
let lin: Client;
let otto: Client;
const nextDay = dayAllocator(3);

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    env: {
      ...raceLimits,
      SMTP_URL: capture.url,
      MAX_PENDING_BOOKINGS_PER_CLIENT: '1000',
    },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  admin = await signedInAdmin(testApp, 'admin@closure-letters.test');
  ada = await signedInClient(testApp, 'ada@closure-letters.test', { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInClient(testApp, 'grace@closure-letters.test');
  lin = await signedInClient(testApp, 'lin@closure-letters.test');
  otto = await signedInClient(testApp, 'otto@closure-letters.test');
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

async function setStatus(booking: Booking, status: 'confirmed' | 'cancelled') {
  const response = await api(testApp.app, 'PUT', apiPaths.admin.status(booking.id), admin, { status });
  expect(response.statusCode, response.body).toBe(200);
}

function close(startDate: string, endDate: string) {
  return api(testApp.app, 'POST', apiPaths.schedule.closures, admin, {
    startDate,
    endDate,
    reason: 'Holiday',
  });
}

/** The closure letters in the outbox (written in the closure's transaction), by recipient. */
async function closureLetters(): Promise<{ to: string; subject: string; text: string }[]> {
  return testApp.app.db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(like(outbox.subject, 'We are closed on the day of your consultation%'));
}

async function lettersTo(client: Client) {
  return (await closureLetters()).filter((letter) => letter.to === client.email);
}

describe('POST /api/admin/closures tells the clients of the bookings on the closed dates', () => {
  it('one letter to each client of an active booking on them; none for cancelled ones or other dates; a replay tells no one', async () => {
    const first = nextDay();
    const second = nextDay();
    const after = nextDay();
    const adas = await bookAt(testApp.app, ada, businessTime(first, '10:00'));
    await setStatus(adas, 'confirmed');
    const graces = await bookAt(testApp.app, grace, businessTime(second, '11:00'));
    const lins = await bookAt(testApp.app, lin, businessTime(first, '13:00'));
    await setStatus(lins, 'cancelled');
    // A second booking of Grace's on the dates: a letter of its own, and still one client told.
    const gracesToo = await bookAt(testApp.app, grace, businessTime(first, '15:00'));
    await bookAt(testApp.app, otto, businessTime(after, '10:00'));
    const linBefore = (await lettersTo(lin)).length;

    const added = await close(first, second);
    expect(added.statusCode, added.body).toBe(201);
    const answer = added.json<{ closure: ClosureRecord; affectedBookings: Booking[]; clientsTold: number }>();
    expect(answer.affectedBookings.map((booking) => booking.id)).toEqual([adas.id, gracesToo.id, graces.id]);
    expect(answer.clientsTold).toBe(2);

    // Ada's booking is confirmed: she may move or cancel it herself; Grace's is pending: only move it.
    const [toAda, ...moreToAda] = await lettersTo(ada);
    expect(moreToAda).toEqual([]);
    expect(toAda?.subject).toBe(closureNoticeMessages.subject(adas.confirmation_code));
    expect(toAda?.text).toContain(closureNoticeMessages.intro(adas.services.name, longDate(first)));
    expect(toAda?.text).toContain(closureNoticeMessages.nextSteps);
    expect(toAda?.text).toContain(closureNoticeMessages.moveOrCancel(24));
    const toGrace = await lettersTo(grace);
    expect(toGrace.map((letter) => letter.subject).sort()).toEqual(
      [graces, gracesToo].map((booking) => closureNoticeMessages.subject(booking.confirmation_code)).sort(),
    );
    for (const letter of toGrace) expect(letter.text).toContain(closureNoticeMessages.moveOnly(24));
    expect(await lettersTo(lin)).toHaveLength(linBefore);
    expect(await lettersTo(otto)).toEqual([]);

    // Delivered, with the link to the booking's page.
    const delivered = await capture.waitFor(ada.email, { subject: /^We are closed on the day/ });
    expect(linkIn(delivered, paths.booking(adas.id))).toBe(
      new URL(paths.booking(adas.id), appUrl).toString(),
    );

    // The same request again (a retry, a double click): another closure of the same dates, and no letter.
    const again = await close(first, second);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ clientsTold: 0 });
    expect(again.json().affectedBookings).toHaveLength(3);
    expect(await lettersTo(ada)).toHaveLength(1);
    expect(await lettersTo(grace)).toHaveLength(2);

    // Opening the dates again sends nothing.
    const before = (await closureLetters()).length;
    const outboxBefore = (await testApp.app.db.select({ id: outbox.id }).from(outbox)).length;
    for (const id of [answer.closure.id, again.json().closure.id]) {
      const removed = await testApp.app.inject({
        method: 'DELETE',
        url: apiPaths.schedule.closure(id),
        headers: { origin: appUrl, cookie: admin.cookie },
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect(await closureLetters()).toHaveLength(before);
    expect(await testApp.app.db.select({ id: outbox.id }).from(outbox)).toHaveLength(outboxBefore);
  });

  it('promises no change of their own to a client whose booking is inside the change notice', async () => {
    const [id] = await seedBookings(testApp.app, [
      {
        userId: otto.id,
        createdAt: new Date(),
        startsAt: new Date(Date.now() + 2 * hour),
        status: 'confirmed',
      },
    ]);
    const detail = await api(testApp.app, 'GET', apiPaths.bookings.booking(id ?? 0), admin);
    const booking = detail.json<{ booking: Booking }>().booking;
    const added = await close(booking.booking_date, booking.booking_date);
    expect(added.statusCode, added.body).toBe(201);
    const letter = (await lettersTo(otto)).find(
      (one) => one.subject === closureNoticeMessages.subject(booking.confirmation_code),
    );
    expect(letter?.text).toContain(closureNoticeMessages.closedOnline(24));
    expect(letter?.text).not.toContain('If you prefer');
    await testApp.app.inject({
      method: 'DELETE',
      url: apiPaths.schedule.closure(added.json().closure.id),
      headers: { origin: appUrl, cookie: admin.cookie },
    });
  });

  it('tells each client once when the same closure is sent twice at the same moment', async () => {
    const day = nextDay();
    const booking = await bookAt(testApp.app, lin, businessTime(day, '15:00'));
    const before = (await lettersTo(lin)).length;
    const answers = await Promise.all([close(day, day), close(day, day)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(answers.map((answer) => answer.json().clientsTold).sort()).toEqual([0, 1]);
    const letters = (await lettersTo(lin)).filter(
      (letter) => letter.subject === closureNoticeMessages.subject(booking.confirmation_code),
    );
    expect(letters).toHaveLength(1);
    expect((await lettersTo(lin)).length).toBe(before + 1);
  });
});
