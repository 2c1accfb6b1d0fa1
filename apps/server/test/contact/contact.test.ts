// The contact form (docs/product.md#contact-form): the validation (each field named, nothing half written), the message
// stored and its e-mails read back from the in-process SMTP server (the firm's with Reply-To the sender, the
// sender's acknowledgment with none of the sender's words), the limits per address and per e-mail (in the database,
// exact under concurrency; a mailbox without its +tag or case, an IPv6 sender by its /64), the bot trap, and the
// administrators' list and answered mark.
import {
  type AdminContactMessage,
  type AdminContactMessagesResponse,
  accountMessages,
  apiPaths,
  contactMessages as contactTexts,
  maxContactMessageLength,
  pagingMessages,
} from '@portal/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequest } from '../../src/db/rate-limit-counters.ts';
import { contactMessages, outbox } from '../../src/db/schema.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, appUrl, type Caller, freshIp } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';

const firm = ['office@firm.test', 'partner@firm.test'];

let testApp: TestApp;
let capture: MailCapture;
let admin: Client;
let client: Client;

beforeAll(async () => {
  capture = await startMailCapture();
  testApp = await buildTestApp({
    // The loopback peer is a proxy whose X-Forwarded-For is believed (the IPv6 senders below); others are not.
    env: { SMTP_URL: capture.url, FIRM_EMAIL: firm.join(','), TRUST_PROXY: '127.0.0.1' },
    mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
  });
  admin = await signedInAdmin(testApp, 'admin@contact.test');
  client = await signedInClient(testApp, 'client@contact.test');
});
afterAll(async () => {
  await testApp?.close();
  await capture?.close();
});

/**
 * A raw MIME message and every decoded form of it: each part's body decoded (base64, quoted-printable) and each
 * header's encoded words decoded, so that a text can be looked for however a mail writer encoded it.
 */
function decodedForms(raw: string): string[] {
  const utf8 = (latin1: string) => Buffer.from(latin1, 'latin1').toString('utf8');
  const quotedPrintable = (text: string) =>
    utf8(
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    );
  const forms = [raw, utf8(raw), quotedPrintable(raw)];
  // Encoded words in headers: =?charset?B|Q?text?=
  forms.push(
    raw.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replaceAll('_', ' ')),
    ),
  );
  // Every part's body in base64, whatever its headers say.
  for (const block of raw.match(/(?:^[A-Za-z0-9+/=]{8,}\r?\n)+/gm) ?? []) {
    forms.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return forms;
}

let senderCounter = 0;
/** A sender of its own, so that the per-e-mail limit of one test never touches another. */
function freshEmail(): string {
  senderCounter += 1;
  return `sender${senderCounter}@example.com`;
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: freshEmail(),
    subject: 'A data platform for our shop',
    message: 'We would like to talk about moving our orders\ninto a proper database.',
    ...overrides,
  };
}

function post(body: object, caller: Caller = { ip: freshIp() }) {
  return api(testApp.app, 'POST', apiPaths.contact.send, caller, body);
}

/** Stored messages (and e-mails in the outbox) from or to `email`. */
async function traces(email: string) {
  const [stored] = await testApp.app.db
    .select({ count: count() })
    .from(contactMessages)
    .where(eq(contactMessages.email, email));
  const [mails] = await testApp.app.db
    .select({ count: count() })
    .from(outbox)
    .where(sql`${outbox.to} = ${email} or ${outbox.replyTo} = ${email}`);
  return { stored: Number(stored?.count), mails: Number(mails?.count) };
}

