// Several stateless processes on one PostgreSQL, as behind a load balancer: three servers started at once on a fresh
// database, with one AUTH_SECRET and one public origin, and every request spread over them. What must hold across
// requests lives in the database, so it holds across the processes. PostgreSQL only (PGlite has one owner).
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountErrorCodes,
  apiPaths,
  bookingMessages,
  challengeMessages,
  defaultBusinessTimeZone,
  defaultSchedule,
  editableServiceFields,
  zonedInstant,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { outbox } from '../../src/db/schema.ts';
import { accountsLibraryRateLimits } from '../../src/lib/accounts/library.ts';
import { operatorFile } from '../../src/lib/operator-channel.ts';
import { setRole } from '../../src/modules/accounts/roles.service.ts';
import { dayAllocator } from '../bookings/clients.ts';
import { createTestDatabase, type TestDatabase, testDriver } from '../helpers/build-test-app.ts';
import { solvedPayload } from '../helpers/challenge.ts';
import { spawnServerScript } from '../helpers/child-process.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { freePort } from '../helpers/ports.ts';

/** The public origin in front of the three (a load balancer): links and the origin check use it. */
const appUrl = 'http://portal.test';
const authSecret = 'several-processes-test-secret-0123456789';
const password = 'several-processes';
const writeLimit = 20;
const migrationCount = readMigrationFiles({ migrationsFolder }).length;

interface Server {
  base: string;
  dataDir: string;
  child: ReturnType<typeof spawnServerScript>['child'];
  exited: Promise<[number | null]>;
  output: () => { stdout: string; stderr: string };
}

interface Account {
  email: string;
  cookie: string;
}

