import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { DatabaseLockedError, lockFile } from '../../src/db/lock.ts';
import { users } from '../../src/db/schema.ts';
import { operatorFile, readOperatorFile } from '../../src/lib/operator-channel.ts';
import { createTestDatabase, migratedDataDir, testDriver } from '../helpers/build-test-app.ts';
import { spawnServerScript } from '../helpers/child-process.ts';
import { freePort } from '../helpers/ports.ts';

/** Each test starts whole Node processes (the command, a server): seconds each beside the other test projects. */
const processBudgetMs = 90_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-set-role-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function run(args: string[], env: Record<string, string>) {
  const { child, output } = spawnServerScript('src/cli/set-role.ts', args, { LOG_LEVEL: 'error', ...env });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, ...output() };
}

async function insertUser(handle: DatabaseHandle, email: string) {
  await handle.db.insert(users).values({ id: `id-${email}`, name: email, email, emailVerified: true });
}

async function roleOf(handle: DatabaseHandle, email: string) {
  const [row] = await handle.db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
}

describe('npm run set-role (no server running)', () => {
  it(
    'makes an administrator, and names an unknown e-mail, an unknown role and the usage clearly',
    async () => {
      const dataDir = tempDir();
      let env: Record<string, string>;
      let reopen: () => Promise<DatabaseHandle>;
      if (testDriver === 'postgres') {
        const database = await createTestDatabase();
        cleanups.push(() => database.drop());
        await database.handle.migrate();
        await insertUser(database.handle, 'ops@example.com');
        env = {
          DATABASE_URL: database.url ?? '',
          DATA_DIR: dataDir,
          AUTH_SECRET: 'set-role-test-secret-'.repeat(2),
        };
        reopen = async () => database.handle;
      } else {
        await migratedDataDir(dataDir);
        const handle = await openDatabase({ dataDir });
        await insertUser(handle, 'ops@example.com');
        await handle.close();
        env = { DATA_DIR: dataDir };
        reopen = () => openDatabase({ dataDir });
      }

      const consultant = await run(['ops@example.com', 'consultant'], env);
      expect(consultant).toMatchObject({ code: 0, stdout: 'ops@example.com is now consultant\n' });
      const made = await run(['OPS@example.com', 'admin'], env);
      expect(made).toMatchObject({ code: 0, stdout: 'ops@example.com is now admin\n' });
      const handle = await reopen();
      expect(await roleOf(handle, 'ops@example.com')).toBe('admin');
      if (testDriver === 'pglite') await handle.close();

      const unknown = await run(['ghost@example.com', 'admin'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No account with the email address ghost@example.com\n');
      const badRole = await run(['ops@example.com', 'root'], env);
      expect(badRole.code).toBe(1);
      expect(badRole.stderr).toContain("Unknown role 'root'; use one of client, admin, consultant.");
      const usage = await run([], env);
      expect(usage).toMatchObject({
        code: 1,
        stderr: 'Usage: npm run set-role -- <email> <client|admin|consultant>\n',
      });
    },
    processBudgetMs,
  );
});

describe.skipIf(testDriver === 'postgres')(
  'npm run set-role with the server running on the embedded database',
  () => {
    it(
      'asks the server through the operator channel, never opening the database a second time',
      async () => {
        const dataDir = tempDir();
        await migratedDataDir(dataDir);
        const port = await freePort();
        const { child: server, output } = spawnServerScript('src/main.ts', [], {
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'error',
          WEB_DIST_DIR: join(dataDir, 'no-web-build'),
          // The sign-up below is the set-up, not the subject: no proof-of-work challenge.
          SIGNUP_CHALLENGE: 'off',
        });
        const exited = once(server, 'exit');
        cleanups.push(async () => {
          if (server.exitCode === null) {
            server.kill('SIGTERM');
            await exited;
          }
        });
        const deadline = Date.now() + 80_000;
        while (!output().stdout.includes('ready at')) {
          if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
          await new Promise((done) => setTimeout(done, 50));
        }

        const base = `http://127.0.0.1:${port}`;
        const signUp = await fetch(`${base}/api/identity/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
          body: JSON.stringify({ email: 'chief@example.com', password: 'running-server' }),
        });
        expect(signUp.status).toBe(200);

        // The server owns the database: a second opener is refused, and the channel file is private.
        await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
        expect(statSync(operatorFile(dataDir)).mode & 0o777).toBe(0o600);
        const wrongSecret = await fetch(`${base}/api/operator/set-role`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-operator-secret': 'guess' },
          body: JSON.stringify({ email: 'chief@example.com', role: 'admin' }),
        });
        expect(wrongSecret.status).toBe(404);
        expect(readOperatorFile(dataDir)?.pid).toBe(server.pid);

        const made = await run(['chief@example.com', 'admin'], { DATA_DIR: dataDir });
        expect(made).toMatchObject({
          code: 0,
          stdout: 'chief@example.com is now admin (through the running server)\n',
        });
        const unknown = await run(['ghost@example.com', 'admin'], { DATA_DIR: dataDir });
        expect(unknown).toMatchObject({
          code: 1,
          stderr: 'No account with the email address ghost@example.com\n',
        });

        server.kill('SIGTERM');
        await exited;
        expect(existsSync(operatorFile(dataDir))).toBe(false);
        expect(existsSync(lockFile(dataDir))).toBe(false);
        const handle = await openDatabase({ dataDir });
        cleanups.push(() => handle.close());
        expect(await roleOf(handle, 'chief@example.com')).toBe('admin');
      },
      processBudgetMs,
    );
  },
);
