// The firm manages its catalogue: creating and editing services (retiring is `active: false`), each change
// recorded in admin_changes and the catalogue's version raised in the same transaction (docs/decisions/017; docs/product.md#catalogue).
import {
  changedFields,
  durationProblem,
  type EditableServiceField,
  editableServiceFields,
  type IntakeQuestion,
  messages,
  questionCopy,
  type Service,
  type ServiceBody,
  type ServiceChange,
  serviceMessages,
  serviceSlug,
  sessionLengthStep,
} from '@portal/domain';
import { and, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { adminChanges, type NewServiceRow, services } from '../../db/schema.ts';
import { bumpCacheVersion } from '../../db/versioned-cache.ts';
import { HttpError, invalidField, NotFound } from '../../lib/errors.ts';
import { setServiceConsultants } from '../consultants/consultants.service.ts';
import { consultantsChanged } from '../consultants/roster.ts';
import { loadScheduleWithClosures } from '../schedule/schedule.service.ts';
import { invalidateCatalogue, listServices, serviceRating, toService } from './catalogue.service.ts';

/** Who makes a change: kept with it (the address too, in case the account goes). */
export interface Actor {
  id: string;
  email: string;
}

/** 409 naming the field: the form shows it beside the name. */
function nameTaken(): HttpError {
  return new HttpError(409, serviceMessages.nameTaken, {
    errors: [{ path: 'name', msg: serviceMessages.nameTaken }],
  });
}

/** The step session lengths go by: the firm's slot step, so that every session starts and ends on the grid. */
async function currentSessionStep(db: Database): Promise<number> {
  return sessionLengthStep((await loadScheduleWithClosures(db)).schedule);
}

/** The record as the history keeps it: the editable fields in their public names, and the intake questions. */
type Editable = Pick<Service, EditableServiceField | 'questions'>;

function editable(service: Service): Editable {
  const record = {} as Record<EditableServiceField, unknown>;
  for (const field of editableServiceFields) record[field] = service[field];
  return { ...(record as Pick<Service, EditableServiceField>), questions: service.questions };
}

function toRow(body: ServiceBody): Omit<NewServiceRow, 'slug'> {
  return {
    name: body.name,
    category: body.category,
    hourlyRate: body.hourly_rate,
    durationMinutes: body.duration,
    description: body.description,
    longDescription: body.longDescription,
    features: body.features,
    benefits: body.benefits,
    process: body.process,
    technologies: body.technologies,
    deliverables: body.deliverables,
    active: body.active,
  };
}

/**
 * A slug for `name` no other service has: the name's own, or it with -2, -3… when a different name gives the
 * same slug ('C# Help' and 'C Help'). The same name (any case) is refused: two services must be told apart.
 */
async function freeSlug(tx: Transaction, name: string, exceptId?: number): Promise<string> {
  const base = serviceSlug(name);
  const others = await tx
    .select({ slug: services.slug, name: services.name })
    .from(services)
    .where(
      and(
        or(
          eq(services.slug, base),
          like(services.slug, `${base}-%`),
          sql`lower(${services.name}) = lower(${name})`,
        ),
        exceptId === undefined ? undefined : ne(services.id, exceptId),
      ),
    );
  if (others.some((other) => other.name.toLowerCase() === name.toLowerCase())) throw nameTaken();
  const taken = new Set(others.map((other) => other.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

function checkDuration(duration: number, step: number): void {
  const problem = durationProblem(duration, step);
  if (problem) throw invalidField('duration', problem);
}

async function record(
  tx: Transaction,
  actor: Actor,
  change: { subjectId: number; action: 'created' | 'updated'; before: Editable | null; after: Editable },
): Promise<void> {
  await tx.insert(adminChanges).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    subject: 'service',
    subjectId: change.subjectId,
    action: change.action,
    before: change.before,
    after: change.after,
  });
  // Every process serves the new catalogue within a second.
  await bumpCacheVersion(tx, 'catalogue');
}

/** A unique violation on the slug is two administrators saving the same name at once. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Every service, retired ones too, by id. */
export function listAllServices(db: Database): Promise<Service[]> {
  return listServices(db);
}

/**
 * Who delivers the service, when the save names them (docs/product.md#consultants), and its intake questions when
 * the record is sent back with them (docs/product.md#intake-questions).
 */
type WithConsultants = ServiceBody & {
  consultantIds?: number[] | undefined;
  questions?: IntakeQuestion[] | undefined;
};

export async function createService(db: Database, body: WithConsultants, actor: Actor): Promise<Service> {
  checkDuration(body.duration, await currentSessionStep(db));
  const service = await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const slug = await freeSlug(tx, body.name);
      const [row] = await tx
        .insert(services)
        .values({ ...toRow(body), slug, questions: (body.questions ?? []).map(questionCopy) })
        .returning();
      if (!row) throw new Error('the insert returned no row');
      const created = toService(row);
      // Without consultantIds, every active consultant delivers a new service.
      await setServiceConsultants(tx, created.id, body.consultantIds, actor);
      await record(tx, actor, {
        subjectId: created.id,
        action: 'created',
        before: null,
        after: editable(created),
      });
      return created;
    }),
  );
  invalidateCatalogue(db);
  consultantsChanged(db);
  return service;
}

