// GET /api/admin/counts: what waits for the firm, beside Bookings and Messages in the admin navigation
// (docs/product.md#administration). Who may call it is in admin-access.test.ts.
import { type AdminCountsResponse, apiPaths } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin } from './fixtures.ts';

let testApp: TestApp;
let admin: Client;
let client: Client;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'chief@counts.test');
  client = await signedInClient(testApp, 'client@counts.test');
});
afterAll(async () => {
  await testApp?.close();
});

async function counts(): Promise<AdminCountsResponse> {
  const response = await api(testApp.app, 'GET', apiPaths.admin.counts, { cookie: admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCountsResponse>();
}

function message(subject: string, answeredAt: Date | null) {
  return {
    name: 'Grace Hopper',
    email: 'grace@counts.test',
    subject,
    message: 'A message written for the counts test.',
    answeredAt,
  };
}

describe('GET /api/admin/counts', () => {
  it('counts only pending bookings and only unanswered messages, and follows their changes', async () => {
    expect(await counts()).toEqual({ pendingBookings: 0, unansweredMessages: 0 });

    const now = new Date();
    const past = new Date(Date.UTC(2020, 0, 6, 17));
    const [pendingId = 0] = await seedBookings(testApp.app, [
      { userId: client.id, createdAt: now, status: 'pending' },
      // A pending booking whose time has passed still waits for the firm.
      { userId: client.id, createdAt: past, status: 'pending', startsAt: past },
      { userId: client.id, createdAt: now, status: 'confirmed' },
      { userId: client.id, createdAt: now, status: 'completed' },
      { userId: client.id, createdAt: now, status: 'cancelled' },
    ]);
    const [waiting] = await testApp.app.db
      .insert(contactMessages)
      .values([message('Waiting', null), message('Also waiting', null), message('Answered', now)])
      .returning({ id: contactMessages.id });
    expect(await counts()).toEqual({ pendingBookings: 2, unansweredMessages: 2 });

    const confirmed = await api(
      testApp.app,
      'PUT',
      apiPaths.admin.status(pendingId),
      { cookie: admin.cookie },
      { status: 'confirmed' },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answered = await api(
      testApp.app,
      'PUT',
      apiPaths.contact.adminMessage(waiting?.id ?? 0),
      { cookie: admin.cookie },
      { answered: true },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await counts()).toEqual({ pendingBookings: 1, unansweredMessages: 1 });
  });
});
