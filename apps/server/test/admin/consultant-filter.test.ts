// All Bookings by consultant (docs/product.md#administration): `consultantId` narrows the admin list and the CSV
// export alike, retired consultants' bookings included; an unknown or malformed id is a 400 naming it.
import { adminMessages, apiPaths } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { seedBookings, signedInAdmin } from './fixtures.ts';

let testApp: TestApp;
let admin: Client;
let ada: Client;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signedInAdmin(testApp, 'office@consultant-filter.test');
  ada = await signedInClient(testApp, 'ada@consultant-filter.test');
});
afterAll(async () => {
  await testApp?.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  api(testApp.app, method, url, { cookie: admin.cookie }, body);

async function newConsultant(name: string, active = true): Promise<number> {
  const response = await asAdmin('POST', apiPaths.consultants.admin, {
    name,
    email: `${name.toLowerCase().replaceAll(' ', '.')}@consultant-filter.test`,
    serviceIds: [1],
  });
  expect(response.statusCode, response.body).toBe(201);
  const id: number = response.json().consultant.id;
  if (!active) {
    const retire = await asAdmin('PUT', apiPaths.consultants.adminConsultant(id), {
      name,
      email: `${name.toLowerCase().replaceAll(' ', '.')}@consultant-filter.test`,
      serviceIds: [1],
      active: false,
    });
    expect(retire.statusCode, retire.body).toBe(200);
  }
  return id;
}

describe('the consultantId filter of All Bookings', () => {
  it("lists and exports only that consultant's bookings, a retired one's too", async () => {
    const nora = await newConsultant('Nora Quinn');
    const omar = await newConsultant('Omar Haddad', false);
    const now = new Date();
    const [noraFirst, omarOnly, noraSecond] = await seedBookings(testApp.app, [
      { userId: ada.id, createdAt: now, consultantId: nora },
      { userId: ada.id, createdAt: now, consultantId: omar, status: 'completed' },
      { userId: ada.id, createdAt: now, consultantId: nora, status: 'confirmed' },
    ]);
    // One of the seed's own consultant, which neither filter may show.
    await seedBookings(testApp.app, [{ userId: ada.id, createdAt: now }]);

    const list = await asAdmin('GET', `${apiPaths.admin.all}?consultantId=${nora}`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ bookings: { id: number; consultant: { id: number } }[]; total: number }>();
    expect(listed.bookings.map((booking) => booking.id).sort()).toEqual([noraFirst, noraSecond].sort());
    expect(listed.total).toBe(2);
    expect(listed.bookings.every((booking) => booking.consultant.id === nora)).toBe(true);

    // With the other filters: Omar's completed one only under 'completed'.
    const retired = await asAdmin('GET', `${apiPaths.admin.all}?consultantId=${omar}&status=completed`);
    expect(retired.json().bookings.map((booking: { id: number }) => booking.id)).toEqual([omarOnly]);

    const csv = await asAdmin('GET', `${apiPaths.admin.export}?consultantId=${nora}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.consultant)).toEqual(['Nora Quinn', 'Nora Quinn']);
  });

  it('answers an unknown or malformed consultant with a 400 naming consultantId, on the list and the export', async () => {
    for (const url of [apiPaths.admin.all, apiPaths.admin.export]) {
      for (const value of ['999999', 'abc', '-1', '1.5']) {
        const response = await asAdmin('GET', `${url}?consultantId=${value}`);
        expect(response.statusCode, `${url} ${value}`).toBe(400);
        expect(response.json().errors).toEqual([
          { path: 'consultantId', msg: adminMessages.consultantUnknown },
        ]);
      }
    }
  });

  it('is for administrators only', async () => {
    const anonymous = await api(testApp.app, 'GET', `${apiPaths.admin.all}?consultantId=1`);
    expect(anonymous.statusCode).toBe(401);
    const client = await api(testApp.app, 'GET', `${apiPaths.admin.all}?consultantId=1`, {
      cookie: ada.cookie,
    });
    expect(client.statusCode).toBe(403);
  });
});