/** Saves the whole record; an unchanged save records nothing. Retiring and bringing back are `active`. */
export async function updateService(
  db: Database,
  id: number,
  body: WithConsultants,
  actor: Actor,
): Promise<Service> {
  // Read before the transaction: the embedded database has one connection, which the transaction holds.
  const step = await currentSessionStep(db);
  const service = await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(services).where(eq(services.id, id)).for('update');
      if (!current) throw new NotFound(messages.serviceNotFound);
      const before = toService(current);
      // Judged when it changes, or when the service is offered again (the step may have changed while it was
      // retired): a length the step allowed when it was set stays editable around.
      if (body.duration !== before.duration || (body.active && !before.active)) {
        checkDuration(body.duration, step);
      }
      if (body.consultantIds !== undefined) await setServiceConsultants(tx, id, body.consultantIds, actor);
      const after = { ...before, ...body, questions: body.questions?.map(questionCopy) ?? before.questions };
      if (changedFields(editable(before), editable(after)).length === 0) return before;
      const slug = body.name === current.name ? current.slug : await freeSlug(tx, body.name, id);
      const [row] = await tx
        .update(services)
        .set({ ...toRow(body), slug, questions: after.questions, updatedAt: new Date() })
        .where(eq(services.id, id))
        .returning();
      if (!row) throw new NotFound(messages.serviceNotFound);
      const updated = toService(row);
      await record(tx, actor, {
        subjectId: id,
        action: 'updated',
        before: editable(before),
        after: editable(updated),
      });
      return updated;
    }),
  );
  invalidateCatalogue(db);
  consultantsChanged(db);
  return { ...service, rating: await serviceRating(db, id) };
}

/**
 * Replaces a service's intake questions (docs/product.md#intake-questions), recorded in the history like any other
 * change; an unchanged list records nothing. Bookings keep the questions they were asked: nothing here reaches them.
 */
export async function updateServiceQuestions(
  db: Database,
  id: number,
  given: IntakeQuestion[],
  actor: Actor,
): Promise<IntakeQuestion[]> {
  const questions = given.map(questionCopy);
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(services).where(eq(services.id, id)).for('update');
    if (!current) throw new NotFound(messages.serviceNotFound);
    const before = toService(current);
    const after = { ...before, questions };
    if (changedFields(editable(before), editable(after)).length === 0) return before.questions;
    const [row] = await tx
      .update(services)
      .set({ questions, updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning();
    if (!row) throw new NotFound(messages.serviceNotFound);
    const updated = toService(row);
    await record(tx, actor, {
      subjectId: id,
      action: 'updated',
      before: editable(before),
      after: editable(updated),
    });
    return updated.questions;
  });
  invalidateCatalogue(db);
  return saved;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The latest changes to the catalogue, newest first, each with the fields it changed. */
export async function listServiceChanges(db: Database, limit: number): Promise<ServiceChange[]> {
  const rows = await db
    .select()
    .from(adminChanges)
    .where(eq(adminChanges.subject, 'service'))
    .orderBy(desc(adminChanges.at), desc(adminChanges.id))
    .limit(limit);
  return rows.map((row) => {
    const before = asRecord(row.before);
    const after = asRecord(row.after);
    const name = after?.name ?? before?.name;
    return {
      id: row.id,
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      serviceId: row.subjectId,
      serviceName: typeof name === 'string' ? name : '',
      fields: changedFields(before, after),
    };
  });
}
