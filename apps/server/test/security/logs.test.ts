// The logs hold no personal data and no secrets: a failed query is logged by its code and constraint, never with
// its parameters; sign-in and session cookies, passwords and tokens never appear.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../src/db/schema.ts';
import { signedInClient } from '../bookings/clients.ts';
import { api, identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: capture,
    prepare: (app) => {
      // A query that fails in the database with a person's name among its parameters (no such account).
      app.post('/api/test/failing-query', async () => {
        await app.db
          .insert(userProfiles)
          .values({ userId: 'no-such-account', firstName: 'Hedwig-Personal', lastName: 'Kiesler-Personal' });
      });
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('the logs', () => {
  it('log a failed query by its code and constraint, not its parameters', async () => {
    lines.length = 0;
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/failing-query' });
    expect(response.statusCode).toBe(500);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({ code: '23503', constraint: 'user_profiles_user_id_users_id_fk' });
    const logged = lines.join('');
    expect(logged).not.toContain('Hedwig-Personal');
    expect(logged).not.toContain('Kiesler-Personal');
    expect(logged).not.toContain('no-such-account');
  });

  it('hold neither the password, the session token, the calendar feed token nor the profile of someone who signs in', async () => {
    lines.length = 0;
    const email = 'marie.curie@logs.test';
    const client = await signedInClient(testApp, email, { firstName: 'Marie-Personal', lastName: 'Curie' });
    const token = /portal\.session_token=([^;]+)/.exec(client.cookie)?.[1];
    expect(token).toBeTruthy();
    const profile = await api(testApp.app, 'GET', '/api/auth/profile', { cookie: client.cookie });
    await identity(testApp.app, 'GET', '/get-session', undefined, { cookie: client.cookie });
    // The calendar feed's token is its URL's only credential.
    const feed = new URL(profile.json().user.calendar_feed_url).pathname;
    expect((await testApp.app.inject(feed)).statusCode).toBe(200);
    const logged = lines.join('');
    expect(logged).toContain('"url":"/api/calendar/[redacted]"');
    expect(logged).not.toContain(feed.slice('/api/calendar/'.length, -'.ics'.length));
    expect(lines.length).toBeGreaterThan(0);
    expect(logged).not.toContain('booking-tests-password');
    expect(logged).not.toContain(decodeURIComponent(token ?? '').split('.')[0]);
    expect(logged).not.toContain('Marie-Personal');
  });
});
