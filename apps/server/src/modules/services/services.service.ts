// The service catalogue: queries, mapping rows to the domain's Service, and the serialized cache.
import { type Service, serviceIcon, servicesResponseSchema } from '@portal/domain';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ServiceRow, services } from '../../db/schema.ts';

function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    hourly_rate: row.hourlyRate,
    duration: row.durationMinutes,
    description: row.description,
    icon: serviceIcon(row.id),
    longDescription: row.longDescription,
    features: row.features,
    benefits: row.benefits,
    process: row.process,
    technologies: row.technologies,
    deliverables: row.deliverables,
  };
}

export async function listServices(db: Database): Promise<Service[]> {
  const rows = await db.select().from(services).orderBy(asc(services.id));
  return rows.map(toService);
}

/**
 * The catalogue as the API sends it: the `{ services }` body and each `{ service }` body, serialized once.
 * The catalogue changes only through migrations and the seed (which calls `invalidateCatalogue`), so the bytes
 * are built on first use and then sent as they are.
 */
export interface SerializedCatalogue {
  /** The services themselves, in catalogue order (for the rules that need a duration or a name). */
  services: readonly Service[];
  list: Buffer;
  byId: ReadonlyMap<number, Buffer>;
}

const caches = new WeakMap<
  Database,
  { ready?: SerializedCatalogue; loading?: Promise<SerializedCatalogue> }
>();

function cacheOf(db: Database) {
  let cache = caches.get(db);
  if (!cache) {
    cache = {};
    caches.set(db, cache);
  }
  return cache;
}

async function buildCatalogue(db: Database): Promise<SerializedCatalogue> {
  // Checked once here against the shared contract, instead of on every response.
  const body = servicesResponseSchema.parse({ services: await listServices(db) });
  const byId = new Map<number, Buffer>();
  for (const service of body.services) byId.set(service.id, Buffer.from(JSON.stringify({ service })));
  return { services: body.services, list: Buffer.from(JSON.stringify(body)), byId };
}

/** The cached catalogue if it is loaded (the hot path: no promise, no query). */
export function peekCatalogue(db: Database): SerializedCatalogue | undefined {
  return caches.get(db)?.ready;
}

/** The cached catalogue, loading it (once, however many callers wait) when needed. */
export function loadCatalogue(db: Database): Promise<SerializedCatalogue> {
  const cache = cacheOf(db);
  if (cache.ready) return Promise.resolve(cache.ready);
  if (!cache.loading) {
    const loading = buildCatalogue(db).then(
      (catalogue) => {
        // A seed that ran while this load was in flight invalidated it: do not keep stale bytes.
        if (cache.loading === loading) {
          cache.ready = catalogue;
          cache.loading = undefined;
        }
        return catalogue;
      },
      (error: unknown) => {
        if (cache.loading === loading) cache.loading = undefined;
        throw error;
      },
    );
    cache.loading = loading;
  }
  return cache.loading;
}

/** Drops the cached catalogue of this database; the next request reads it again. */
export function invalidateCatalogue(db: Database): void {
  caches.delete(db);
}
