import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('GET /api/health (liveness)', () => {
  it('answers 200 ok while the process runs, whatever the database does', async () => {
    testApp = await buildTestApp();
    expect((await testApp.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    await testApp.database.handle.close();
    const response = await testApp.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/ready (readiness)', () => {
  it('answers 200 ok when the database answers', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject('/api/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', shuttingDown: false });
  });

  it('answers 503 unavailable when the database does not answer', async () => {
    testApp = await buildTestApp();
    await testApp.database.handle.close();
    const response = await testApp.app.inject('/api/health/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down', shuttingDown: false });
  });

  it('asks the database on a connection of its own: it answers while every pooled connection is busy', async () => {
    testApp = await buildTestApp({
      env: { DATABASE_POOL_SIZE: '2', DATABASE_CONNECTION_TIMEOUT_MS: '5000' },
    });
    const { app } = testApp;
    if (app.database.driver === 'pglite') return; // one embedded connection: nothing to hold apart
    // Both pooled connections held in open transactions until the check has answered.
    let release!: () => void;
    const released = new Promise<void>((done) => {
      release = done;
    });
    let holding = 0;
    const holders = Array.from({ length: 2 }, () =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding += 1;
        await released;
      }),
    );
    while (holding < 2) await new Promise((done) => setTimeout(done, 10));
    try {
      const response = await app.inject('/api/health/ready');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'up', shuttingDown: false });
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
