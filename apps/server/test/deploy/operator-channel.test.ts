// The operator channel exists only where operator commands need it: on the embedded database. With DATABASE_URL
// they connect to PostgreSQL themselves, so a server there writes no channel file and has no operator route.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { apiPaths } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { operatorFile, operatorSecretHeader, readOperatorFile } from '../../src/lib/operator-channel.ts';
import { createTestDatabase, type TestDatabase, testConfig, testDriver } from '../helpers/build-test-app.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listeningApp(dataDir: string, database: TestDatabase, logStream?: Writable) {
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }), {
    database: database.handle,
    logStream: logStream ?? new Writable({ write: (_chunk, _encoding, done) => done() }),
  });
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
    expect(app.hasRoute({ method: 'POST', url: apiPaths.operatorSetRole })).toBe(embedded);
  });
});

describe.skipIf(testDriver === 'postgres')('POST /api/operator/set-role', () => {
  it('refuses text the database cannot store with a 400, and never logs the address it was given', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-operator-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const logged: string[] = [];
    const app = await listeningApp(
      dataDir,
      database,
      new Writable({
        write(chunk, _encoding, done) {
          logged.push(String(chunk));
          done();
        },
      }),
    );
    const secret = readOperatorFile(dataDir)?.secret ?? '';
    const setRole = (email: string) =>
      app.inject({
        method: 'POST',
        url: apiPaths.operatorSetRole,
        headers: { [operatorSecretHeader]: secret },
        payload: { email, role: 'admin' },
      });

    for (const email of ['ghost\u0000@example.com', 'ghost\ud800@example.com', ' ']) {
      const refused = await setRole(email);
      expect(refused.statusCode, JSON.stringify(email)).toBe(400);
      expect(refused.json().errors[0].path).toBe('email');
    }
    const unknown = await setRole('ghost.operator@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No account with this email address' });
    await app.close();
    expect(logged.join('')).toContain('request refused');
    expect(logged.join('')).not.toContain('ghost');
  });
});
