// Signed-in clients for the booking tests, made quickly: sign up, mark verified in the database, sign in.
import {
  addDays,
  type Booking,
  defaultBusinessTimeZone,
  defaultSchedule,
  type IsoDate,
  opensOn,
  todayIn,
  weekdayOf,
  zonedInstant,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { api, appUrl, cookieHeader, identity } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/build-test-app.ts';

export interface Client {
  id: string;
  email: string;
  cookie: string;
}

let ipCounter = 0;
/** A fresh client address per sign-up, so the per-IP limits of the accounts library never bite. */
function freshIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function signedInClient(
  testApp: TestApp,
  email: string,
  /** The profile to complete; null leaves the account without one (booking is then refused). */
  names: { firstName: string; lastName: string } | null = { firstName: 'Test', lastName: 'Client' },
): Promise<Client> {
  const { app } = testApp;
  const password = 'booking-tests-password';
  const ip = freshIp();
  const signUp = await identity(app, 'POST', '/sign-up/email', { email, password }, { ip });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await identity(app, 'POST', '/sign-in/email', { email, password }, { ip });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = cookieHeader(signIn);
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error('no user row');
  if (names) {
    const profile = await api(app, 'PUT', '/api/auth/profile', { cookie }, names);
    if (profile.statusCode !== 200) throw new Error(`profile failed: ${profile.body}`);
  }
  return { id: user.id, email, cookie };
}

/** Business days from `weeksAhead` weeks on, each asked for once, so tests never share a day. */
export function dayAllocator(weeksAhead: number, timeZone = defaultBusinessTimeZone) {
  let next = addDays(todayIn(timeZone, new Date()), weeksAhead * 7);
  return (): IsoDate => {
    while (!opensOn(defaultSchedule, weekdayOf(next))) next = addDays(next, 1);
    const day = next;
    next = addDays(next, 1);
    return day;
  };
}

/** A weekday before today (in the business zone). */
export function pastWeekday(timeZone = defaultBusinessTimeZone): IsoDate {
  let day = addDays(todayIn(timeZone, new Date()), -7);
  while (!opensOn(defaultSchedule, weekdayOf(day))) day = addDays(day, -1);
  return day;
}

/** The next Saturday at least a week ahead. */
export function futureSaturday(timeZone = defaultBusinessTimeZone): IsoDate {
  let day = addDays(todayIn(timeZone, new Date()), 7);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
  return day;
}

/** An instant of a business day as the API takes it: `time` is 'HH:MM' or a number of hours (10.5 is 10:30). */
export function businessTime(
  date: IsoDate,
  time: string | number,
  timeZone = defaultBusinessTimeZone,
): string {
  const [hours = 0, minutes = 0] = typeof time === 'number' ? [time, 0] : time.split(':').map(Number);
  const instant = zonedInstant(date, Math.round(hours * 60) + minutes, timeZone);
  if (!instant) throw new Error(`no ${time} on ${date}`);
  return instant.toISOString();
}

/** A booking of `client` at `startsAt` (service 1 unless told), made through the API; the test fails unless 201. */
export async function bookAt(
  app: FastifyInstance,
  client: Pick<Client, 'cookie'>,
  startsAt: string,
  serviceId = 1,
): Promise<Booking> {
  const response = await postBooking(app, client, {
    serviceId,
    projectDescription: 'Please review the architecture of our order pipeline.',
    startsAt,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ booking: Booking }>().booking;
}

export function postBooking(
  app: FastifyInstance,
  client: Pick<Client, 'cookie'> | undefined,
  body: object,
  idempotencyKey?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: {
      'content-type': 'application/json',
      // As the portal's pages send it (a cookie-authenticated write must come from APP_URL).
      origin: appUrl,
      ...(client ? { cookie: client.cookie } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/**
 * The race tests prove what the database decides, not how fast a loaded machine answers: the rate limit and the
 * time limits (request, statement, waiting for a pooled connection) are set out of their way, so that a CI machine
 * busy with other test files stalls a round without turning its answers into 503s.
 */
export const raceLimits = {
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  REQUEST_TIMEOUT_MS: '60000',
  DATABASE_STATEMENT_TIMEOUT_MS: '60000',
  DATABASE_CONNECTION_TIMEOUT_MS: '60000',
};
