// One process owns the embedded database: a lock file next to PGlite's folder holds the owner's pid.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop that process first (operator commands talk to a running server by themselves).',
    );
    this.pid = pid;
  }
}

export function lockFile(dataDir: string): string {
  return join(dataDir, 'pglite.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir`'s embedded database, or throws DatabaseLockedError naming the live owner. A lock
 * left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {}
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseLockedError(dataDir, owner);
    }
    if (owner === process.pid) throw new DatabaseLockedError(dataDir, owner);
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
