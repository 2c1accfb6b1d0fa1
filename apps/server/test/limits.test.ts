// Time and size limits (docs/decisions/031): a request that takes too long gets 503, a body over its route's limit
// 413, a statement past statement_timeout is cancelled, and the pool waits a bounded time for a connection.
import { connect } from 'node:net';
import {
  defaultBusinessTimeZone,
  maxAdditionalNotesLength,
  maxDescriptionLength,
  messages,
  zonedInstant,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultBodyLimitBytes } from '../src/config.ts';
import { databaseFailure } from '../src/db/errors.ts';
import { signedInAdmin } from './admin/fixtures.ts';
import { dayAllocator, signedInClient } from './bookings/clients.ts';
import { appUrl } from './helpers/accounts.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { listen } from './helpers/http-client.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('the request time limit (REQUEST_TIMEOUT_MS)', () => {
  it('answers a request still unanswered at the limit with 503 and a message, instead of hanging', async () => {
    // The slow handler finishes only once the test has its answer, however long that takes.
    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    testApp = await buildTestApp({
      env: { REQUEST_TIMEOUT_MS: '300' },
      prepare: (app) => {
        app.get('/api/probe/slow', async () => {
          await released;
          return { finished: true };
        });
        app.get('/api/probe/quick', async () => ({ finished: true }));
      },
    });
    try {
      const slow = await testApp.app.inject('/api/probe/slow');
      expect(slow.statusCode).toBe(503);
      expect(slow.headers['content-type']).toContain('application/json');
      expect(slow.json()).toEqual({ message: messages.requestTimedOut });
      expect((await testApp.app.inject('/api/probe/quick')).statusCode).toBe(200);
    } finally {
      release();
    }
  });

  /** What the server answers on a raw connection that sends `head` and then stalls, until it closes it. */
  async function stalledAnswer(port: number, head: string): Promise<string> {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.write(head);
    await closed;
    return answer;
  }

  it('answers a request whose body stalls with 503 at the limit, and closes its connection', async () => {
    testApp = await buildTestApp({
      env: { REQUEST_TIMEOUT_MS: '300' },
      prepare: (app) => app.post('/api/probe/echo', async (request) => ({ received: request.body })),
    });
    const port = await listen(testApp.app);
    // A head that promises 100 bytes of body, and only 2 of them.
    const answer = await stalledAnswer(
      port,
      'POST /api/probe/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ message: messages.requestTimedOut }),
    );
  });

  it('closes a connection whose request head is not received within the limit (408)', async () => {
    testApp = await buildTestApp({ env: { REQUEST_TIMEOUT_MS: '300' } });
    const port = await listen(testApp.app);
    const answer = await stalledAnswer(port, 'GET /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('request body limits', () => {
  it(`refuses a body over the default limit (${defaultBodyLimitBytes / 1024} KiB) with 413 and a message`, async () => {
    testApp = await buildTestApp();
    const client = await signedInClient(testApp, 'big-profile@limits.test');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: client.cookie },
      payload: JSON.stringify({
        firstName: 'Ada',
        lastName: 'L',
        company: 'x'.repeat(defaultBodyLimitBytes),
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.bodyTooLarge });
  });

  it('reads the limit from BODY_LIMIT_BYTES', async () => {
    testApp = await buildTestApp({ env: { BODY_LIMIT_BYTES: '512' } });
    const client = await signedInClient(testApp, 'small-limit@limits.test');
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: client.cookie },
      payload: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', company: 'c'.repeat(190) }).padEnd(
        600,
        ' ',
      ),
    });
    expect(response.statusCode).toBe(413);
  });

  it('takes the longest booking a client may rightly send, every character escaped as \\uXXXX (over 40 KB)', async () => {
    testApp = await buildTestApp();
    const client = await signedInClient(testApp, 'long-booking@limits.test');
    const body = {
      serviceId: 1,
      projectDescription: 'é'.repeat(maxDescriptionLength),
      additionalNotes: 'ü'.repeat(maxAdditionalNotesLength),
      startsAt: zonedInstant(dayAllocator(2)(), 10 * 60, defaultBusinessTimeZone)?.toISOString(),
      urgency: 'normal',
      preferredContact: 'email',
    };
    // What an ASCII-only JSON writer sends (Python's json.dumps, for one).
    const payload = JSON.stringify(body).replace(
      /[^\x20-\x7e]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(payload.length).toBeGreaterThan(40_000);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json', origin: appUrl, cookie: client.cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().booking.project_description).toBe(body.projectDescription);
  });
});

