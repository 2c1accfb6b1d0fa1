// Per-process caches that several server processes keep in step through PostgreSQL: whoever changes what a cache
// holds raises its version in `cache_versions` in the same transaction, and every process compares its copy's
// version with that row before serving it, at most once per `freshForMs` (docs/decisions/010).
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { cacheVersions } from './schema.ts';

export type CacheName = 'catalogue' | 'schedule' | 'held-times' | 'consultants';

/** How long a copy is served without asking the database whether it is still current. */
const defaultFreshForMs = 250;

/** Raises a cache's version: call it in the transaction that changes what the cache holds. */
export async function bumpCacheVersion(tx: Database | Transaction, name: CacheName): Promise<void> {
  await tx
    .insert(cacheVersions)
    .values({ name, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}

async function currentVersion(db: Database, name: CacheName): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, name));
  return row?.version ?? 0;
}

interface CacheState<T> {
  value?: T;
  version?: number;
  builtAt: number;
  checkedAt: number;
  pending?: Promise<T>;
}

export interface VersionedCacheOptions {
  /** How long a copy is served without asking the database whether it is still current. */
  freshForMs?: number;
  /** Where the version is read; by default the cache's row in `cache_versions`. */
  version?: (db: Database) => Promise<number>;
  /** A copy is rebuilt when older than this, whatever its version says (for versions raised before commit). */
  maxAgeMs?: number;
}

export interface VersionedCache<T> {
  /** The copy when it was checked within the freshness window (the hot path: no promise, no query). */
  peek(db: Database): T | undefined;
  /** The current copy: checks the version when the window has passed, and rebuilds when it moved. */
  load(db: Database): Promise<T>;
  /** Forgets this process's copy (the next load rebuilds it). */
  forget(db: Database): void;
}

export function versionedCache<T>(
  name: CacheName,
  build: (db: Database) => Promise<T>,
  options: VersionedCacheOptions = {},
): VersionedCache<T> {
  const freshForMs = options.freshForMs ?? defaultFreshForMs;
  const readVersion = options.version ?? ((db: Database) => currentVersion(db, name));
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
  const states = new WeakMap<Database, CacheState<T>>();
  const stateOf = (db: Database): CacheState<T> => {
    let state = states.get(db);
    if (!state) {
      state = { builtAt: 0, checkedAt: 0 };
      states.set(db, state);
    }
    return state;
  };

  async function refresh(db: Database, state: CacheState<T>): Promise<T> {
    // The version is read before the rows: a change committed in between raises it again, so the next check
    // rebuilds rather than keeping rows that are older than the version they are filed under.
    const version = await readVersion(db);
    if (state.value !== undefined && state.version === version && Date.now() - state.builtAt < maxAgeMs) {
      state.checkedAt = Date.now();
      return state.value;
    }
    const value = await build(db);
    if (states.get(db) === state) {
      state.value = value;
      state.version = version;
      state.builtAt = Date.now();
      state.checkedAt = state.builtAt;
    }
    return value;
  }

  return {
    peek(db) {
      const state = states.get(db);
      return state?.value !== undefined && Date.now() - state.checkedAt < freshForMs
        ? state.value
        : undefined;
    },
    load(db) {
      const state = stateOf(db);
      if (state.value !== undefined && Date.now() - state.checkedAt < freshForMs)
        return Promise.resolve(state.value);
      if (!state.pending) {
        const pending = refresh(db, state).finally(() => {
          if (state.pending === pending) state.pending = undefined;
        });
        state.pending = pending;
      }
      return state.pending;
    },
    forget(db) {
      states.delete(db);
    },
  };
}
