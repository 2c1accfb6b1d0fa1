// The service catalogue: queries, mapping rows to the domain's Service, and the serialized cache.
import {
  averageRating,
  questionCopy,
  type RatingSummary,
  type Service,
  serviceIcon,
  servicesResponseSchema,
} from '@portal/domain';
import { and, asc, count, eq, not, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reviews, type ServiceRow, services } from '../../db/schema.ts';
import { versionedCache } from '../../db/versioned-cache.ts';
import { type EncodedBody, encodeOnce } from '../../lib/encoded-body.ts';

/** `rating` is the figures of its shown reviews (null when none): the catalogue and the admin answers read them. */
export function toService(row: ServiceRow, rating: RatingSummary | null = null): Service {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    hourly_rate: row.hourlyRate,
    duration: row.durationMinutes,
    description: row.description,
    icon: serviceIcon(row.category),
    longDescription: row.longDescription,
    features: row.features,
    benefits: row.benefits,
    process: row.process,
    technologies: row.technologies,
    deliverables: row.deliverables,
    active: row.active,
    rating,
    questions: row.questions.map(questionCopy),
  };
}

/** The figures of shown reviews, of one service or of every service that has any (hidden ones never count). */
async function ratings(
  db: Pick<Database, 'select'>,
  serviceId?: number,
): Promise<Map<number, RatingSummary>> {
  const shown = not(reviews.hidden);
  const rows = await db
    .select({ serviceId: reviews.serviceId, count: count(), sum: sum(reviews.rating) })
    .from(reviews)
    .where(serviceId === undefined ? shown : and(shown, eq(reviews.serviceId, serviceId)))
    .groupBy(reviews.serviceId);
  return new Map(
    rows.map((row) => [
      row.serviceId,
      { average: averageRating(Number(row.sum), row.count), count: row.count },
    ]),
  );
}

/** One service's rating figures, or null before its first shown review. */
export async function serviceRating(
  db: Pick<Database, 'select'>,
  serviceId: number,
): Promise<RatingSummary | null> {
  return (await ratings(db, serviceId)).get(serviceId) ?? null;
}

export async function listServices(db: Database): Promise<Service[]> {
  // Two queries, whatever the number of services: the rows, then every service's figures in one grouped read.
  const rows = await db.select().from(services).orderBy(asc(services.id));
  const figures = await ratings(db);
  return rows.map((row) => toService(row, figures.get(row.id) ?? null));
}

/**
 * The catalogue as the API sends it: the `{ services }` body and each `{ service }` body, serialized and compressed
 * once per version of the catalogue and then sent as they are.
 */
export interface SerializedCatalogue {
  /** Every service, retired ones too, in catalogue order (for the rules that need a duration or a name). */
  services: readonly Service[];
  /** The public list: offered services only (also embedded in the page, plugins/static-spa.ts). */
  list: EncodedBody;
  /** Every service by id: a retired one still answers, so old links and bookings can show it. */
  byId: ReadonlyMap<number, EncodedBody>;
}

async function buildCatalogue(db: Database): Promise<SerializedCatalogue> {
  // Checked once here against the shared contract, instead of on every response.
  const all = servicesResponseSchema.parse({ services: await listServices(db) }).services;
  const byId = new Map<number, EncodedBody>();
  for (const service of all) byId.set(service.id, encodeOnce(Buffer.from(JSON.stringify({ service }))));
  const list = encodeOnce(Buffer.from(JSON.stringify({ services: all.filter((service) => service.active) })));
  return { services: all, list, byId };
}

/** Kept in step across server processes by the catalogue's version (raise it with every change). */
const catalogueCache = versionedCache('catalogue', buildCatalogue);

/** The cached catalogue if it is current (the hot path: no promise, no query). */
export function peekCatalogue(db: Database): SerializedCatalogue | undefined {
  return catalogueCache.peek(db);
}

/** The catalogue as the pages need it: the public list's bytes (one Buffer per version) and every service. */
export interface CatalogueForPages {
  list: Buffer;
  services: readonly Service[];
}

function forPages(catalogue: SerializedCatalogue): CatalogueForPages {
  return { list: catalogue.list.identity, services: catalogue.services };
}

/** The catalogue as it is now, for the pages (plugins/static-spa.ts) and the sitemap. */
export function catalogueForPages(db: Database): CatalogueForPages | Promise<CatalogueForPages> {
  const cached = peekCatalogue(db);
  return cached ? forPages(cached) : loadCatalogue(db).then(forPages);
}

/** The current catalogue, loading it (once, however many callers wait) when needed. */
export function loadCatalogue(db: Database): Promise<SerializedCatalogue> {
  return catalogueCache.load(db);
}

/** Drops this process's copy of the catalogue; the next request reads it again. */
export function invalidateCatalogue(db: Database): void {
  catalogueCache.forget(db);
}
