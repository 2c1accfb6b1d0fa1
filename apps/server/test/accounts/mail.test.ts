import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { identity } from '../helpers/accounts.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { linkIn, type MailCapture, startMailCapture } from '../helpers/mail-capture.ts';
import { freePort } from '../helpers/ports.ts';

let testApp: TestApp | undefined;
let capture: MailCapture | undefined;
afterEach(async () => {
  await testApp?.close();
  await capture?.close();
  testApp = undefined;
  capture = undefined;
});

describe('the mail outbox', () => {
  it('keeps a message while the SMTP server is down and delivers it once the server is up', async () => {
    const port = await freePort();
    testApp = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      mail: { pollIntervalMs: 50, retryBaseMs: 100, retryCapMs: 400 },
    });
    const signUp = await identity(testApp.app, 'POST', '/sign-up/email', {
      email: 'late@example.com',
      password: 'patient-person',
    });
    expect(signUp.statusCode).toBe(200); // the request never waits on SMTP

    // Let delivery fail a few times.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = await testApp.app.database.db.query.outbox.findMany();
      const row = rows[0];
      if (row && row.attempts >= 2 && row.status === 'pending') {
        expect(row.lastError).toBeTruthy();
        break;
      }
      if (Date.now() > deadline) throw new Error('the worker did not retry');
      await new Promise((done) => setTimeout(done, 50));
    }

    capture = await startMailCapture(port);
    const message = await capture.waitFor('late@example.com', { timeoutMs: 10_000 });
    expect(linkIn(message, '/verify-email')).toContain('token=');
    // The worker records the delivery once the SMTP server has answered, a moment after the message arrived.
    const sent = async () => (await testApp?.app.database.db.query.outbox.findMany())?.[0];
    await expect.poll(async () => (await sent())?.status, { timeout: 5_000 }).toBe('sent');
    expect((await sent())?.sentAt).toBeInstanceOf(Date);
  });
});

describe('the dev mailbox', () => {
  it('lists the messages at /dev/mail with clickable links, and the latest one per address as JSON', async () => {
    const logged: string[] = [];
    testApp = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      mail: { pollIntervalMs: 50 },
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    });
    await identity(testApp.app, 'POST', '/sign-up/email', {
      email: 'dev@example.com',
      password: 'local-only-pass',
    });

    const latest = await testApp.app.inject('/dev/mail/latest?to=DEV@example.com');
    expect(latest.statusCode).toBe(200);
    const body = latest.json();
    expect(body).toMatchObject({ to: 'dev@example.com', subject: expect.stringContaining('Verify') });
    const link: string = body.links[0];
    expect(link).toContain('/api/identity/verify-email?token=');

    const page = await testApp.app.inject('/dev/mail');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('dev@example.com');
    expect(page.body).toContain(`<a href="${link.replaceAll('&', '&amp;')}">`);

    const none = await testApp.app.inject('/dev/mail/latest?to=nobody@example.com');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'No message to this address yet' });
    // The delivery is logged at info, its links (which sign people in) are not.
    await expect.poll(() => logged.join(''), { timeout: 10_000 }).toContain('dev mailbox: message stored');
    expect(logged.join('')).not.toContain('verify-email?token');
  });

  it('answers odd addresses with a 400 or a 404, never a 500', async () => {
    testApp = await buildTestApp({ mail: { pollIntervalMs: 50 } });
    for (const to of ['%00', 'a%00b@example.com', '%0A', '', 'x'.repeat(300)]) {
      const response = await testApp.app.inject(`/dev/mail/latest?to=${to}`);
      expect(response.statusCode, to).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    for (const query of [
      'to=%ED%A0%80',
      'to=%E0%A4%A',
      'to=a@example.com&to=b@example.com',
      'to[x]=1',
      'to=%F0%9F%98%80',
      'to=__proto__',
    ]) {
      const response = await testApp.app.inject(`/dev/mail/latest?${query}`);
      expect([400, 404], query).toContain(response.statusCode);
    }
  });

  it('is shown to callers on this machine only', async () => {
    testApp = await buildTestApp({ mail: { pollIntervalMs: 50 } });
    const unknownPath = await testApp.app.inject({ url: '/no-such-page', remoteAddress: '203.0.113.9' });
    for (const url of ['/dev/mail', '/dev/mail/latest?to=dev@example.com']) {
      const remote = await testApp.app.inject({ url, remoteAddress: '203.0.113.9' });
      // What any path that does not exist gets.
      expect(remote.statusCode, url).toBe(unknownPath.statusCode);
      expect(remote.body).toBe(unknownPath.body);
    }
    expect((await testApp.app.inject({ url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('is not fooled by a forwarded address, even with every proxy believed', async () => {
    testApp = await buildTestApp({ env: { TRUST_PROXY: 'true' }, mail: { pollIntervalMs: 50 } });
    const unknownPath = await testApp.app.inject({ url: '/no-such-page', remoteAddress: '203.0.113.9' });
    const claimed = await testApp.app.inject({
      url: '/dev/mail',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claimed.statusCode).toBe(unknownPath.statusCode);
    expect(claimed.body).toBe(unknownPath.body);
  });

  it('is absent in production', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    testApp = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 's'.repeat(40),
        APP_URL: 'https://portal.example.com',
        WEB_DIST_DIR: webDist,
      },
    });
    expect((await testApp.app.inject('/dev/mail')).statusCode).toBe(404);
    expect((await testApp.app.inject('/dev/mail/latest?to=a@example.com')).statusCode).toBe(404);
  });
});
