import {
  type AdminReview,
  type AdminReviewsResponse,
  accountMessages,
  apiPaths,
  type BookingStatus,
  bookingMessages,
  type MyBookingsResponse,
  messages,
  reviewMessages,
  type Service,
  type ServiceReviewsResponse,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.ts';
import { seedBookings, signedInAdmin } from '../admin/fixtures.ts';
import { type Client, signedInClient } from '../bookings/clients.ts';
import { api, type Caller } from '../helpers/accounts.ts';
import { buildTestApp, secondApp, type TestApp } from '../helpers/build-test-app.ts';

let testApp: TestApp;
let admin: Client;
let owner: Client;
let other: Client;
let nameless: Client;

beforeAll(async () => {
  // Many writes from few accounts: the write rate limit is not what these tests are about.
  testApp = await buildTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signedInAdmin(testApp, 'office@reviews.test');
  owner = await signedInClient(testApp, 'owner@reviews.test', { firstName: 'Grace', lastName: 'hopper' });
  other = await signedInClient(testApp, 'other@reviews.test', { firstName: 'Alan', lastName: 'Turing' });
  nameless = await signedInClient(testApp, 'nameless@reviews.test', null);
});
afterAll(async () => {
  await testApp?.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, caller: Caller, body?: object) {
  return api(testApp.app, method, url, caller, body);
}

const as = (client: Client): Caller => ({ cookie: client.cookie });

/** A booking of `client` in `status` (written straight to the database, as an administrator's changes leave it). */
async function booking(client: Client, status: BookingStatus = 'completed', serviceId = 1): Promise<number> {
  const [id] = await seedBookings(testApp.app, [
    { userId: client.id, status, serviceId, createdAt: new Date() },
  ]);
  if (id === undefined) throw new Error('no booking');
  return id;
}

async function review(client: Client, bookingId: number, body: object = { rating: 5 }) {
  return send('POST', apiPaths.reviews.review(bookingId), as(client), body);
}

async function reviewed(client: Client, serviceId: number, rating: number, comment?: string) {
  const response = await review(client, await booking(client, 'completed', serviceId), { rating, comment });
  expect(response.statusCode, response.body).toBe(201);
}

let serviceCounter = 0;
/** A service of its own, so that its figures start from nothing. */
async function freshService(): Promise<number> {
  serviceCounter += 1;
  const response = await send('POST', apiPaths.catalogue.adminServices, as(admin), {
    name: `Reviewed Service ${serviceCounter}`,
    category: 'it-consulting',
    hourly_rate: 100,
    duration: 60,
    description: 'A service the review tests rate.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ service: Service }>().service.id;
}

async function publicReviews(serviceId: number, query = '') {
  const response = await send('GET', `${apiPaths.reviews.serviceReviews(serviceId)}${query}`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ServiceReviewsResponse>();
}

async function catalogueRating(serviceId: number, app: FastifyInstance = testApp.app) {
  const list = (await api(app, 'GET', apiPaths.catalogue.services)).json<{ services: Service[] }>().services;
  return list.find((service) => service.id === serviceId)?.rating;
}

async function adminReviewOf(serviceId: number): Promise<AdminReview> {
  const response = await send('GET', `${apiPaths.reviews.adminReviews}?limit=100`, as(admin));
  const found = response.json<AdminReviewsResponse>().reviews.find((item) => item.service_id === serviceId);
  if (!found) throw new Error('no review of that service');
  return found;
}

/** A review for the admin routes' access checks (of service 1, written by the first test). */
let reviewIdForAccess = 0;

describe('who may', () => {
  it('POST /api/bookings/{id}/review: signed out 401, another client or an administrator 404, the owner 201', async () => {
    const id = await booking(owner);
    const signedOut = await send('POST', apiPaths.reviews.review(id), {}, { rating: 5 });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: accountMessages.noActiveSession });
    for (const stranger of [other, admin]) {
      const refused = await review(stranger, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: bookingMessages.bookingNotFound });
    }
    const ok = await review(owner, id, { rating: 4, comment: 'Clear advice.' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ review: { rating: 4, comment: 'Clear advice.' } });
  });

  it('GET /api/services/{id}/reviews: anyone, signed in or not', async () => {
    for (const caller of [{}, as(other), as(owner), as(admin)]) {
      expect((await send('GET', apiPaths.reviews.serviceReviews(1), caller)).statusCode).toBe(200);
    }
  });

  it.each([
    ['GET /api/admin/reviews', 'GET', (): string => apiPaths.reviews.adminReviews, undefined],
    [
      'PUT /api/admin/reviews/{id}',
      'PUT',
      (): string => apiPaths.reviews.adminReview(reviewIdForAccess),
      { hidden: false },
    ],
  ] as const)(
    '%s: signed out 401, a client (even the author) 403, an administrator 200',
    async (_name, method, url, body) => {
      reviewIdForAccess ||= (await adminReviewOf(1)).id;
      const signedOut = await send(method, url(), {}, body);
      expect(signedOut.statusCode).toBe(401);
      for (const client of [other, owner]) {
        const refused = await send(method, url(), as(client), body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: accountMessages.adminRequired });
      }
      const ok = await send(method, url(), as(admin), body);
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );
});

describe('POST /api/bookings/{id}/review', () => {
  it('takes one review a booking: a second is a 409 with a clear message, and the first stays', async () => {
    const id = await booking(owner);
    expect((await review(owner, id, { rating: 2 })).statusCode).toBe(201);
    const again = await review(owner, id, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: reviewMessages.alreadyReviewed });
    const rows = await testApp.app.db.select().from(reviews).where(eq(reviews.bookingId, id));
    expect(rows.map((row) => row.rating)).toEqual([2]);
  });

  it.each(['pending', 'confirmed', 'cancelled'] as const)('refuses a %s booking with 409', async (status) => {
    const response = await review(owner, await booking(owner, status));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: reviewMessages.onlyCompleted });
  });

  it('answers 404 for an id no booking has', async () => {
    const response = await review(owner, 2_000_000_000);
    expect(response.statusCode).toBe(404);
  });

  it('shows the review on the owner’s My Bookings card, and null where there is none', async () => {
    const done = await booking(owner);
    const open = await booking(owner, 'confirmed');
    await review(owner, done, { rating: 3, comment: 'Line one\r\nLine two' });
    const page = (
      await send('GET', '/api/bookings/my-bookings?limit=100', as(owner))
    ).json<MyBookingsResponse>();
    const byId = new Map(page.bookings.map((item) => [item.id, item]));
    expect(byId.get(done)?.review).toEqual({ rating: 3, comment: 'Line one\nLine two' });
    expect(byId.get(open)?.review).toBeNull();
  });

  it("records the review in the booking's history, as done by its client", async () => {
    const done = await booking(owner);
    await review(owner, done, { rating: 4 });
    const detail = (await send('GET', `/api/bookings/${done}`, as(owner))).json<{
      history: { type: string; by: string }[];
    }>();
    expect(detail.history.at(-1)).toMatchObject({ type: 'reviewed', by: 'client' });
  });

  it('keeps no comment when it is left out or blank', async () => {
    const id = await booking(owner);
    const response = await review(owner, id, { rating: 5, comment: '   ' });
    expect(response.json()).toEqual({ review: { rating: 5, comment: null } });
  });

  const long = 'x'.repeat(2001);
  it.each([
    ['no rating', {}, 'rating', reviewMessages.ratingRequired],
    ['a rating of 0', { rating: 0 }, 'rating', reviewMessages.ratingInvalid],
    ['a rating of 6', { rating: 6 }, 'rating', reviewMessages.ratingInvalid],
    ['half a star', { rating: 4.5 }, 'rating', reviewMessages.ratingInvalid],
    ['a rating as text', { rating: '5' }, 'rating', reviewMessages.ratingInvalid],
    [
      'a comment too long',
      { rating: 5, comment: long },
      'comment',
      'Comment must be at most 2000 characters',
    ],
    [
      'a comment with NUL',
      { rating: 5, comment: 'Good\u0000work' },
      'comment',
      'Comment must not contain control characters other than tabs and line breaks',
    ],
    [
      'a comment with a lone surrogate',
      { rating: 5, comment: 'Good \ud800' },
      'comment',
      'Comment contains characters that are not valid text',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, body, path, msg) => {
    const id = await booking(owner);
    const response = await review(owner, id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: msg, errors: [{ path, msg }] });
    expect(await testApp.app.db.select().from(reviews).where(eq(reviews.bookingId, id))).toEqual([]);
  });

  it('takes a comment of exactly 2,000 characters over several lines', async () => {
    const comment = `${'a'.repeat(999)}\n${'b'.repeat(1000)}`;
    const response = await review(owner, await booking(owner), { rating: 5, comment });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('GET /api/services/{id}/reviews', () => {
  it('names authors by first name and last initial, or "A client" without a profile; newest first', async () => {
    const service = await freshService();
    await reviewed(owner, service, 5, 'First');
    await reviewed(nameless, service, 3);
    const { reviews: list, summary, nextCursor } = await publicReviews(service);
    expect(list.map(({ author, rating, comment }) => ({ author, rating, comment }))).toEqual([
      { author: reviewMessages.anonymousAuthor, rating: 3, comment: null },
      { author: 'Grace H.', rating: 5, comment: 'First' },
    ]);
    expect(summary).toEqual({ average: 4, count: 2 });
    expect(nextCursor).toBeNull();
    // No e-mail address, no ids: only what the page shows.
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['author', 'comment', 'created_at', 'rating']);
  });

  it('pages by cursor, each review once, the summary counting all of them', async () => {
    const service = await freshService();
    for (const rating of [5, 4, 5, 3, 5]) await reviewed(owner, service, rating);
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: ServiceReviewsResponse = await publicReviews(
        service,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.summary).toEqual({ average: 4.4, count: 5 });
      seen.push(...page.reviews.map((item) => item.rating));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([5, 3, 5, 4, 5]);
  });

  it('gives ten a page unless asked', async () => {
    const service = await freshService();
    for (let index = 0; index < 11; index += 1) await reviewed(other, service, 4);
    const first = await publicReviews(service);
    expect(first.reviews).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
  });

  it.each(['?limit=0', '?limit=51', '?limit=abc', '?cursor=nonsense', '?cursor=cjE6MA'])(
    'refuses bad paging with 400: %s',
    async (query) => {
      const response = await send('GET', `${apiPaths.reviews.serviceReviews(1)}${query}`, {});
      expect(response.statusCode, response.body).toBe(400);
    },
  );

  it('answers an unknown service with 404, and a service without reviews with an empty page', async () => {
    const unknown = await send('GET', apiPaths.reviews.serviceReviews(999_999), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.serviceNotFound });
    const service = await freshService();
    expect(await publicReviews(service)).toEqual({
      reviews: [],
      summary: { average: 0, count: 0 },
      nextCursor: null,
    });
  });
});

describe('the catalogue’s figures and hidden reviews', () => {
  it('gives a service no rating before its first review, then the average to one decimal and the count', async () => {
    const service = await freshService();
    expect(await catalogueRating(service)).toBeNull();
    for (const rating of [5, 5, 4]) await reviewed(owner, service, rating);
    expect(await catalogueRating(service)).toEqual({ average: 4.7, count: 3 });
    const detail = await api(testApp.app, 'GET', apiPaths.catalogue.service(service));
    expect(detail.json<{ service: Service }>().service.rating).toEqual({ average: 4.7, count: 3 });
  });

  it('leaves a hidden review out of the list, the summary and the catalogue; showing it brings it back', async () => {
    const service = await freshService();
    await reviewed(owner, service, 5, 'Kept');
    await reviewed(other, service, 1, 'Something that should not be public');
    const offending = await adminReviewOf(service);
    expect(offending).toMatchObject({
      rating: 1,
      hidden: false,
      author: 'Alan T.',
      author_email: other.email,
    });

    const hide = await send('PUT', apiPaths.reviews.adminReview(offending.id), as(admin), { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json<{ review: AdminReview }>().review).toMatchObject({ id: offending.id, hidden: true });
    const hidden = await publicReviews(service);
    expect(hidden.reviews.map((item) => item.comment)).toEqual(['Kept']);
    expect(hidden.summary).toEqual({ average: 5, count: 1 });
    expect(await catalogueRating(service)).toEqual({ average: 5, count: 1 });
    // The administrators still see it, marked.
    expect((await adminReviewOf(service)).hidden).toBe(true);
    // Its author still sees their own rating on My Bookings.
    const mine = (
      await send('GET', '/api/bookings/my-bookings?limit=100', as(other))
    ).json<MyBookingsResponse>();
    expect(mine.bookings.find((item) => item.id === offending.booking_id)?.review?.rating).toBe(1);

    await send('PUT', apiPaths.reviews.adminReview(offending.id), as(admin), { hidden: false });
    expect((await publicReviews(service)).summary).toEqual({ average: 3, count: 2 });
    expect(await catalogueRating(service)).toEqual({ average: 3, count: 2 });
  });

  it('hides a service’s only review: the service has no rating again', async () => {
    const service = await freshService();
    await reviewed(owner, service, 2);
    const only = await adminReviewOf(service);
    await send('PUT', apiPaths.reviews.adminReview(only.id), as(admin), { hidden: true });
    expect(await catalogueRating(service)).toBeNull();
  });

  it('PUT /api/admin/reviews/{id}: 404 for an unknown review, 400 for a body that is not { hidden: boolean }', async () => {
    const unknown = await send('PUT', apiPaths.reviews.adminReview(999_999), as(admin), { hidden: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: reviewMessages.reviewNotFound });
    const bad = await send('PUT', apiPaths.reviews.adminReview(1), as(admin), { hidden: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: reviewMessages.hiddenInvalid });
  });

  it('GET /api/admin/reviews pages newest first, every review once, with its service name', async () => {
    const service = await freshService();
    await reviewed(owner, service, 4);
    const seen = new Set<number>();
    let cursor: string | null = '';
    let first: AdminReview | undefined;
    while (cursor !== null) {
      const response = await send(
        'GET',
        `${apiPaths.reviews.adminReviews}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        as(admin),
      );
      const page: AdminReviewsResponse = response.json();
      first ??= page.reviews[0];
      for (const item of page.reviews) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = page.nextCursor;
    }
    expect(seen.size).toBe((await testApp.app.db.select().from(reviews)).length);
    expect(first).toMatchObject({ service_id: service, service_name: `Reviewed Service ${serviceCounter}` });
    const tooMany = await send('GET', `${apiPaths.reviews.adminReviews}?limit=101`, as(admin));
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('several server processes', () => {
  async function within(ms: number, check: () => Promise<boolean>) {
    const startedAt = Date.now();
    while (!(await check())) {
      expect(Date.now() - startedAt).toBeLessThan(ms);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('a review written, then hidden, through one app changes the figures the other serves within a second', async () => {
    const service = await freshService();
    const otherApp = await secondApp(testApp);
    try {
      expect(await catalogueRating(service, otherApp.app)).toBeNull();
      await reviewed(owner, service, 4);
      await within(1000, async () => (await catalogueRating(service, otherApp.app))?.count === 1);
      const written = await adminReviewOf(service);
      await send('PUT', apiPaths.reviews.adminReview(written.id), as(admin), { hidden: true });
      await within(1000, async () => (await catalogueRating(service, otherApp.app)) === null);
    } finally {
      await otherApp.close();
    }
  });
});
