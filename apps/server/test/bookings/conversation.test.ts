// The conversation about a booking (docs/product.md#the-bookings-conversation): who may read and write it, its order
// and shape, its body rule, the unread counts of the three lists, and the letter per burst, sent once whatever the
// number of server processes. Read back through the API and from the in-process SMTP server.
import {
  apiPaths,
  type Booking,
  bookingMessages as bookingTexts,
  type ConversationMessage,
  conversationTexts,
  maxConversationMessageLength,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMessageReads, bookingMessages, outbox, users } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { api, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { type Client, signedInClient } from './clients.ts';

const office = 'office@conversation.test';
/** A burst's letter waits this long for the messages that follow (a minute in production). */
const delaySeconds = 4;
const env = {
  // One secret for both server processes, as production's AUTH_SECRET: each reads the other's sessions.
  AUTH_SECRET: 'conversation-tests-secret-of-at-least-32-characters',
  FIRM_EMAIL: office,
  FIRM_NOTICE_DELAY_SECONDS: String(delaySeconds),
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
};
const mailTiming = { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 };

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let owner: Client;
let stranger: Client;
let mine: Client;
let other: Client;
let mineId: number;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({ env: { ...env, SMTP_URL: capture.url }, mail: mailTiming });
  admin = await signedInAdmin(testApp, 'chief@conversation.test');
  // The account's own name, which an administrator's messages are signed with.
  await testApp.app.db.update(users).set({ name: 'Ada Chief' }).where(eq(users.id, admin.id));
  owner = await signedInClient(testApp, 'olive@conversation.test', { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signedInClient(testApp, 'stranger@conversation.test');
  // The consultant's account has a profile name of its own: their messages carry the consultant's name.
  mine = await signedInClient(testApp, 'mia@conversation.test', { firstName: 'Mia', lastName: 'Account' });
  other = await signedInClient(testApp, 'otto@conversation.test', { firstName: 'Otto', lastName: 'Other' });
  mineId = await addConsultant('Mia Mine', mine.email);
  await addConsultant('Otto Other', other.email);
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
    { name, email, serviceIds: [1] },
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().consultant.id;
}

let days = 0;
/** The business day of each booking made by `olivesBooking`. */
const dayOf = new Map<number, string>();
/** A booking of Olive's with Mia, each on a day of its own from 2040-05-08 on, at 9 AM in the business zone. */
async function olivesBooking(status: Booking['status'] = 'confirmed'): Promise<number> {
  days += 1;
  const startsAt = new Date(Date.UTC(2040, 4, 7, 16) + days * 24 * 3_600_000);
  const [id = 0] = await seedBookings(testApp.app, [
    { userId: owner.id, createdAt: new Date(), consultantId: mineId, status, startsAt },
  ]);
  dayOf.set(id, startsAt.toISOString().slice(0, 10));
  return id;
}

function write(who: Pick<Caller, 'cookie'>, bookingId: number | string, body: unknown, app = testApp.app) {
  return api(app, 'POST', apiPaths.bookings.messages(bookingId), who, { body } as object);
}

function read(who: Pick<Caller, 'cookie'>, bookingId: number | string) {
  return api(testApp.app, 'GET', apiPaths.bookings.messages(bookingId), who);
}

async function thread(who: Client, bookingId: number): Promise<ConversationMessage[]> {
  const response = await read(who, bookingId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messages: ConversationMessage[] }>().messages;
}

async function posted(who: Client, bookingId: number, body: string): Promise<ConversationMessage> {
  const response = await write(who, bookingId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ message: ConversationMessage }>().message;
}

async function messageCount(bookingId: number): Promise<number> {
  const rows = await testApp.app.db
    .select({ id: bookingMessages.id })
    .from(bookingMessages)
    .where(eq(bookingMessages.bookingId, bookingId));
  return rows.length;
}

type Who = 'anonymous' | 'owner' | 'otherClient' | 'consultant' | 'otherConsultant' | 'admin';

function callers(): Record<Who, Caller> {
  return {
    anonymous: {},
    owner: { cookie: owner.cookie },
    otherClient: { cookie: stranger.cookie },
    consultant: { cookie: mine.cookie },
    otherConsultant: { cookie: other.cookie },
    admin: { cookie: admin.cookie },
  };
}

describe('the role matrix', () => {
  const expected: Record<Who, 'yes' | 401 | 404> = {
    anonymous: 401,
    owner: 'yes',
    otherClient: 404,
    consultant: 'yes',
    otherConsultant: 404,
    admin: 'yes',
  };

  it('POST: the owner, the booking’s consultant and an administrator write; others are not told it exists', async () => {
    const bookingId = await olivesBooking();
    for (const [who, caller] of Object.entries(callers()) as [Who, Caller][]) {
      const answer = await write(caller, bookingId, `Written by ${who}`);
      const outcome = expected[who];
      expect(answer.statusCode, who).toBe(outcome === 'yes' ? 201 : outcome);
      if (outcome === 404) expect(answer.json()).toEqual({ message: bookingTexts.bookingNotFound });
      if (outcome === 401) expect(answer.json()).toHaveProperty('message');
    }
    // A booking that does not exist answers as another's does.
    const missing = await write({ cookie: admin.cookie }, 99_999_999, 'Hello?');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: bookingTexts.bookingNotFound });
    // Only the three allowed wrote.
    const bodies = (await thread(admin, bookingId)).map((message) => message.body);
    expect(bodies).toEqual(['Written by owner', 'Written by consultant', 'Written by admin']);
  });

  it('GET: the same three read the thread; others get 404, the signed-out 401', async () => {
    const bookingId = await olivesBooking();
    await posted(owner, bookingId, 'Is the room booked?');
    for (const [who, caller] of Object.entries(callers()) as [Who, Caller][]) {
      const answer = await read(caller, bookingId);
      const outcome = expected[who];
      expect(answer.statusCode, who).toBe(outcome === 'yes' ? 200 : outcome);
      if (outcome === 'yes') expect(answer.json().messages).toHaveLength(1);
      if (outcome === 404) expect(answer.json()).toEqual({ message: bookingTexts.bookingNotFound });
    }
    expect((await read({ cookie: owner.cookie }, 'abc')).statusCode).toBe(400);
    expect((await read({ cookie: owner.cookie }, 0)).statusCode).toBe(400);
    expect((await read({ cookie: owner.cookie }, 99_999_999)).statusCode).toBe(404);
  });
});

