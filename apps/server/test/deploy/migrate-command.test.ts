import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { lockFile } from '../../src/db/lock.ts';
import { createTestDatabase, testDriver } from '../helpers/build-test-app.ts';
import { spawnServerScript } from '../helpers/child-process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function migrate(env: Record<string, string>) {
  const { child, output } = spawnServerScript('src/cli/migrate.ts', [], { LOG_LEVEL: 'error', ...env });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, ...output() };
}

// Each test runs the command in a process of its own on a fresh database: seconds of work beside the other files.
describe('npm run migrate', { timeout: 90_000 }, () => {
  it('migrates and seeds a fresh database, then finds nothing to do', async () => {
    const dataDir = tempDir();
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (testDriver === 'postgres') {
      const database = await createTestDatabase({ empty: true });
      cleanups.push(() => database.drop());
      env = { ...env, DATABASE_URL: database.url ?? '', AUTH_SECRET: 'migrate-command-test-'.repeat(2) };
    }
    const count = readMigrationFiles({ migrationsFolder }).length;
    expect(await migrate(env)).toEqual({
      code: 0,
      stdout: `The database is up to date: ${count} migrations applied, 4 catalog services added.\n`,
      stderr: '',
    });
    expect(await migrate(env)).toEqual({
      code: 0,
      stdout: 'The database is up to date: nothing to do.\n',
      stderr: '',
    });
  });

  it.skipIf(testDriver === 'postgres')(
    'leaves the embedded database to the server that owns it, and says so',
    async () => {
      const dataDir = tempDir();
      // This test runner stands for the running server: a live process that is not the command.
      writeFileSync(lockFile(dataDir), `${process.pid}\n`);
      const refused = await migrate({ DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `The server (process ${process.pid}) owns the embedded database and migrated it when it started; ` +
          'stop it first to migrate by hand.\n',
      );
    },
  );
});
