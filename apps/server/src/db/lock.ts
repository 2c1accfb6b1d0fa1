// One process owns the embedded database: a lock file next to PGlite's folder holds the owner's pid.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** The lock files this process holds now: a file naming our pid but not in here is an earlier life's. */
const held = new Set<string>();

/**
 * Takes the lock of `dataDir`'s embedded database, or throws DatabaseLockedError naming the live owner. A lock
 * left by a process that no longer runs is taken over, and so is one naming this very pid that this process does
 * not hold: after a crash, a restart may get the same pid (PID 1 in a container). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = resolve(lockFile(dataDir));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
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
    const ours = owner === process.pid;
    if ((ours && held.has(file)) || (!ours && Number.isInteger(owner) && owner > 0 && isAlive(owner))) {
      throw new DatabaseLockedError(dataDir, owner);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
