// The service catalogue: queries, mapping rows to the domain's Service, and the serialized cache.
import { type Service, serviceIcon, servicesResponseSchema } from '@portal/domain';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ServiceRow, services } from '../../db/schema.ts';
import { versionedCache } from '../../db/versioned-cache.ts';

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
 * The catalogue as the API sends it: the `{ services }` body and each `{ service }` body, serialized once per
 * version of the catalogue and then sent as they are.
 */
export interface SerializedCatalogue {
  /** The services themselves, in catalogue order (for the rules that need a duration or a name). */
  services: readonly Service[];
  list: Buffer;
  byId: ReadonlyMap<number, Buffer>;
}

async function buildCatalogue(db: Database): Promise<SerializedCatalogue> {
  // Checked once here against the shared contract, instead of on every response.
  const body = servicesResponseSchema.parse({ services: await listServices(db) });
  const byId = new Map<number, Buffer>();
  for (const service of body.services) byId.set(service.id, Buffer.from(JSON.stringify({ service })));
  return { services: body.services, list: Buffer.from(JSON.stringify(body)), byId };
}

/** Kept in step across server processes by the catalogue's version (raise it with every change). */
const catalogueCache = versionedCache('catalogue', buildCatalogue);

/** The cached catalogue if it is current (the hot path: no promise, no query). */
export function peekCatalogue(db: Database): SerializedCatalogue | undefined {
  return catalogueCache.peek(db);
}

/** The current catalogue, loading it (once, however many callers wait) when needed. */
export function loadCatalogue(db: Database): Promise<SerializedCatalogue> {
  return catalogueCache.load(db);
}

/** Drops this process's copy of the catalogue; the next request reads it again. */
export function invalidateCatalogue(db: Database): void {
  catalogueCache.forget(db);
}
