import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { DatabaseLockedError, lockDataDir, lockFile } from '../../src/db/lock.ts';
import { testDriver } from '../helpers/build-test-app.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function leaveLock(dir: string, pid: number): void {
  writeFileSync(lockFile(dir), `${pid}\n`, { mode: 0o600 });
}

// Files and pids only: the same on either project, so it runs once.
describe.skipIf(testDriver === 'postgres')('the embedded database lock', () => {
  it('takes over a lock naming this very pid that this process does not hold (a restart as PID 1)', async () => {
    const dir = dataDir();
    leaveLock(dir, process.pid);
    const handle = await openDatabase({ dataDir: dir });
    cleanups.push(() => handle.close());
    await handle.ping();
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid}\n`);
    await handle.close();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('still refuses a second lock of a folder this process holds', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    cleanups.push(release);
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
    release();
    const again = lockDataDir(dir);
    again();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses a lock held by another live process, naming it', () => {
    const dir = dataDir();
    // The process that started this test runner's worker: alive, and not us.
    leaveLock(dir, process.ppid);
    let thrown: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseLockedError);
    expect((thrown as DatabaseLockedError).pid).toBe(process.ppid);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(gone).toBeGreaterThan(0);
    leaveLock(dir, gone as number);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid}\n`);
    release();
  });
});
