// A path is judged as the router routes it: a disguised spelling of an API path (percent-encoded letters, dot
// segments, doubled slashes, another case of /api) is refused before any hook, so that the forged-write guard,
// no-store and the log's redaction, which test the path's prefix, can never be walked around.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCanonicalPath } from '../../src/lib/request-path.ts';
import { redactTokens } from '../../src/plugins/logging.ts';
import { signedInClient } from '../bookings/clients.ts';
import { api } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let testApp: TestApp;
let port = 0;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: capture });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await testApp?.close();
});

/** A request sent over HTTP with its path exactly as written (an injected one would be normalised first). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          text += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Ways to write `/api/<rest>` that the router, or a proxy in front of it, would read as that path. */
function disguises(rest: string): string[] {
  return [
    `/%61pi/${rest}`,
    `/%41%50%49/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api/%2e/${rest}`,
    `/api/x/%2E%2E/${rest}`,
    `/api/${rest.replace(/^(.)/, (letter: string) => `%${letter.charCodeAt(0).toString(16)}`)}`,
  ];
}

describe('a disguised path', () => {
  it('is told apart from the plain one', () => {
    for (const path of disguises('auth/profile')) expect(isCanonicalPath(path), path).toBe(false);
    for (const path of [
      '/api/auth/profile',
      '/',
      '/services/3',
      '/api/services?q=%61..//',
      '/caf%C3%A9',
      '/a/',
    ])
      expect(isCanonicalPath(path), path).toBe(true);
  });

  it('cannot write: a forged profile change under any spelling is refused and changes nothing', async () => {
    const client = await signedInClient(testApp, 'ada@paths.test', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    for (const path of disguises('auth/profile')) {
      const answer = await send(
        'PUT',
        path,
        { cookie: client.cookie, origin: 'https://evil.example' },
        { firstName: 'Mallory', lastName: 'Forged' },
      );
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual({ message: messages.pathNotCanonical });
    }
    const profile = await api(testApp.app, 'GET', '/api/auth/profile', { cookie: client.cookie });
    expect(profile.json().user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    // The plain spelling meets the forged-write guard.
    const forged = await send(
      'PUT',
      '/api/auth/profile',
      { cookie: client.cookie, origin: 'https://evil.example' },
      { firstName: 'Mallory', lastName: 'Forged' },
    );
    expect(forged.status).toBe(403);
  });

  it('cannot read an answer a cache would keep: only the plain spelling answers, and with no-store', async () => {
    const client = await signedInClient(testApp, 'grace@paths.test', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    for (const path of disguises('auth/profile')) {
      const answer = await send('GET', path, { cookie: client.cookie });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).not.toContain('Grace');
    }
    const plain = await send('GET', '/api/auth/profile', { cookie: client.cookie });
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it('cannot reach the calendar feed, and its token never reaches the log', async () => {
    const client = await signedInClient(testApp, 'hedy@paths.test');
    const profile = await api(testApp.app, 'GET', '/api/auth/profile', { cookie: client.cookie });
    const feedPath = new URL(profile.json().user.calendar_feed_url).pathname;
    const token = feedPath.slice('/api/calendar/'.length, -'.ics'.length);
    lines.length = 0;
    for (const path of disguises(feedPath.slice('/api/'.length))) {
      expect((await send('GET', path, {})).status, path).toBe(400);
    }
    expect((await send('GET', feedPath, {})).status).toBe(200);
    const logged = lines.join('');
    expect(logged).toContain('request completed');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(1));
  });

  it('is logged as the router reads it, tokens redacted however they are spelled', () => {
    expect(redactTokens('/%61pi/calendar/abc.ics')).toBe('/api/calendar/[redacted]');
    expect(redactTokens('/API//calendar/abc.ics')).toBe('/api/calendar/[redacted]');
    expect(redactTokens('/api/identity/verify-email?%74oken=abc')).toBe(
      '/api/identity/verify-email?token=[redacted]',
    );
    // A reminder's signed calendar link: the signature is its credential.
    expect(redactTokens('/api/bookings/7/calendar.ics?expires=1800000000&signature=abc-_')).toBe(
      '/api/bookings/7/calendar.ics?expires=1800000000&signature=[redacted]',
    );
  });
});