describe('POST /api/contact', () => {
  it('stores the message, sends it to FIRM_EMAIL with Reply-To the sender, and an acknowledgment to the sender', async () => {
    const body = message({ name: 'Grace Hopper', serviceId: 2 });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Thank you! We will get back to you within one business day.',
    });

    const [stored] = await testApp.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email));
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      subject: body.subject,
      message: body.message,
      serviceId: 2,
      answeredAt: null,
    });

    for (const address of firm) {
      const mail = await capture.waitFor(address, { subject: new RegExp(`#${stored?.id}$`) });
      expect(mail.subject).toBe(`Contact form message — #${stored?.id}`);
      expect(mail.replyTo).toBe(body.email);
      expect(mail.text).toContain('Grace Hopper wrote to OT Consulting through the contact form');
      expect(mail.text).toContain(`Subject: ${body.subject}`);
      expect(mail.text).toContain('Service: Database Architecture');
      expect(mail.text).toContain(
        '> We would like to talk about moving our orders\n> into a proper database.',
      );
      expect(mail.text).toContain(`${appUrl}/admin/messages`);
      expect(mail.html).toContain('into a proper database.</blockquote>');
    }
    const ack = await capture.waitFor(body.email);
    expect(ack.subject).toBe('We received your message — OT Consulting');
    // Answering the acknowledgment writes to the firm (its first address), not to the no-reply sender.
    expect(ack.replyTo).toBe(firm[0]);
    expect(ack.text).toContain('Hello,\n');
    expect(ack.text).toContain('We received a message sent with this email address through the contact form');
    expect(ack.text).toContain('We will get back to you within one business day.');
    expect(ack.text).not.toContain('Grace Hopper');
    expect(ack.text).not.toContain(body.subject);
    expect(ack.text).not.toContain('into a proper database');
  });

  it("e-mails the sender an acknowledgment with no byte of the sender's text, in any encoding", async () => {
    // Distinctive words in every field the sender writes, a link of theirs, and non-ASCII text that a mail writer
    // must encode (quoted-printable, base64, encoded words): none may reach the acknowledgment in any form.
    const body = message({
      name: 'Zebulon Quillfeather Ærøskøbing',
      subject: 'Marmalade invoice überfällig',
      message:
        'Your account is locked: verify at https://login.evil-bank.example/verify?id=Wobblesworth now — Ærøskøbing ✓',
    });
    const fragments = [
      'Zebulon',
      'Quillfeather',
      'Ærøskøbing',
      'Marmalade',
      'überfällig',
      'evil-bank',
      'https://login',
      'Wobblesworth',
      '✓',
    ];
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    const ack = await capture.waitFor(body.email);
    const ofSender = () => capture.messages.filter((mail) => mail.replyTo === body.email);
    await expect.poll(() => ofSender().length, { timeout: 10_000 }).toBe(firm.length);
    const firmCopy = ofSender()[0];
    if (!firmCopy) throw new Error('no firm copy');
    // The decoding finds every fragment in the firm's copy, which keeps everything…
    const firmForms = decodedForms(firmCopy.raw).join('\n');
    for (const fragment of fragments) expect(firmForms, fragment).toContain(fragment);
    // …and none in the acknowledgment, raw or decoded.
    const ackForms = decodedForms(ack.raw).join('\n');
    for (const fragment of fragments) {
      expect(ackForms.toLowerCase(), fragment).not.toContain(fragment.toLowerCase());
    }
  });

  it('takes a message about no service in particular, and text of any script, kept as written', async () => {
    const body = message({
      name: 'Zoë Ğül \u202eşahin\u202c',
      subject: 'Вопрос — 質問 🚀',
      message: 'Line one\r\n\r\n\tשלום, line three with an emoji 👋 and enough length.',
      serviceId: null,
    });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await testApp.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email));
    expect(stored).toMatchObject({
      name: body.name,
      subject: body.subject,
      message: 'Line one\n\n\tשלום, line three with an emoji 👋 and enough length.',
      serviceId: null,
    });
    const mail = await capture.waitFor(firm[0] ?? '', { subject: new RegExp(`#${stored?.id}$`) });
    expect(mail.text).toContain(`Subject: ${body.subject}`);
    expect(mail.text).toContain('Service: None in particular');
  });

  it("keeps the sender's words out of every subject: a message about a reminder is no reminder", async () => {
    const body = message({
      name: 'Reminder Bot',
      subject: 'Reminder: your consultation tomorrow',
      message: 'Reminder: please pay the invoice before the consultation.',
    });
    expect((await post(body)).statusCode).toBe(200);
    // The firm's copies are the ones a reply goes to the sender from.
    const firmCopies = () => capture.messages.filter((mail) => mail.replyTo === body.email);
    await expect.poll(() => firmCopies().length, { timeout: 10_000 }).toBe(firm.length);
    const ack = await capture.waitFor(body.email);
    expect(ack.subject).not.toMatch(/remind/i);
    expect(ack.text).not.toMatch(/remind/i);
    for (const mail of firmCopies()) {
      expect(mail.subject).not.toMatch(/remind/i);
      // The sender's words are in the firm's body, where they belong.
      expect(mail.text).toContain('Subject: Reminder: your consultation tomorrow');
    }
  });

  it.each([
    ['name', { name: undefined }, contactTexts.nameRequired],
    ['name', { name: '   ' }, contactTexts.nameRequired],
    ['name', { name: 'Ada\u0000Lovelace' }, 'Name must not contain control characters or line breaks'],
    ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['name', { name: 42 }, 'Name must be text'],
    ['email', { email: undefined }, accountMessages.emailRequired],
    ['email', { email: 'not-an-address' }, accountMessages.emailInvalid],
    [
      'email',
      { email: 'ada@example.com\r\nBcc: victim@example.com' },
      'Email must not contain control characters or line breaks',
    ],
    ['subject', { subject: '' }, contactTexts.subjectRequired],
    [
      'subject',
      { subject: 'Hello\nBcc: victim@example.com' },
      'Subject must not contain control characters or line breaks',
    ],
    ['message', { message: undefined }, contactTexts.messageRequired],
    ['message', { message: '  Too short, sorry.  ' }, contactTexts.messageTooShort(17)],
    [
      'message',
      { message: 'x'.repeat(maxContactMessageLength + 1) },
      `Message must be at most ${maxContactMessageLength} characters`,
    ],
    [
      'message',
      { message: 'A lone surrogate \ud800 in a long enough message' },
      'Message contains characters that are not valid text',
    ],
    [
      'message',
      { message: 'A NUL \u0000 inside a message long enough' },
      'Message must not contain control characters other than tabs and line breaks',
    ],
    ['serviceId', { serviceId: 999_999 }, contactTexts.serviceInvalid],
    ['serviceId', { serviceId: '2' }, contactTexts.serviceInvalid],
    ['serviceId', { serviceId: 1.5 }, contactTexts.serviceInvalid],
  ])(
    'refuses a bad %s with 400 naming it, storing and sending nothing (%#)',
    async (field, override, expected) => {
      const body = message(override);
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json<{ message: string; errors: { path: string; msg: string }[] }>();
      expect(answer.errors).toEqual([{ path: field, msg: expected }]);
      expect(answer.message).toBe(answer.errors[0]?.msg);
      if (typeof body.email === 'string') expect(await traces(body.email)).toEqual({ stored: 0, mails: 0 });
    },
  );

  it('takes the longest message with every character escaped as \\uXXXX (about 30 KB, over the default body limit)', async () => {
    const body = message({ message: 'é'.repeat(maxContactMessageLength) });
    const payload = JSON.stringify(body).replaceAll('é', '\\u00e9');
    expect(payload.length).toBeGreaterThan(30_000);
    const response = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.contact.send,
      remoteAddress: freshIp(),
      headers: { origin: appUrl, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await traces(body.email)).toEqual({ stored: 1, mails: 3 });
  });

  it('takes the longest message, 5,000 characters, and one of exactly 20', async () => {
    expect((await post(message({ message: 'y'.repeat(maxContactMessageLength) }))).statusCode).toBe(200);
    expect((await post(message({ message: `${'z'.repeat(20)}  ` }))).statusCode).toBe(200);
  });
});

