// Every booking for the administrators: filters, keyset paging, the upcoming schedule and the CSV export.
import {
  type AdminBookingsResponse,
  adminMessages,
  apiPaths,
  type BookingStatus,
  type BookingsResponse,
  defaultBusinessTimeZone,
  todayIn,
} from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, userProfiles } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { type SeededBooking, seedBookings, signedInAdmin, wallClock } from './fixtures.ts';

const zone = defaultBusinessTimeZone;
let testApp: TestApp;
let admin: Client;
let grace: Client;
let mallory: Client;

interface Seeded {
  id: number;
  createdAt: Date;
  status: BookingStatus;
  serviceId: number;
}
let seeded: Seeded[] = [];
/** The ids in the list's order: made latest first, the higher id first on a tie. */
let newestFirst: number[] = [];

const tricky = {
  description: 'Needs "quotes", commas, and\na new line in the description.',
  notes: '=HYPERLINK("http://evil.example","click")',
};

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'chief@list.test');
  grace = await signedInClient(testApp, 'grace@list.test', { firstName: 'Grace', lastName: 'Hopper' });
  mallory = await signedInClient(testApp, 'mallory@list.test', { firstName: 'Mal', lastName: 'Lory' });
  // Names a spreadsheet would take for formulas (written straight in: what the export must defuse).
  await testApp.app.db
    .update(userProfiles)
    .set({ firstName: '@Mallory', lastName: '-Lory' })
    .where(eq(userProfiles.userId, mallory.id));

  const plan: (SeededBooking & { status: BookingStatus; serviceId: number })[] = [];
  const statuses: BookingStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];
  for (let day = 1; day <= 9; day += 1) {
    plan.push({
      userId: day % 2 === 0 ? mallory.id : grace.id,
      createdAt: wallClock(`2022-06-0${day}`, '12:00', zone),
      status: statuses[day % 4] ?? 'pending',
      serviceId: (day % 3) + 1,
    });
  }
  // Three bookings made at the very same microsecond (the list must break the tie by id, at full precision).
  for (let index = 0; index < 3; index += 1) {
    plan.push({ userId: grace.id, createdAt: new Date(0), status: 'pending', serviceId: 4 });
  }
  plan.push({
    userId: mallory.id,
    createdAt: wallClock('2022-06-10', '08:00', zone),
    status: 'confirmed',
    serviceId: 2,
    totalCost: 375,
    startsAt: wallClock('2041-03-04', '10:30', zone),
    projectDescription: tricky.description,
    additionalNotes: tricky.notes,
  });
  const ids = await seedBookings(testApp.app, plan);
  const tied = ids.slice(9, 12);
  await testApp.app.db
    .update(bookings)
    .set({ createdAt: sql`'2022-06-05 19:00:00.123456+00'::timestamptz` })
    .where(inArray(bookings.id, tied));
  const tieInstant = new Date('2022-06-05T19:00:00.123Z');
  seeded = plan.map((row, index) => ({
    id: ids[index] ?? 0,
    createdAt: tied.includes(ids[index] ?? 0) ? tieInstant : row.createdAt,
    status: row.status,
    serviceId: row.serviceId,
  }));
  newestFirst = [...seeded]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((row) => row.id);
});
afterAll(async () => {
  await testApp?.close();
});

function list(query = '') {
  return api(testApp.app, 'GET', `${apiPaths.admin.all}${query}`, { cookie: admin.cookie });
}

async function allPages(
  query: string,
  limit: number,
): Promise<{ ids: number[]; pages: number; totals: number[] }> {
  const ids: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const suffix = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await list(`?limit=${limit}${query.replace(/^\?/, '&')}${suffix}`);
    expect(response.statusCode, response.body).toBe(200);
    const body: AdminBookingsResponse = response.json();
    expect(body.bookings.length).toBeLessThanOrEqual(limit);
    ids.push(...body.bookings.map((booking) => booking.id));
    totals.push(body.total);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages, totals };
}

