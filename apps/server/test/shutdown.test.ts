import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { spawnServerScript } from './helpers/child-process.ts';
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
    await new Promise((done) => setTimeout(done, 50));
    expect(closed).toBe(false); // still waiting for the request in flight
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await shutdown;
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await expect(app.database.ping()).rejects.toThrow();
  });

  it('answers requests that arrive once shutdown has begun with 503 and a message', async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    const shutdown = app.shutdown();
    const response = await app.inject('/api/services');
    await shutdown;
    expect(response.statusCode).toBe(503);
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toEqual({ message: messages.shuttingDown });
  });
});

describe('the server process', () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function startServer(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-process-'));
    dataDirs.push(dataDir);
    const { child, output } = spawnServerScript('src/main.ts', [], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...env,
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    return { child, exited, output };
  }

  it('prints the URL to open, serves, and exits with 0 within 10 s of SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    const deadline = Date.now() + 30_000;
    while (!server.output().stdout.includes('ready at')) {
      if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(server.output().stderr);
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(server.output().stdout).toBe(`Consulting portal ready at http://localhost:${port}\n`);

    const response = await fetch(`http://127.0.0.1:${port}/api/services`);
    expect(response.status).toBe(200);
    // Sent just before the signal: answered (200), or refused as the server went down (0); never hung.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/health`).then(
      (answer) => answer.status,
      () => 0,
    );

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect([200, 503, 0]).toContain(await inFlight);
  });

  it('refuses to run as a server in test mode', async () => {
    const server = startServer({ NODE_ENV: 'test' });
    const [code] = await server.exited;
    expect(code).toBe(1);
    expect(server.output().stderr).toContain('NODE_ENV=test is only for the test suite');
  });

  it('stops at start-up with one clear line when a variable is bad', async () => {
    const server = startServer({ PORT: 'abc' });
    const [code] = await server.exited;
    expect(code).toBe(1);
    expect(server.output().stderr).toBe('Configuration error: PORT must be a number (got "abc")\n');
    expect(server.output().stdout).toBe('');
  });
});