describe('the limits (5 per 10 minutes per address, 3 per hour per e-mail address)', () => {
  it('refuses the sixth message from one address within 10 minutes with 429 and Retry-After; other addresses go on', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await post(message(), { ip })).statusCode).toBe(200);
    }
    const refusedBody = message();
    const refused = await post(refusedBody, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: contactTexts.tooMany(600) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(await traces(refusedBody.email)).toEqual({ stored: 0, mails: 0 });
    expect((await post(message(), { ip: freshIp() })).statusCode).toBe(200);
  });

  it('refuses the fourth message from one e-mail address within the hour, whatever the address or letter case', async () => {
    const email = freshEmail();
    for (let sent = 0; sent < 3; sent += 1) {
      const response = await post(message({ email: sent === 1 ? email.toUpperCase() : email }));
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await post(message({ email }));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3590);
    expect(await traces(email)).toEqual({ stored: 2, mails: 2 * 3 });
    expect(await traces(email.toUpperCase())).toEqual({ stored: 1, mails: 3 });
  });

  it('counts one mailbox whatever its +tag or letter case', async () => {
    const [local = '', domain = ''] = freshEmail().split('@');
    const variants = [
      `${local}+news@${domain}`,
      `${local.toUpperCase()}@${domain.toUpperCase()}`,
      `${local}+x@${domain}`,
    ];
    for (const email of variants) {
      const response = await post(message({ email }));
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await post(message({ email: `${local}@${domain}` }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: contactTexts.tooMany(3600) });
  });

  it('counts the IPv6 addresses of one /64 as one sender, and another /64 apart', async () => {
    /** Through the trusted proxy (loopback), from `forwardedFor`. */
    const postVia = (forwardedFor: string) =>
      testApp.app.inject({
        method: 'POST',
        url: apiPaths.contact.send,
        remoteAddress: '127.0.0.1',
        headers: { origin: appUrl, 'x-forwarded-for': forwardedFor },
        payload: message(),
      });
    const network = ['2001:db8:7:1::1', '2001:db8:7:1:abcd:ef01:2345:6789', '2001:DB8:7:1:0:0:0:42'];
    for (let sent = 0; sent < 5; sent += 1) {
      const response = await postVia(network[sent % network.length] ?? '');
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await postVia('2001:db8:7:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await postVia('2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('lets exactly 5 of 12 simultaneous messages from one address through (one counter in the database)', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(message(), { ip })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
  });

  it('counts like the accounts limits: a window starts again a full window after the last message let through', async () => {
    const rule = { max: 2, windowSeconds: 60 };
    const key = `test:${freshEmail()}`;
    const t0 = Date.UTC(2030, 0, 7, 16);
    const at = (seconds: number) => countRequest(testApp.app.db, key, rule, t0 + seconds * 1000);
    expect(await at(0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await at(10)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await at(20)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // A refusal does not move the window: still free at 70, a minute after the last one let through.
    expect(await at(50)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(await at(70)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });
});

describe('the bot trap (the hidden website field)', () => {
  it('answers a message with website filled exactly like a real one, and drops it: nothing stored, nothing sent', async () => {
    const body = message({ website: 'https://cheap-pills.example' });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: contactTexts.thanks });
    expect(await traces(body.email)).toEqual({ stored: 0, mails: 0 });
    // A person's message after it reaches its sender: anything of the bot's would have gone out before.
    const person = message();
    expect((await post(person)).statusCode).toBe(200);
    await capture.waitFor(person.email);
    expect(capture.received.some((mail) => mail.to === body.email || mail.replyTo === body.email)).toBe(
      false,
    );
  });

  it('takes a message whose website field is empty, as a person leaves it', async () => {
    const body = message({ website: '' });
    expect((await post(body)).statusCode).toBe(200);
    expect(await traces(body.email)).toEqual({ stored: 1, mails: 3 });
  });

  it('counts trapped messages against the limits too, so a bot cannot tell it was trapped', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await post(message({ website: 'x' }), { ip })).statusCode).toBe(200);
    }
    expect((await post(message({ website: 'x' }), { ip })).statusCode).toBe(429);
  });
});

