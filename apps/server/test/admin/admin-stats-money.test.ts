// The dashboard's money (moneyDefinition): invoices issued by confirmations, transfers recorded by the firm and a
// credit note from a cancellation, on days spread over two periods, against figures worked out by hand. Invoices
// are dated by the server's clock, so each confirmation and cancellation runs with the clock set to its day.
import { type AdminStatsResponse, addDays, apiPaths, type Booking, todayIn } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings } from '../../src/db/schema.ts';
import type { Client } from '../bookings/clients.ts';
import { signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin, wallClock } from './fixtures.ts';

const zone = 'America/Phoenix';
let testApp: TestApp;
let admin: Client;
/** Today in the business zone, and `n` days before it. */
const today = todayIn(zone, new Date());
const day = (n: number) => addDays(today, -n);

/** A pending booking of `totalCost` dollars, in `currency`. */
async function pendingBooking(client: Client, totalCost: number, currency = 'usd'): Promise<number> {
  const [id = 0] = await seedBookings(testApp.app, [{ userId: client.id, createdAt: new Date(), totalCost }]);
  if (currency !== 'usd') await testApp.app.db.update(bookings).set({ currency }).where(eq(bookings.id, id));
  return id;
}

/** The firm sets the booking's status at noon of `on` (its invoice or credit note is dated that day). */
async function setStatusOn(
  on: string,
  bookingId: number,
  status: 'confirmed' | 'cancelled',
): Promise<Booking> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(wallClock(on, '12:00', zone));
  try {
    const response = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(bookingId),
      { cookie: admin.cookie },
      { status },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ booking: Booking }>().booking;
  } finally {
    vi.useRealTimers();
  }
}

/** The firm records a transfer of `amountCents` that arrived on `paidOn`. */
async function pay(invoiceId: number | undefined, amountCents: number, paidOn: string): Promise<void> {
  const response = await api(
    testApp.app,
    'POST',
    apiPaths.admin.invoicePayments(invoiceId ?? 0),
    { cookie: admin.cookie },
    { amountCents, paidOn, reference: `Transfer of ${paidOn}` },
  );
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  testApp = await buildTestApp({ env: { BUSINESS_TIMEZONE: zone, WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signedInAdmin(testApp, 'chief@money.test');
  const client = await signedInClient(testApp, 'payer@money.test');

  // A: $100, issued 15 days ago; $40 arrives 12 days ago, the other $60 three days ago.
  const a = await setStatusOn(day(15), await pendingBooking(client, 100), 'confirmed');
  await pay(a.invoice?.id, 4_000, day(12));
  await pay(a.invoice?.id, 6_000, day(3));
  // B: $200, issued 12 days ago, never paid; cancelled 5 days ago (a credit note of $200).
  const b = await pendingBooking(client, 200);
  await setStatusOn(day(12), b, 'confirmed');
  await setStatusOn(day(5), b, 'cancelled');
  // C: $300, issued and paid in full before both periods.
  const c = await setStatusOn(day(25), await pendingBooking(client, 300), 'confirmed');
  await pay(c.invoice?.id, 30_000, day(22));
  // D: $400, issued two days ago; $150 arrives today.
  const d = await setStatusOn(day(2), await pendingBooking(client, 400), 'confirmed');
  await pay(d.invoice?.id, 15_000, today);
  // E: $50, issued 11 days ago and credited 10 days ago, the last day of the previous period.
  const e = await pendingBooking(client, 50);
  await setStatusOn(day(11), e, 'confirmed');
  await setStatusOn(day(10), e, 'cancelled');
  // G: €70, issued and paid in this period, in a currency the portal no longer prices in.
  const g = await setStatusOn(day(2), await pendingBooking(client, 70, 'eur'), 'confirmed');
  expect(g.invoice?.currency).toBe('eur');
  await pay(g.invoice?.id, 7_000, day(1));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await testApp?.close();
});

async function moneyOf(query: string): Promise<AdminStatsResponse['money']> {
  const response = await api(testApp.app, 'GET', `${apiPaths.admin.stats}${query}`, { cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminStatsResponse>().money;
}

describe("GET /api/bookings/admin/stats: the firm's money", () => {
  it('gives what was collected, outstanding at the end and credited, in this period and the one before', async () => {
    // This period: the last 10 days; the previous one: the 10 days before (19 to 10 days ago).
    expect(await moneyOf(`?startDate=${day(9)}&endDate=${today}`)).toEqual({
      currency: 'usd',
      // A's $60 and D's $150; A's $40 and C's $300 came earlier, G's €70 is in another currency.
      collected_cents: 21_000,
      // D's $250 still open; A and C are paid, B and E credited.
      outstanding_cents: 25_000,
      // B's credit note.
      credited_cents: 20_000,
      previous: {
        // A's $40.
        collected_cents: 4_000,
        // As things stood 10 days ago: A's $60 not yet paid, B's $200 not yet credited; E credited that day, D
        // not yet issued.
        outstanding_cents: 26_000,
        // E's credit note.
        credited_cents: 5_000,
      },
    });
  });

  it('with a date left open counts from the start or up to today, and has no previous period', async () => {
    expect(await moneyOf(`?endDate=${day(10)}`)).toEqual({
      currency: 'usd',
      collected_cents: 30_000 + 4_000,
      outstanding_cents: 26_000,
      credited_cents: 5_000,
      previous: null,
    });
    expect(await moneyOf(`?startDate=${day(9)}`)).toEqual({
      currency: 'usd',
      collected_cents: 21_000,
      outstanding_cents: 25_000,
      credited_cents: 20_000,
      previous: null,
    });
  });

  it('counts a day on which nothing was issued or paid as zero, and a period before any invoice as all zeros', async () => {
    expect(await moneyOf(`?startDate=${day(40)}&endDate=${day(30)}`)).toEqual({
      currency: 'usd',
      collected_cents: 0,
      outstanding_cents: 0,
      credited_cents: 0,
      previous: { collected_cents: 0, outstanding_cents: 0, credited_cents: 0 },
    });
    // Eight days ago: nothing paid or credited that day; A's $60, B's $200 open (E was credited two days before).
    expect(await moneyOf(`?startDate=${day(8)}&endDate=${day(8)}`)).toMatchObject({
      collected_cents: 0,
      outstanding_cents: 26_000,
      credited_cents: 0,
    });
  });
});
