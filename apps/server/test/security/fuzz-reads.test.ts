// A 500 is a bug on reads too: every GET route of the API the app registers gets generated odd queries (calendar
// edges, far dates, odd strings, deeply nested keys and values, repeated keys) and odd path ids, and must answer
// each with a 4xx (or a success), never a 5xx. The routes are read from the app as it registers them, so a new one
// is fuzzed without being listed. Every date a query takes is refused outside the days the product computes with.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { apiPaths, calendarBounds } from '@portal/domain';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalEndpoints } from '../../src/modules/accounts/library.routes.ts';
import { signedInAdmin } from '../admin/fixtures.ts';
import { freshIp } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp, testDriver } from '../helpers/build-test-app.ts';

/** Generated queries per route; fewer on PostgreSQL, whose engine PGlite's run already met (as in fuzz.test.ts). */
const runsPerRoute = testDriver === 'postgres' ? 15 : 40;

interface ReadRoute {
  /** As registered: `/api/bookings/:id`. */
  url: string;
  /** The query's fields, from the route's schema. */
  queryKeys: string[];
}

const reads: ReadRoute[] = [];

function queryKeysOf(route: RouteOptions): string[] {
  const query: unknown = route.schema?.querystring;
  if (typeof query !== 'object' || query === null || !('shape' in query)) return [];
  const { shape } = query;
  return typeof shape === 'object' && shape !== null ? Object.keys(shape) : [];
}

function collectReads(route: RouteOptions): void {
  if (![route.method].flat().includes('GET') || !route.url.startsWith('/api')) return;
  if (route.url === `${apiPaths.accounts.library}/*`) {
    // The accounts library's wildcard: the GET endpoints it lets through take a token and where to go next.
    for (const endpoint of portalEndpoints)
      if (endpoint.startsWith('GET '))
        reads.push({ url: endpoint.slice(4), queryKeys: ['token', 'callbackURL'] });
  } else reads.push({ url: route.url, queryKeys: queryKeysOf(route) });
}

function watchRoutes(message: unknown): void {
  (message as { fastify?: FastifyInstance }).fastify?.addHook('onRoute', collectReads);
}

let testApp: TestApp;
let adminCookie = '';
beforeAll(async () => {
  subscribe('fastify.initialization', watchRoutes);
  try {
    testApp = await buildTestApp();
  } finally {
    unsubscribe('fastify.initialization', watchRoutes);
  }
  adminCookie = (await signedInAdmin(testApp, 'fuzz-reads-admin@security.test')).cookie;
});
afterAll(async () => {
  await testApp?.close();
});

/** Dates and instants at the edges of calendars and of what a computer can hold. */
const calendarEdges = [
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '1970-01-01',
  calendarBounds.last,
  '3000-01-01',
  '2024-02-29',
  '2025-02-29',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '+275760-09-13',
  '-000001-01-01',
  '2026-03-08T02:30:00',
  '2026-11-01T01:30:00-05:00',
  '9999-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
];
const oddQueryValues = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...calendarEdges) },
  fc.constantFrom('', ' ', '\u0000', '\ud800', '__proto__', 'x'.repeat(5000), '-1', '1e308', 'NaN', '1.5'),
  fc.constantFrom(`${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`),
  fc.integer().map(String),
  fc.string({ maxLength: 20 }),
);

/** Every byte but the unreserved characters percent-encoded (lone surrogates as UTF-8's replacement). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const character = String.fromCharCode(byte);
      return /[\w.~-]/.test(character) ? character : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`;
    })
    .join('');
}

/** A query string: some of the route's own fields with odd values, perhaps a deep key, perhaps a field twice. */
function oddQuery(keys: string[]) {
  const own = fc.array(
    fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q'), oddQueryValues),
    { maxLength: 4 },
  );
  const deepKey = fc.constantFrom([], [[`a${'[b]'.repeat(2000)}`, '1']], [['__proto__[polluted]', 'yes']]);
  return fc
    .tuple(own, deepKey)
    .map(([pairs, extra]) =>
      [...pairs, ...extra].map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'),
    );
}

const pathIds = fc.constantFrom('1', '0', '-1', '99999999999999999999', 'abc', '%00', '..%2F..', '__proto__');

function withIds(url: string, id: string): string {
  return url.replace(/:[A-Za-z]+/g, id).replace('*', id);
}

function get(url: string) {
  return testApp.app.inject({ url, remoteAddress: freshIp(), headers: { cookie: adminCookie } });
}

/** Query fields that are calendar days (a consultant's range is `from` and `to`). */
const isDateKey = (key: string) => key === 'date' || key.endsWith('Date') || key === 'from' || key === 'to';

describe('every GET route under generated odd queries', () => {
  it('finds the API GET routes, the admin filters among them', () => {
    const urls = reads.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([apiPaths.admin.stats, apiPaths.admin.export, apiPaths.accounts.userStats]),
    );
  });

  // Every GET route in one test (the routes are known only once the app is built): a budget for many more of them.
  it('never answers 5xx', async () => {
    for (const route of reads) {
      await fc.assert(
        fc.asyncProperty(pathIds, oddQuery(route.queryKeys), async (id, query) => {
          const response = await get(`${withIds(route.url, id)}?${query}`);
          expect(
            response.statusCode,
            `${route.url}?${query.slice(0, 200)}: ${response.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(response.body).not.toMatch(/\n\s+at |node_modules|\/src\/|\.ts:\d/);
        }),
        { numRuns: runsPerRoute },
      );
    }
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  }, 240_000);

  it('refuses a date outside the days the product computes with, naming the field, on every filter', async () => {
    const dated = reads.filter((route) => route.queryKeys.some(isDateKey));
    expect(dated.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        apiPaths.admin.stats,
        apiPaths.admin.all,
        apiPaths.admin.export,
        apiPaths.accounts.userStats,
        apiPaths.consultants.ownBookings,
      ]),
    );
    for (const route of dated) {
      for (const key of route.queryKeys.filter(isDateKey)) {
        for (const far of ['9999-12-31', '3000-01-01', '1969-12-31', '0001-01-01']) {
          const response = await get(`${withIds(route.url, '1')}?${key}=${far}`);
          expect(response.statusCode, `${route.url}?${key}=${far}: ${response.body}`).toBe(400);
          const fields = (response.json().errors ?? []).map((error: { path: string }) => error.path);
          expect(fields, `${route.url}?${key}=${far}`).toContain(key);
        }
        // The last day of the range is answered (or refused by a rule of its own), never a 5xx.
        const last = await get(`${withIds(route.url, '1')}?${key}=${calendarBounds.last}`);
        expect(last.statusCode, `${route.url}: ${last.body}`).toBeLessThan(500);
      }
    }
  });
});