describe('GET /api/admin/messages and PUT /api/admin/messages/{id}', () => {
  const asAdmin = (): Caller => ({ cookie: admin.cookie });

  async function list(query = '') {
    const response = await api(testApp.app, 'GET', `${apiPaths.contact.adminMessages}${query}`, asAdmin());
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminContactMessagesResponse>();
  }

  it('answers only administrators', async () => {
    const signedOut = await api(testApp.app, 'GET', apiPaths.contact.adminMessages);
    expect(signedOut.statusCode).toBe(401);
    const ofClient = await api(testApp.app, 'GET', apiPaths.contact.adminMessages, { cookie: client.cookie });
    expect(ofClient.statusCode).toBe(403);
    const put = await api(
      testApp.app,
      'PUT',
      apiPaths.contact.adminMessage(1),
      { cookie: client.cookie },
      {
        answered: true,
      },
    );
    expect(put.statusCode).toBe(403);
  });

  it('lists the messages newest first, paged, with the service named', async () => {
    const first = message({ subject: 'First of three', serviceId: 1 });
    const second = message({ subject: 'Second of three' });
    const third = message({ subject: 'Third of three', serviceId: 3 });
    for (const body of [first, second, third]) expect((await post(body)).statusCode).toBe(200);

    const page1 = await list('?limit=2');
    expect(page1.messages.map((item) => item.subject)).toEqual(['Third of three', 'Second of three']);
    expect(page1.messages[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: third.email,
      message: third.message,
      service_id: 3,
      service_name: 'AI Solutions',
      answered: false,
      answered_at: null,
    } satisfies Partial<AdminContactMessage>);
    expect(page1.messages[1]?.service_name).toBeNull();
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.messages[0]).toMatchObject({ subject: 'First of three', service_name: 'Web Development' });
  });

  it('refuses a page size over 100 and a cursor the list did not give', async () => {
    const tooMany = await api(testApp.app, 'GET', `${apiPaths.contact.adminMessages}?limit=101`, asAdmin());
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(pagingMessages.pageSizeInvalid(100));
    const forged = await api(
      testApp.app,
      'GET',
      `${apiPaths.contact.adminMessages}?cursor=bTE6MA`,
      asAdmin(),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(pagingMessages.cursorInvalid);
  });

  it('marks a message answered, keeps the first time it was, and marks it open again', async () => {
    expect((await post(message({ subject: 'Please answer me' }))).statusCode).toBe(200);
    const [item] = (await list('?limit=1')).messages;
    if (!item) throw new Error('no message');
    const mark = (answered: unknown) =>
      api(testApp.app, 'PUT', apiPaths.contact.adminMessage(item.id), asAdmin(), { answered });

    const answered = await mark(true);
    expect(answered.statusCode, answered.body).toBe(200);
    const marked = answered.json<{ contactMessage: AdminContactMessage }>().contactMessage;
    expect(marked).toMatchObject({ id: item.id, subject: 'Please answer me', answered: true });
    expect(Date.parse(marked.answered_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const again = (await mark(true)).json<{ contactMessage: AdminContactMessage }>().contactMessage;
    expect(again.answered_at).toBe(marked.answered_at);
    expect((await list('?limit=1')).messages[0]).toMatchObject({ answered: true });

    const reopened = (await mark(false)).json<{ contactMessage: AdminContactMessage }>().contactMessage;
    expect(reopened).toMatchObject({ answered: false, answered_at: null });

    const bad = await mark('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'answered', msg: contactTexts.answeredInvalid });
  });

  it('answers 404 for a message that does not exist', async () => {
    const response = await api(testApp.app, 'PUT', apiPaths.contact.adminMessage(2_000_000), asAdmin(), {
      answered: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: contactTexts.messageNotFound });
  });
});
