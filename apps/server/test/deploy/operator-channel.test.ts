// The operator channel exists only where operator commands need it: on the embedded database. With DATABASE_URL
// they connect to PostgreSQL themselves, so a server there writes no channel file and has no operator route.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { operatorFile } from '../../src/lib/operator-channel.ts';
import { operatorSetRolePath } from '../../src/modules/operator/operator.routes.ts';
import { createTestDatabase, type TestDatabase, testConfig, testDriver } from '../helpers/build-test-app.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listeningApp(dataDir: string, database: TestDatabase) {
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database: database.handle });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('the operator channel', () => {
  it(`is ${testDriver === 'pglite' ? 'open on the embedded database' : 'absent on PostgreSQL'}`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-operator-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const app = await listeningApp(dataDir, database);

    const embedded = testDriver === 'pglite';
    expect(existsSync(operatorFile(dataDir))).toBe(embedded);
    expect(app.hasRoute({ method: 'POST', url: operatorSetRolePath })).toBe(embedded);
  });
});
