import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@portal/domain';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { buildTestApp, migratedDataDir, type TestApp } from './helpers/build-test-app.ts';
import { spawnServerScript } from './helpers/child-process.ts';
import { get, listen, type RequestError } from './helpers/http-client.ts';
import { freePort } from './helpers/ports.ts';

describe('graceful shutdown (in process)', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('lets an in-flight request finish, then stops listening and closes the database', async () => {
    let entered!: () => void;
    const handlerEntered = new Promise<void>((done) => {
      entered = done;
    });
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    testApp = await buildTestApp({
      // A request that stays in flight until the test lets it go.
      prepare: (app) =>
        app.get('/api/probe/slow', async () => {
          entered();
          await released;
          return { finished: true };
        }),
    });
    const { app } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/probe/slow`);
    await handlerEntered;
    let closed = false;
    const shutdown = app.shutdown().then(() => {
      closed = true;
    });
    await new Promise((done) => setTimeout(done, 50)); // a wait on purpose: shutdown must not finish meanwhile
    expect(closed).toBe(false); // still waiting for the request in flight
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await shutdown;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await expect(app.database.ping()).rejects.toThrow();
  });

  it('lets the mail worker finish the message in hand before the database closes', async () => {
    let received!: () => void;
    const inHand = new Promise<void>((done) => {
      received = done;
    });
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    // An SMTP server that holds the message until the test lets it go.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          received();
          void released.then(() => callback());
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    try {
      let statusAtClose: string | undefined;
      testApp = await buildTestApp({
        env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
        mail: { pollIntervalMs: 50 },
        // Runs on close before the database closes: what the outbox says then.
        prepare: (app) =>
          app.addHook('onClose', async () => {
            const [row] = await app.db.select({ status: outbox.status }).from(outbox);
            statusAtClose = row?.status;
          }),
      });
      const { app } = testApp;
      await app.mail.send({
        to: 'in-hand@shutdown.test',
        subject: 'In hand',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
      await inHand;
      const shutdown = app.shutdown();
      setTimeout(release, 200); // on purpose: the SMTP server answers late, and shutdown waits for it
      await shutdown;
      expect(statusAtClose).toBe('sent');
    } finally {
      release();
      await new Promise<void>((done) => smtp.close(() => done()));
    }
  });

  it('serves a request on an open keep-alive connection once shutdown has begun, saying Connection: close', async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    const port = await listen(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // A second connection, for an answer Fastify sends in the same tick as the request arrives (an unknown route).
    const other = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, port, apiPaths.catalogue.services)).status).toBe(200);
      expect((await get(other, port, apiPaths.catalogue.services)).status).toBe(200);
      const shutdown = app.shutdown();
      // The same connection, after the signal: served, and told that the server closes it.
      const answer = await get(agent, port, apiPaths.catalogue.services);
      expect(answer).toMatchObject({ status: 200, connection: 'close', reusedSocket: true });
      expect(JSON.parse(answer.body)).toHaveProperty('services');
      expect(await get(other, port, '/api/no-such-route')).toMatchObject({
        status: 404,
        connection: 'close',
        reusedSocket: true,
      });
      // A new connection is refused: the listener is closed.
      await expect(get(new Agent(), port, apiPaths.catalogue.services)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
      await shutdown;
    } finally {
      agent.destroy();
      other.destroy();
    }
  });

  it('fails readiness at once when shutdown begins, while liveness still answers 200', async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    const port = await listen(app);
    // Two connections opened before the signal: one asks for readiness after it, the other for liveness.
    const first = new Agent({ keepAlive: true, maxSockets: 1 });
    const second = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ready = await get(first, port, apiPaths.ready);
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: 'ok', database: 'up', shuttingDown: false });
      expect((await get(second, port, apiPaths.health)).status).toBe(200);

      const shutdown = app.shutdown();
      const notReady = await get(first, port, apiPaths.ready);
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.body)).toEqual({ status: 'unavailable', shuttingDown: true });
      const alive = await get(second, port, apiPaths.health);
      expect(alive.status).toBe(200);
      expect(JSON.parse(alive.body)).toEqual({ status: 'ok' });
      await shutdown;
    } finally {
      first.destroy();
      second.destroy();
    }
  });
});

// Each test starts a server process on a copy of the migrated embedded database: seconds of work beside the other
// test files.
describe('the server process', { timeout: 90_000 }, () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
    dataDirs.push(dataDir);
    await migratedDataDir(dataDir);
    const { child, output } = spawnServerScript('src/main.ts', [], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...env,
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    return { child, exited, output };
  }

  /** Waits for the line that says the server listens. */
  async function started(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
    const deadline = Date.now() + 80_000;
    while (!server.output().stdout.includes('ready at')) {
      if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(server.output().stderr);
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  it('prints the URL to open, serves, and exits with 0 on SIGTERM, before the deadline', async () => {
    const port = await freePort();
    const server = await startServer({ PORT: String(port) });
    await started(server);
    expect(server.output().stdout).toBe(`Consulting portal ready at http://localhost:${port}\n`);

    const response = await fetch(`http://127.0.0.1:${port}/api/services`);
    expect(response.status).toBe(200);
    // Sent just before the signal: answered (200), or refused as the server went down (0); never hung.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );

    server.child.kill('SIGTERM');
    const [code] = await server.exited;
    // 0: the shutdown finished; the 10 s deadline (main.ts) would have exited with 1.
    expect(code).toBe(0);
    expect([200, 503, 0]).toContain(await inFlight);
  });

  it('refuses to run as a server in test mode', async () => {
    const server = await startServer({ NODE_ENV: 'test' });
    const [code] = await server.exited;
    expect(code).toBe(1);
    expect(server.output().stderr).toContain('NODE_ENV=test is only for the test suite');
  });

  it('stops at start-up with one clear line when a variable is bad', async () => {
    const server = await startServer({ PORT: 'abc' });
    const [code] = await server.exited;
    expect(code).toBe(1);
    expect(server.output().stderr).toBe('Configuration error: PORT must be a number (got "abc")\n');
    expect(server.output().stdout).toBe('');
  });

  it('restarts gracefully: ten keep-alive clients in a loop see no failed request on an accepted connection', async () => {
    const port = await freePort();
    const server = await startServer({ PORT: String(port) });
    await started(server);

    const tally = { served: 0, servedAfterSignal: 0, toldToClose: 0, refused: 0, failures: [] as string[] };
    let signalledAt: number | undefined;
    let stop = false;
    // Each client: one keep-alive connection, a request as soon as the last is answered, until the server no
    // longer takes connections. A refused new connection is fine; anything else failing is not.
    async function client(): Promise<void> {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (!stop) {
          try {
            const answer = await get(agent, port, apiPaths.catalogue.services);
            if (answer.status !== 200) tally.failures.push(`status ${answer.status}: ${answer.body}`);
            else tally.served += 1;
            if (signalledAt !== undefined) tally.servedAfterSignal += 1;
            if (answer.connection === 'close') tally.toldToClose += 1;
          } catch (error) {
            const { code, message, reusedSocket } = error as RequestError;
            if (code === 'ECONNREFUSED') {
              tally.refused += 1;
              return;
            }
            tally.failures.push(`${code ?? ''} ${message} (reused connection: ${reusedSocket})`);
            return;
          }
        }
      } finally {
        agent.destroy();
      }
    }
    const clients = Array.from({ length: 10 }, client);
    // Let every client get going before the signal.
    while (tally.served < 200 && tally.failures.length === 0)
      await new Promise((done) => setTimeout(done, 20));

    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await server.exited;
    const exitMs = Date.now() - signalledAt;
    stop = true; // a client still looping after the exit would be refused anyway
    await Promise.all(clients);

    console.info(
      `graceful restart: ${tally.served} requests served (${tally.servedAfterSignal} after SIGTERM, ` +
        `${tally.toldToClose} told Connection: close), ${tally.failures.length} failed, ${tally.refused} new ` +
        `connections refused; exit ${exitMs} ms after SIGTERM`,
    );
    expect(tally.failures).toEqual([]);
    // 0: the shutdown finished before the 10 s deadline, which exits with 1.
    expect(code).toBe(0);
    // Every client ended on a refused new connection: its connection was closed by the server, not cut.
    expect(tally.refused).toBe(10);
    expect(tally.toldToClose).toBeGreaterThan(0);
  });
});