describe('the thread', () => {
  it('is oldest first, each message with its author’s name and side and its time', async () => {
    const bookingId = await olivesBooking();
    const first = await posted(owner, bookingId, 'We run Kubernetes on three nodes.');
    const second = await posted(mine, bookingId, 'Which version?');
    const third = await posted(admin, bookingId, 'We will bring the checklist.');
    expect(first).toEqual({
      id: expect.any(Number),
      body: 'We run Kubernetes on three nodes.',
      author: { name: 'Olive Owner', role: 'client' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const messages = await thread(owner, bookingId);
    expect(messages).toEqual([first, second, third]);
    expect(messages.map((message) => message.author)).toEqual([
      { name: 'Olive Owner', role: 'client' },
      // The consultant's name, not their account's profile; the administrator's account name.
      { name: 'Mia Mine', role: 'consultant' },
      { name: 'Ada Chief', role: 'admin' },
    ]);
    const ids = messages.map((message) => message.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const times = messages.map((message) => Date.parse(message.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Math.abs(Date.now() - (times[0] ?? 0))).toBeLessThan(60_000);
  });

  it('is empty before anyone writes', async () => {
    const bookingId = await olivesBooking();
    expect(await thread(owner, bookingId)).toEqual([]);
    expect(await thread(admin, bookingId)).toEqual([]);
  });

  it('takes messages in every status', async () => {
    for (const status of ['pending', 'confirmed', 'completed', 'cancelled'] as const) {
      const bookingId = await olivesBooking(status);
      await posted(owner, bookingId, `About my ${status} booking`);
      await posted(admin, bookingId, `Answer about the ${status} booking`);
      expect(await thread(owner, bookingId)).toHaveLength(2);
    }
  });

  it('keeps the message of an account that is gone, under a neutral name', async () => {
    const bookingId = await olivesBooking();
    const leaving = await signedInAdmin(testApp, 'leaving@conversation.test');
    await posted(leaving, bookingId, 'I am leaving the firm; my colleague takes over.');
    await testApp.app.db.delete(users).where(eq(users.id, leaving.id));
    const [message] = await thread(owner, bookingId);
    expect(message?.body).toBe('I am leaving the firm; my colleague takes over.');
    expect(message?.author).toEqual({ name: conversationTexts.deletedAuthor, role: 'admin' });
  });
});

describe('the body', () => {
  it('is 1 to 5,000 characters of text once trimmed; anything else is a 400 naming it, and nothing is written', async () => {
    const bookingId = await olivesBooking();
    const refusals: [unknown, string][] = [
      ['', conversationTexts.bodyRequired],
      [' \n\t \r\n ', conversationTexts.bodyRequired],
      [undefined, conversationTexts.bodyRequired],
      [null, conversationTexts.bodyNotText],
      [42, conversationTexts.bodyNotText],
      [['a list'], conversationTexts.bodyNotText],
      ['x'.repeat(maxConversationMessageLength + 1), 'Message must be at most 5000 characters'],
      ['A NUL\u0000 inside', 'Message must not contain control characters other than tabs and line breaks'],
      ['half an emoji \ud83d', 'Message contains characters that are not valid text'],
    ];
    for (const [body, msg] of refusals) {
      const answer = await write({ cookie: owner.cookie }, bookingId, body);
      expect(answer.statusCode, JSON.stringify(body)?.slice(0, 40)).toBe(400);
      expect(answer.json()).toEqual({ message: msg, errors: [{ path: 'body', msg }] });
    }
    const notJson = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.bookings.messages(bookingId),
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'text/plain' },
      payload: 'Hello',
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
    expect(await messageCount(bookingId)).toBe(0);
  });

  it('is kept trimmed, with its line breaks written one way, up to 5,000 characters', async () => {
    const bookingId = await olivesBooking();
    const longest = await posted(owner, bookingId, `  ${'é'.repeat(maxConversationMessageLength)}\n `);
    expect(longest.body).toBe('é'.repeat(maxConversationMessageLength));
    const lines = await posted(owner, bookingId, 'First line\r\nSecond line\rThird\tcolumn');
    expect(lines.body).toBe('First line\nSecond line\nThird\tcolumn');
    const odd = await posted(owner, bookingId, '\u202eevil\u202c and <script>alert(1)</script> 🎉');
    expect(odd.body).toBe('\u202eevil\u202c and <script>alert(1)</script> 🎉');
    expect((await thread(owner, bookingId)).map((message) => message.body)).toEqual([
      longest.body,
      lines.body,
      odd.body,
    ]);
  });
});

describe('the unread counts', () => {
  async function myBookingsUnread(who: Client, bookingId: number) {
    const answer = await api(testApp.app, 'GET', `${apiPaths.bookings.myBookings}?limit=100`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ bookings: Booking[] }>().bookings.find((booking) => booking.id === bookingId)
      ?.unread_messages;
  }
  async function scheduleUnread(bookingId: number) {
    const day = dayOf.get(bookingId);
    const schedule = `${apiPaths.consultants.ownBookings}?from=${day}&to=${day}`;
    const answer = await api(testApp.app, 'GET', schedule, { cookie: mine.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ bookings: Booking[] }>().bookings.find((booking) => booking.id === bookingId)
      ?.unread_messages;
  }
  async function allBookingsUnread(who: Client, bookingId: number) {
    const answer = await api(testApp.app, 'GET', `${apiPaths.admin.all}?bookingId=${bookingId}`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ bookings: Booking[] }>().bookings[0]?.unread_messages;
  }
  async function upcomingUnread(who: Client, bookingId: number) {
    const answer = await api(testApp.app, 'GET', `${apiPaths.admin.upcoming}?limit=100`, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ bookings: Booking[] }>().bookings.find((booking) => booking.id === bookingId)
      ?.unread_messages;
  }

  it('count the other side’s messages since the caller last read, in all three lists, and reset on reading', async () => {
    const bookingId = await olivesBooking();
    const secondAdmin = await signedInAdmin(testApp, 'deputy@conversation.test');
    // Nothing written: zero everywhere.
    expect(await myBookingsUnread(owner, bookingId)).toBe(0);
    expect(await scheduleUnread(bookingId)).toBe(0);
    expect(await allBookingsUnread(admin, bookingId)).toBe(0);
    expect(await upcomingUnread(admin, bookingId)).toBe(0);

    await posted(owner, bookingId, 'One question');
    await posted(owner, bookingId, 'And another');
    // The client's own messages are read for them; the firm has two new ones, each of its people.
    expect(await myBookingsUnread(owner, bookingId)).toBe(0);
    expect(await scheduleUnread(bookingId)).toBe(2);
    expect(await allBookingsUnread(admin, bookingId)).toBe(2);
    expect(await upcomingUnread(admin, bookingId)).toBe(2);
    expect(await allBookingsUnread(secondAdmin, bookingId)).toBe(2);

    // The administrator answers: the firm's own message never counts for the firm, and counts for the client.
    await posted(admin, bookingId, 'Here is an answer');
    expect(await myBookingsUnread(owner, bookingId)).toBe(1);
    expect(await allBookingsUnread(admin, bookingId)).toBe(2);
    expect(await scheduleUnread(bookingId)).toBe(2);

    // Reading resets the reader's count only.
    await thread(admin, bookingId);
    expect(await allBookingsUnread(admin, bookingId)).toBe(0);
    expect(await upcomingUnread(admin, bookingId)).toBe(0);
    expect(await allBookingsUnread(secondAdmin, bookingId)).toBe(2);
    expect(await scheduleUnread(bookingId)).toBe(2);
    await thread(mine, bookingId);
    expect(await scheduleUnread(bookingId)).toBe(0);
    await thread(owner, bookingId);
    expect(await myBookingsUnread(owner, bookingId)).toBe(0);

    // Only what comes after the reading counts.
    await posted(owner, bookingId, 'One more thing');
    expect(await allBookingsUnread(admin, bookingId)).toBe(1);
    expect(await allBookingsUnread(secondAdmin, bookingId)).toBe(3);
  });

  it('never move a read marker backwards', async () => {
    const bookingId = await olivesBooking();
    const last = await posted(owner, bookingId, 'Read me');
    await thread(admin, bookingId);
    const marker = () =>
      testApp.app.db
        .select({ id: bookingMessageReads.lastReadMessageId })
        .from(bookingMessageReads)
        .where(and(eq(bookingMessageReads.bookingId, bookingId), eq(bookingMessageReads.userId, admin.id)));
    expect(await marker()).toEqual([{ id: last.id }]);
    // A reading that saw a later message (another tab) is not undone by reading again.
    await testApp.app.db
      .update(bookingMessageReads)
      .set({ lastReadMessageId: last.id + 1000 })
      .where(and(eq(bookingMessageReads.bookingId, bookingId), eq(bookingMessageReads.userId, admin.id)));
    await thread(admin, bookingId);
    expect(await marker()).toEqual([{ id: last.id + 1000 }]);
  });
});

describe('the letters, one per burst', () => {
  /** The letters received (every delivery, retries included) about the booking. */
  const lettersAbout = (code: string, to: string) =>
    capture.received.filter((mail) => mail.to === to && mail.subject.endsWith(code));

  async function codeOf(bookingId: number): Promise<string> {
    const answer = await api(testApp.app, 'GET', apiPaths.bookings.booking(bookingId), {
      cookie: owner.cookie,
    });
    return answer.json<{ booking: Booking }>().booking.confirmation_code;
  }

  it('a burst written through two server processes is one letter to each of the firm’s recipients; the reply one to the client', async () => {
    const other = await secondApp(testApp, { env: { ...env, SMTP_URL: capture.url }, mail: mailTiming });
    try {
      const bookingId = await olivesBooking();
      const code = await codeOf(bookingId);
      const bodies = Array.from({ length: 6 }, (_, index) => `Question ${index + 1} about the cluster`);
      // Side by side, half through each process.
      const answers = await Promise.all(
        bodies.map((body, index) =>
          write({ cookie: owner.cookie }, bookingId, body, index % 2 === 0 ? testApp.app : other.app),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);

      const toFirm = await capture.waitFor(office, { subject: new RegExp(code), timeoutMs: 20_000 });
      const toConsultant = await capture.waitFor(mine.email, {
        subject: new RegExp(code),
        timeoutMs: 20_000,
      });
      for (const letter of [toFirm, toConsultant]) {
        expect(letter.subject).toBe(`6 new messages from the client — ${code}`);
        expect(letter.text).toContain('Olive Owner has written 6 messages to you about their');
        for (const body of bodies) {
          expect(letter.text).toContain(`> ${body}`);
          expect(letter.html).toContain(body);
        }
        expect(letter.text).toContain('> Olive Owner wrote on ');
        // Answering the letter writes to the client, as the firm's other notices do.
        expect(letter.replyTo).toBe(owner.email);
      }
      expect(toFirm.text).toContain(`http://localhost:3000/admin/bookings?bookingId=${bookingId}`);
      expect(toConsultant.text).toContain(`http://localhost:3000/booking/${bookingId}`);

      // Both processes' workers have had time to deliver anything else: nothing more came.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await capture.idle();
      expect(lettersAbout(code, office)).toHaveLength(1);
      expect(lettersAbout(code, mine.email)).toHaveLength(1);
      expect(lettersAbout(code, owner.email)).toHaveLength(0);
      const rows = await testApp.app.db
        .select({ to: outbox.to, status: outbox.status })
        .from(outbox)
        .where(eq(outbox.coalesceKey, `conversation|${bookingId}|client`));
      expect(rows.sort((a, b) => a.to.localeCompare(b.to))).toEqual([
        { to: mine.email, status: 'sent' },
        { to: office, status: 'sent' },
      ]);

      // The firm answers through the other process: one letter the other way, to the client.
      const reply = await write(
        { cookie: admin.cookie },
        bookingId,
        'Three nodes are fine.\nSee you Monday.',
        other.app,
      );
      expect(reply.statusCode, reply.body).toBe(201);
      const toClient = await capture.waitFor(owner.email, { subject: new RegExp(code), timeoutMs: 20_000 });
      expect(toClient.subject).toBe(`New message from OT Consulting — ${code}`);
      expect(toClient.text).toContain('Hello Olive,');
      expect(toClient.text).toContain('OT Consulting has written to you about your');
      expect(toClient.text).toContain('> Ada Chief wrote on ');
      expect(toClient.text).toContain('> Three nodes are fine.\n> See you Monday.');
      expect(toClient.text).toContain(`http://localhost:3000/booking/${bookingId}`);
      // The client's letters answer to the firm.
      expect(toClient.replyTo).toBe(office);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await capture.idle();
      expect(lettersAbout(code, owner.email)).toHaveLength(1);
      expect(lettersAbout(code, office)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('quotes the latest messages of a long burst and says how many it left out', async () => {
    const bookingId = await olivesBooking();
    const code = await codeOf(bookingId);
    for (let index = 1; index <= 12; index += 1) await posted(owner, bookingId, `Point number ${index}.`);
    const letter = await capture.waitFor(office, { subject: new RegExp(code), timeoutMs: 20_000 });
    expect(letter.subject).toBe(`12 new messages from the client — ${code}`);
    expect(letter.text).toContain(
      "2 earlier messages are not quoted here; the booking's page has the whole conversation.",
    );
    for (let index = 3; index <= 12; index += 1) expect(letter.text).toContain(`> Point number ${index}.`);
    expect(letter.text).not.toContain('Point number 1.');
    expect(letter.text).not.toContain('Point number 2.');
    expect(letter.text.indexOf('Point number 3.')).toBeLessThan(letter.text.indexOf('Point number 12.'));
  });
});