describe('GET /api/bookings/admin/all', () => {
  it('lists every booking newest first with its client, and how many there are', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminBookingsResponse>();
    expect(body.bookings.map((booking) => booking.id)).toEqual(newestFirst);
    expect(body.total).toBe(13);
    expect(body.nextCursor).toBeNull();
    const first = body.bookings.find((booking) => booking.user_profiles.email === 'grace@list.test');
    expect(first?.user_profiles).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@list.test',
    });
  });

  it('pages through more than the limit with the cursor: every booking exactly once, in order', async () => {
    const paged = await allPages('', 5);
    expect(paged.ids).toEqual(newestFirst);
    expect(paged.pages).toBe(3);
    expect(paged.totals).toEqual([13, 13, 13]);
    // A page size that ends inside the tie of three equal moments.
    expect((await allPages('', 4)).ids).toEqual(newestFirst);
    expect((await allPages('', 1)).ids).toEqual(newestFirst);
  });

  it('counts the matches with the first page only: the next pages carry that count, and add up to it', async () => {
    const first = (await list('?limit=5')).json<AdminBookingsResponse>();
    expect(first.total).toBe(13);
    // A booking made while the administrator pages: it is newer than the first page, so no later page shows it,
    // and a count made again would not match the pages any more.
    const [madeMeanwhile] = await seedBookings(testApp.app, [{ userId: grace.id, createdAt: new Date() }]);
    try {
      const second = (
        await list(`?limit=5&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)
      ).json<AdminBookingsResponse>();
      expect(second.total).toBe(13);
      expect(second.bookings.map((booking) => booking.id)).toEqual(newestFirst.slice(5, 10));
      // A new first page counts again.
      expect((await list('?limit=5')).json<AdminBookingsResponse>().total).toBe(14);
    } finally {
      await testApp.app.db.delete(bookings).where(eq(bookings.id, madeMeanwhile ?? 0));
    }
  });

  it('filters by status, service and the day booked (both ends included), alone or together', async () => {
    const expectIds = async (query: string, keep: (row: Seeded) => boolean) => {
      const expected = newestFirst.filter((id) => {
        const row = seeded.find((candidate) => candidate.id === id);
        return row !== undefined && keep(row);
      });
      expect(expected.length, query).toBeGreaterThan(0);
      const body = (await list(query)).json<AdminBookingsResponse>();
      expect(
        body.bookings.map((booking) => booking.id),
        query,
      ).toEqual(expected);
      expect(body.total, query).toBe(expected.length);
      expect((await allPages(query, 2)).ids, query).toEqual(expected);
    };
    const madeOn = (row: Seeded) => todayIn(zone, row.createdAt);
    await expectIds('?status=pending', (row) => row.status === 'pending');
    await expectIds('?status=all', () => true);
    await expectIds('?serviceId=2', (row) => row.serviceId === 2);
    await expectIds('?startDate=2022-06-03&endDate=2022-06-05', (row) => {
      const day = madeOn(row);
      return day >= '2022-06-03' && day <= '2022-06-05';
    });
    await expectIds('?startDate=2022-06-09', (row) => madeOn(row) >= '2022-06-09');
    await expectIds('?endDate=2022-06-02', (row) => madeOn(row) <= '2022-06-02');
    await expectIds(
      '?status=confirmed&serviceId=2&startDate=2022-06-01&endDate=2022-06-10',
      (row) => row.status === 'confirmed' && row.serviceId === 2,
    );
  });

  it.each([
    ['?status=done', 'status', adminMessages.statusInvalid],
    ['?serviceId=9999', 'serviceId', adminMessages.serviceUnknown],
    ['?serviceId=web', 'serviceId', adminMessages.serviceUnknown],
    ['?cursor=not%20a%20cursor', 'cursor', adminMessages.cursorInvalid],
    [`?cursor=${Buffer.from('b1:0').toString('base64url')}`, 'cursor', adminMessages.cursorInvalid],
    [`?cursor=${Buffer.from('{"id":3}').toString('base64url')}`, 'cursor', adminMessages.cursorInvalid],
    [
      '?startDate=2022-13-01',
      'startDate',
      'startDate must be a date from 1970-01-01 to 2999-12-31, written YYYY-MM-DD',
    ],
    ['?startDate=2022-06-05&endDate=2022-06-04', 'endDate', adminMessages.endBeforeStart],
  ])('refuses %s with 400 naming %s', async (query, path, msg) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: msg, errors: [{ path, msg }] });
  });

  it.each(['?limit=0', '?limit=101', '?limit=ten'])('refuses %s with 400', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('limit');
  });
});

describe('GET /api/bookings/admin/upcoming', () => {
  it('lists pending and confirmed bookings not yet started, soonest first', async () => {
    const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const made = new Date();
    const [past, later, sooner, cancelled, completed, soonest] = await seedBookings(testApp.app, [
      { userId: grace.id, createdAt: made, status: 'confirmed', startsAt: soon(-2), serviceId: 3 },
      { userId: grace.id, createdAt: made, status: 'confirmed', startsAt: soon(72), serviceId: 3 },
      { userId: mallory.id, createdAt: made, status: 'pending', startsAt: soon(48), serviceId: 3 },
      { userId: grace.id, createdAt: made, status: 'cancelled', startsAt: soon(30), serviceId: 3 },
      { userId: grace.id, createdAt: made, status: 'completed', startsAt: soon(31), serviceId: 3 },
      { userId: grace.id, createdAt: made, status: 'pending', startsAt: soon(24), serviceId: 3 },
    ]);
    const response = await api(testApp.app, 'GET', apiPaths.admin.upcoming, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<BookingsResponse>().bookings.map((booking) => booking.id);
    // The seeded list's own bookings start in 2040: after these.
    expect(ids.slice(0, 3)).toEqual([soonest, sooner, later]);
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(cancelled);
    expect(ids).not.toContain(completed);
    const two = await api(testApp.app, 'GET', `${apiPaths.admin.upcoming}?limit=2`, { cookie: admin.cookie });
    expect(two.json<BookingsResponse>().bookings.map((booking) => booking.id)).toEqual([soonest, sooner]);
    await testApp.app.db
      .delete(bookings)
      .where(inArray(bookings.id, [past, later, sooner, cancelled, completed, soonest].map(Number)));
  });
});

describe('GET /api/bookings/admin/export', () => {
  // The CSV's first line, written out as a spreadsheet user sees it: the contract, independent of the code's list.
  const header = (
    'confirmation_code,status,service,consultant,client_first_name,client_last_name,client_email,date,start_time,end_time,' +
    'time_zone,urgency,preferred_contact,total_cost,booked_at,project_description,additional_notes'
  ).split(',');

  function exportCsv(query = '') {
    return api(testApp.app, 'GET', `${apiPaths.admin.export}${query}`, { cookie: admin.cookie });
  }

  it('sends every matching booking as a CSV attachment, newest first, with a header row', async () => {
    const response = await exportCsv();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // RFC 4180, read strictly: CRLF after every record, quotes around whole fields, every record as wide.
    expect(response.body.endsWith('"\r\n')).toBe(true);
    const rows: string[][] = parse(response.body, {
      bom: true,
      record_delimiter: '\r\n',
      relax_quotes: false,
      relax_column_count: false,
    });
    expect(rows[0]).toEqual(header);
    const records = rows.slice(1);
    expect(records).toHaveLength(13);
    const codes = newestFirst.map((id) => `OT-2022-${String(id).padStart(3, '0')}`);
    expect(records.map((record) => record[0])).toEqual(codes);
  });

  it('quotes commas, quotes and new lines, and defuses cells a spreadsheet would run as formulas', async () => {
    const response = await exportCsv('?status=confirmed&serviceId=2&startDate=2022-06-10');
    const rows: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(rows).toHaveLength(1);
    const trickyId = seeded.at(-1)?.id ?? 0;
    expect(rows[0]).toEqual({
      confirmation_code: `OT-2022-${String(trickyId).padStart(3, '0')}`,
      status: 'confirmed',
      service: 'Database Architecture',
      // The seed's consultant of service 2.
      consultant: 'Daniel Ortiz',
      client_first_name: "'@Mallory",
      client_last_name: "'-Lory",
      client_email: 'mallory@list.test',
      date: '2041-03-04',
      start_time: '10:30 AM',
      end_time: '11:30 AM',
      time_zone: zone,
      urgency: 'normal',
      preferred_contact: 'email',
      total_cost: '375',
      // In the business time zone (the time_zone column), as a spreadsheet reads a date-time.
      booked_at: '2022-06-10 8 AM',
      project_description: tricky.description,
      additional_notes: `'${tricky.notes}`,
    });
    // What a spreadsheet reads: the fields that need it quoted, inner quotes doubled.
    expect(response.body).toContain('"Needs ""quotes"", commas, and\na new line in the description."');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('applies the filters of the list, and refuses the same bad ones', async () => {
    const cancelled = await exportCsv('?status=cancelled');
    const rows: Record<string, string>[] = parse(cancelled.body, { bom: true, columns: true });
    const expected = newestFirst.filter((id) => seeded.find((row) => row.id === id)?.status === 'cancelled');
    expect(rows.map((row) => row.confirmation_code)).toEqual(
      expected.map((id) => `OT-2022-${String(id).padStart(3, '0')}`),
    );
    expect(rows.every((row) => row.status === 'cancelled')).toBe(true);
    const none = await exportCsv('?startDate=2030-01-01');
    expect(parse(none.body, { bom: true })).toEqual([header]);
    const unknown = await exportCsv('?serviceId=9999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: adminMessages.serviceUnknown });
  });
});
