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
});