describe('database limits (PostgreSQL)', () => {
  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS: a clear error, and a 503 for the request', async (context) => {
    testApp = await buildTestApp({
      env: { DATABASE_STATEMENT_TIMEOUT_MS: '200' },
      prepare: (app) =>
        app.get('/api/probe/slow-query', async () => {
          await app.db.execute(sql`select pg_sleep(5)`);
          return { finished: true };
        }),
    });
    // PGlite takes SET statement_timeout but cannot time a statement (no timers in its WebAssembly build).
    if (testApp.app.database.driver === 'pglite') context.skip();
    const started = Date.now();
    const failure = await testApp.app.db.execute(sql`select pg_sleep(5)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(databaseFailure(failure)?.code).toBe('57014'); // query_canceled: canceling statement due to statement timeout
    expect(Date.now() - started).toBeLessThan(4_000);

    const response = await testApp.app.inject('/api/probe/slow-query');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: messages.requestTimedOut });
  });

  it('waits at most DATABASE_CONNECTION_TIMEOUT_MS for a connection when all DATABASE_POOL_SIZE are busy, then answers 503', async (context) => {
    testApp = await buildTestApp({
      env: { DATABASE_POOL_SIZE: '2', DATABASE_CONNECTION_TIMEOUT_MS: '300' },
      prepare: (app) =>
        app.get('/api/probe/query', async () => {
          await app.db.execute(sql`select 1`);
          return { finished: true };
        }),
    });
    const { app } = testApp;
    if (app.database.driver === 'pglite') context.skip();
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    let holding = 0;
    const holders = Array.from({ length: 2 }, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding += 1;
        await released;
      }),
    );
    while (holding < 2) await sleep(10);
    try {
      const started = Date.now();
      await expect(app.db.execute(sql`select 1`)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(4_000);
      // A request that finds no connection is told the server is busy (503), not that it broke (500).
      const response = await app.inject('/api/probe/query');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: messages.serverBusy });
    } finally {
      release();
      await Promise.all(holders);
    }
    // With a connection free again, queries go through.
    await app.db.execute(sql`select 1`);
  });

  it('answers 503 (try again), not 500, when PostgreSQL ends a transaction to break a deadlock', async (context) => {
    testApp = await buildTestApp({
      prepare: (app) =>
        app.post('/api/probe/deadlock', async () => {
          // Two transactions each take one lock, then the other's: PostgreSQL aborts one of them (40P01).
          let holding = 0;
          let bothHold!: () => void;
          const barrier = new Promise<void>((done) => {
            bothHold = done;
          });
          const lockBoth = (first: number, second: number) =>
            app.db.transaction(async (tx) => {
              await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
              holding += 1;
              if (holding === 2) bothHold();
              await barrier;
              await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
            });
          await Promise.all([lockBoth(1, 2), lockBoth(2, 1)]);
          return { finished: true };
        }),
    });
    if (testApp.app.database.driver === 'pglite') context.skip();
    const response = await testApp.app.inject({ method: 'POST', url: '/api/probe/deadlock' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: messages.serverBusy });
  });

  it('closes pooled connections idle for DATABASE_IDLE_TIMEOUT_MS', async (context) => {
    testApp = await buildTestApp({ env: { DATABASE_IDLE_TIMEOUT_MS: '200' } });
    const { app, database } = testApp;
    if (app.database.driver === 'pglite' || database.url === undefined) return context.skip();
    await Promise.all(Array.from({ length: 3 }, () => app.db.execute(sql`select pg_sleep(0.05)`)));
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    try {
      const others = async () => {
        const { rows } = await observer.query<{ count: string }>(
          'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return Number(rows[0]?.count);
      };
      expect(await others()).toBeGreaterThan(0);
      // Well before pg's own default of 10 s.
      const deadline = Date.now() + 3_000;
      while ((await others()) > 0 && Date.now() < deadline) await sleep(100);
      expect(await others()).toBe(0);
    } finally {
      await observer.end();
    }
  });
});

describe('paging limits', () => {
  /** Lists bounded by a rule rather than a page size. */
  const boundedByRule: Record<string, string> = {
    'GET /api/services': 'the catalogue: the seeded services',
    'GET /api/admin/services': 'the catalogue, retired services too',
    'PUT /api/admin/services/{id}/questions': 'at most 20 questions, each with at most 20 options',
    'GET /api/consultants': 'at most 200 consultants (maxConsultants), each with their services',
    'GET /api/admin/consultants':
      'at most 200 consultants (maxConsultants), each with at most 100 periods of time off ahead (maxTimeOffAhead)',
    'GET /api/consultant/bookings':
      "one consultant's bookings of at most 42 days (maxConsultantRangeDays), at most 500 (maxConsultantBookingsListed)",
    'GET /api/services/{id}/availability': 'one day of slots',
    'GET /api/bookings/{id}/availability': 'one day of slots',
    'GET /api/bookings/admin/stats': 'one entry a day of a range of at most 3,660 days, and the catalogue',
    'GET /api/schedule': 'at most 6 opening ranges a day, and at most 200 closures ahead',
    'GET /api/admin/closures':
      'at most 200 closures ahead and the latest 20 past ones, each with the active bookings on its dates',
    'GET /api/admin/schedule/too-close': 'the earliest 100 pairs of bookings closer together than the buffer',
    'GET /api/admin/undelivered-mail': 'the latest 5 undelivered e-mails, and their count',
    'GET /api/bookings/{id}': "one booking's latest 100 history entries",
    'GET /api/bookings/activity': "the caller's latest 5 history entries",
    'GET /api/bookings/{id}/files': "one booking's documents: at most 20 (maxFilesPerBooking)",
    'GET /api/bookings/{id}/messages': "one booking's latest 500 messages (maxConversationMessagesShown)",
    'GET /api/account/sessions': "the caller's unexpired sessions, at most 100 (maxSessionsListed)",
    'POST /api/account/export':
      "one person's own records, all of them by design (the right to a copy), read one query per kind",
    'GET /api/legal': 'the fixed lists the policies state: cookies, processors and retention periods',
    'GET /api/account/consents': 'the versions the caller accepted: one per document and published version',
    'POST /api/account/consents': 'the versions the caller accepted: one per document and published version',
    'GET /api/admin/data-requests': 'the latest 100 exports and erasures',
    'POST /api/identity/sign-in/email': 'the second factors a sign-in may ask for: at most 2',
    'POST /api/identity/two-factor/enable': 'the 10 one-time recovery codes',
    'POST /api/identity/two-factor/generate-backup-codes': 'the 10 one-time recovery codes',
    // iCalendar, not JSON, so the scan below cannot see it: its bound is proven in calendar-feed.test.ts.
    'GET /api/calendar/{token}.ics':
      'active consultations that ended at most 30 days ago or later, at most 500 (maxCalendarFeedEvents)',
  };

  it('gives every list the API answers a page size with a maximum, or a rule that bounds it', async () => {
    testApp = await buildTestApp();
    const document = (await testApp.app.inject('/api/docs/json')).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema?: { maximum?: number } }[];
            responses: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
          }
        >
      >;
    }>();
    const unbounded: string[] = [];
    let paged = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties =
          operation.responses['200']?.content?.['application/json']?.schema?.properties ?? {};
        const lists = Object.values(properties).some(
          (property: { type?: string }) => property.type === 'array',
        );
        if (!lists) continue;
        const name = `${method.toUpperCase()} ${path}`;
        const limit = operation.parameters?.find(
          (parameter) => parameter.name === 'limit' && parameter.in === 'query',
        );
        if (limit?.schema?.maximum !== undefined && limit.schema.maximum <= 100) paged += 1;
        else if (!(name in boundedByRule)) unbounded.push(name);
      }
    }
    expect(unbounded).toEqual([]);
    // My bookings, the admin list, the upcoming schedule, a service's reviews, the admin reviews, the messages.
    expect(paged).toBeGreaterThanOrEqual(6);
  });

  describe('a page larger than the maximum', () => {
    // One app and one administrator for every list: each case only reads.
    let pagerApp: TestApp;
    let cookie: string;
    beforeAll(async () => {
      pagerApp = await buildTestApp();
      cookie = (await signedInAdmin(pagerApp, 'pager@limits.test')).cookie;
    });
    afterAll(async () => {
      await pagerApp?.close();
    });

    it.each([
      '/api/bookings/my-bookings?limit=101',
      '/api/bookings/admin/all?limit=101',
      '/api/bookings/admin/upcoming?limit=101',
      '/api/services/1/reviews?limit=51',
      '/api/admin/reviews?limit=101',
      '/api/admin/messages?limit=101',
    ])('is refused: %s', async (url) => {
      const response = await pagerApp.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(400);
    });
  });
});