let ipCounter = 0;
/** A fresh client address per caller, given as the proxy gives it (TRUST_PROXY=1), so per-address limits never bite. */
function freshIp(): string {
  ipCounter += 1;
  return `10.55.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function waitUntil(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe.skipIf(testDriver !== 'postgres')('three server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let mail: MailCapture;
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  let startedIn = 0;

  function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-several-'));
    dataDirs.push(dataDir);
    const { child, output } = spawnServerScript('src/main.ts', [], {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      ...env,
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    return { dataDir, child, exited, output };
  }

  /** A request to server `index % 3`, as the load balancer forwards it. */
  function call(
    index: number,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { cookie?: string; ip?: string; body?: object } = {},
  ) {
    const server = servers[index % servers.length] as Server;
    return fetch(`${server.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: appUrl,
        'x-forwarded-for': options.ip ?? freshIp(),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
  }

  /** A challenge issued by the process `index`, solved: the `altcha` of a form sent to any of them. */
  async function solvedOn(index: number): Promise<string> {
    return solvedPayload(await (await call(index, 'GET', apiPaths.challenge)).json());
  }

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    mail = await startMailCapture();
    const ports = [await freePort(), await freePort(), await freePort()];
    const startedAt = Date.now();
    for (const port of ports) {
      const server = start({
        DATABASE_URL: database.url ?? '',
        AUTH_SECRET: authSecret,
        PORT: String(port),
        SMTP_URL: mail.url,
        TRUST_PROXY: '1',
        WRITE_RATE_LIMIT_PER_MINUTE: String(writeLimit),
      });
      servers.push({ ...server, base: `http://127.0.0.1:${port}` });
    }
    await Promise.all(
      servers.map((server) =>
        waitUntil(
          () => {
            if (server.child.exitCode !== null) throw new Error(`A server exited: ${server.output().stderr}`);
            return server.output().stdout.includes('Consulting portal ready at');
          },
          'the three servers to be ready',
          45_000,
        ),
      ),
    );
    startedIn = Date.now() - startedAt;
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await mail?.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts all three at once: migrations and the seed ran once, the catalogue lists each service once', async () => {
    expect(startedIn).toBeLessThan(45_000);
    const prepared = servers.map((server) => {
      const line = server
        .output()
        .stdout.split('\n')
        .filter((text) => text.startsWith('{'))
        .map(
          (text) => JSON.parse(text) as { msg?: string; migrationsApplied?: number; servicesAdded?: number },
        )
        .find((entry) => entry.msg === 'database prepared');
      return { migrations: line?.migrationsApplied, services: line?.servicesAdded };
    });
    expect(prepared.map((entry) => entry.migrations).sort()).toEqual([0, 0, migrationCount]);
    expect(prepared.map((entry) => entry.services).sort()).toEqual([0, 0, 4]);
    const [applied] = await database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`drizzle.__drizzle_migrations`);
    expect(applied?.count).toBe(migrationCount);
    for (const index of [0, 1, 2]) {
      const response = await call(index, 'GET', '/api/services');
      expect(response.status).toBe(200);
      const { services } = (await response.json()) as { services: { id: number }[] };
      expect(services.map((service) => service.id)).toEqual([1, 2, 3, 4]);
    }
    // With DATABASE_URL operator commands go to PostgreSQL: no process opens a channel.
    for (const server of servers) expect(existsSync(operatorFile(server.dataDir))).toBe(false);
  });

  it('takes a solved challenge once across the processes: the other two refuse it', async () => {
    const altcha = await solvedOn(0);
    const sent = await call(1, 'POST', apiPaths.contact.send, {
      body: {
        name: 'Ada Lovelace',
        email: 'ada@several.test',
        subject: 'Across processes',
        message: 'One solved challenge, one message, whichever process takes it.',
        altcha,
      },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    for (const index of [0, 2]) {
      const replayed = await call(index, 'POST', '/api/identity/sign-up/email', {
        body: { email: `replay${index}@several.test`, password, altcha },
      });
      expect(replayed.status).toBe(400);
      expect(await replayed.json()).toMatchObject({
        errors: [{ path: 'altcha', msg: challengeMessages.used }],
      });
    }
  });

  const bookers: Account[] = [];
  let writer: Account;
  const target = 'target@several.test';

  it('signs up, verifies and signs in across processes; a session made on one is good on the others', async () => {
    const emails = [
      ...Array.from({ length: 6 }, (_, index) => `booker${index}@several.test`),
      'writer@several.test',
    ];
    // All at once, so the three mail workers race for the same outbox rows.
    // Each with a challenge another process issued: the three sign with one key, derived from AUTH_SECRET.
    const signUps = await Promise.all(
      [...emails, target].map(async (email, index) =>
        call(index, 'POST', '/api/identity/sign-up/email', {
          body: { email, password, altcha: await solvedOn(index + 1) },
        }),
      ),
    );
    expect(signUps.map((response) => response.status)).toEqual(signUps.map(() => 200));

    for (const [index, email] of [...emails, target].entries()) {
      const link = new URL(linkIn(await mail.waitFor(email), '/verify-email'));
      const verified = await call(index + 1, 'GET', `${link.pathname}${link.search}`);
      expect(verified.status, email).toBe(302);
    }
    for (const [index, email] of emails.entries()) {
      const signIn = await call(index + 2, 'POST', '/api/identity/sign-in/email', {
        body: { email, password },
      });
      expect(signIn.status, email).toBe(200);
      const account = { email, cookie: cookieOf(signIn) };
      if (email.startsWith('writer')) writer = account;
      else bookers.push(account);
    }
    // Signed in on server index+2, the profile saved on index (a write), read back on index+1.
    for (const [index, booker] of bookers.entries()) {
      const saved = await call(index, 'PUT', '/api/auth/profile', {
        cookie: booker.cookie,
        body: { firstName: 'Booker', lastName: `Number ${index}` },
      });
      expect(saved.status).toBe(200);
      const read = await call(index + 1, 'GET', '/api/auth/profile', { cookie: booker.cookie });
      expect(read.status).toBe(200);
      expect(await read.json()).toMatchObject({
        user: { email: booker.email, first_name: 'Booker', last_name: `Number ${index}` },
      });
    }
  });

  it('lets exactly one of 30 simultaneous bookings of one slot, spread over the three, win', async () => {
    const day = dayAllocator(3)();
    const startsAt = zonedInstant(day, 10 * 60, defaultBusinessTimeZone)?.toISOString();
    const free = async (index: number) => {
      const answer = (await (
        await call(index, 'GET', `/api/services/1/availability?date=${day}`)
      ).json()) as {
        slots: { starts_at: string; available: boolean }[];
      };
      return answer.slots.find((slot) => slot.starts_at === new Date(startsAt ?? '').toISOString())
        ?.available;
    };
    // Every process has the day's held times cached before the booking.
    expect(await Promise.all([0, 1, 2].map(free))).toEqual([true, true, true]);
    const responses = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const response = await call(index, 'POST', '/api/bookings', {
          cookie: (bookers[index % bookers.length] as Account).cookie,
          body: { serviceId: 1, projectDescription: 'Everyone wants this slot, on every server.', startsAt },
        });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    for (const response of responses.filter((item) => item.status === 409)) {
      expect(response.body).toEqual({ message: bookingMessages.slotTaken });
    }
    // Whichever process took it, the others stop offering it: their cached held times follow bookings_version.
    for (const index of [0, 1, 2]) {
      await waitUntil(
        async () => (await free(index)) === false,
        `server ${index} to show the slot taken`,
        2_000,
      );
    }
  });

  describe('a change to the catalogue or the calendar, made through one process, reaches the others within a second', () => {
    let admin: Account;

    beforeAll(async () => {
      admin = bookers.at(-1) as Account;
      await setRole(database.handle.db, admin.email, 'admin');
    });

    /**
     * Asks each of `observers` for `path` (so that each holds what it shows now), makes the change through `writer`,
     * then asks them all at once, each again as soon as it answers, until `changed` holds for its answer. Returns how
     * long after the write's answer (it has committed) each first showed the change, or Infinity after 3 s.
     */
    async function delaysOf(
      change: { writer: number; method: 'POST' | 'PUT'; path: string; body: object },
      observers: number[],
      path: string,
      changed: (body: unknown) => boolean,
    ): Promise<number[]> {
      const ask = async (index: number) =>
        (await call(index, 'GET', path, { cookie: admin.cookie })).json() as Promise<unknown>;
      for (const before of await Promise.all(observers.map(ask))) expect(changed(before)).toBe(false);
      const written = await call(change.writer, change.method, change.path, {
        cookie: admin.cookie,
        body: change.body,
      });
      expect(written.status, await written.clone().text()).toBeLessThan(300);
      const since = Date.now();
      return Promise.all(
        observers.map(async (index) => {
          while (Date.now() - since < 3_000) if (changed(await ask(index))) return Date.now() - since;
          return Number.POSITIVE_INFINITY;
        }),
      );
    }

    /** Service 2 with its rate raised by one dollar, as the admin form saves it; and how to see it listed. */
    async function raisedRate(through: number) {
      const listed = (await (
        await call(through, 'GET', apiPaths.catalogue.adminServices, { cookie: admin.cookie })
      ).json()) as { services: Record<string, unknown>[] };
      const service = listed.services.find((candidate) => candidate.id === 2);
      if (!service) throw new Error('no service 2');
      const record = Object.fromEntries(editableServiceFields.map((field) => [field, service[field]]));
      const rate = Number(service.hourly_rate) + 1;
      return {
        change: {
          writer: through,
          method: 'PUT' as const,
          path: apiPaths.catalogue.adminService(2),
          body: { ...record, hourly_rate: rate },
        },
        listed: (body: unknown) =>
          (body as { services: { id: number; hourly_rate: number }[] }).services.find((item) => item.id === 2)
            ?.hourly_rate === rate,
      };
    }

    it('a new rate, made through A, on B and C', async () => {
      const { change, listed } = await raisedRate(0);
      const delays = await delaysOf(change, [1, 2], '/api/services', listed);
      for (const delay of delays) expect(delay).toBeLessThanOrEqual(1_000);
    });

    it('a closed date, made through A, on B and C', async () => {
      const date = dayAllocator(5)();
      const delays = await delaysOf(
        {
          writer: 0,
          method: 'POST',
          path: apiPaths.schedule.closures,
          body: { startDate: date, endDate: date, reason: 'Holiday' },
        },
        [1, 2],
        `/api/services/1/availability?date=${date}`,
        (body) => (body as { slots: unknown[] }).slots.length === 0,
      );
      for (const delay of delays) expect(delay).toBeLessThanOrEqual(1_000);
    });

    it('a new rate, made through B, on A', async () => {
      const { change, listed } = await raisedRate(1);
      const [delay] = await delaysOf(change, [0], '/api/services', listed);
      expect(delay).toBeLessThanOrEqual(1_000);
    });

    it('a new schedule, made through B, on A', async () => {
      const schedule = { ...defaultSchedule, horizonDays: 120 };
      const [delay] = await delaysOf(
        { writer: 1, method: 'PUT', path: apiPaths.schedule.admin, body: { schedule } },
        [0],
        apiPaths.schedule.public,
        (body) => (body as { schedule: { horizonDays: number } }).schedule.horizonDays === 120,
      );
      expect(delay).toBeLessThanOrEqual(1_000);
    });
  });

  it("counts one user's writes together on every process", async () => {
    const statuses = await Promise.all(
      Array.from({ length: writeLimit + 5 }, async (_, index) => {
        const response = await call(index, 'PUT', '/api/auth/profile', {
          cookie: writer.cookie,
          body: { firstName: 'Writer', lastName: `Save ${index}` },
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(writeLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('locks an account after five wrong passwords spread over the three, on all three', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 9 }, async (_, index) => {
        const response = await call(index, 'POST', '/api/identity/sign-in/email', {
          body: { email: target, password: `wrong-guess-${index}` },
        });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      }),
    );
    expect(guesses.filter((guess) => guess.status === 401)).toHaveLength(5);
    const locked = guesses.filter((guess) => guess.status === 429);
    expect(locked).toHaveLength(4);
    for (const guess of locked) expect(guess.body.code).toBe(accountErrorCodes.tooManyFailedSignIns);
    for (const index of [0, 1, 2]) {
      const right = await call(index, 'POST', '/api/identity/sign-in/email', {
        body: { email: target, password },
      });
      expect(right.status).toBe(429);
    }
  });

  it("holds the accounts library's limits per client address across the three", async () => {
    // better-auth's rate limit, stored in the database: in each process's memory, each would count only its third.
    const { max } = accountsLibraryRateLimits['/request-password-reset'];
    const ip = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index <= max; index += 1) {
      const response = await call(index, 'POST', '/api/identity/request-password-reset', {
        ip,
        body: { email: 'nobody@several.test', redirectTo: '/reset-password' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array.from({ length: max }, () => 200), 429]);
    // Another address is not held back by that one.
    const other = await call(0, 'POST', '/api/identity/request-password-reset', {
      body: { email: 'nobody@several.test', redirectTo: '/reset-password' },
    });
    expect(other.status).toBe(200);
  });

  it('delivers every outbox message once to its recipient, whichever process claimed it', async () => {
    const outboxCounts = async () =>
      await database.handle.db
        .select({
          to: outbox.to,
          count: sql<number>`count(*)::int`,
          unsent: sql<number>`count(*) filter (where ${outbox.status} <> 'sent')::int`,
        })
        .from(outbox)
        .groupBy(outbox.to);
    await waitUntil(
      async () => (await outboxCounts()).every((row) => row.unsent === 0),
      'the outbox to empty',
    );
    // Three poll intervals more: a message delivered twice would have arrived by now.
    await new Promise((done) => setTimeout(done, 1_500));
    const rows = await outboxCounts();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) expect(mail.count(row.to), row.to).toBe(row.count);
    expect(mail.messages).toHaveLength(rows.reduce((sum, row) => sum + row.count, 0));
  });

  it('refuses to start a process with DATABASE_URL but no AUTH_SECRET', async () => {
    const refused = start({ DATABASE_URL: database.url ?? '', PORT: String(await freePort()) });
    const [code] = await refused.exited;
    expect(code).toBe(1);
    expect(refused.output().stderr).toMatch(
      /^Configuration error: AUTH_SECRET is required with DATABASE_URL: every process sharing the database/,
    );
  });

  it('stops all three cleanly', async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    const codes = await Promise.all(servers.map(async (server) => (await server.exited)[0]));
    expect(codes).toEqual([0, 0, 0]);
  });
});
