// Reviews of completed consultations: writing one (the owner, once), the public page of a service's shown reviews
// with their figures, and the administrators' list and hiding. Every write raises the catalogue's version in its
// transaction, so every process's cards show the new figures (docs/decisions/010; docs/product.md#reviews).
import {
  type AdminReview,
  type AdminReviewsQuery,
  type AdminReviewsResponse,
  bookingMessages,
  type CreateReviewRequest,
  messages,
  type RatingSummary,
  reviewAuthor,
  reviewMessages,
  type ServiceReviewsQuery,
  type ServiceReviewsResponse,
} from '@portal/domain';
import { and, eq, not } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newestFirstPaging } from '../../db/newest-first.ts';
import { bookingEvents, bookings, reviews, services, userProfiles, users } from '../../db/schema.ts';
import { bumpCacheVersion } from '../../db/versioned-cache.ts';
import { lockLiveAccount } from '../../lib/accounts/live-account.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { clientColumns, type Reader } from '../bookings/booking-read-model.ts';
import { actorColumns } from '../bookings/booking-status.service.ts';
import { invalidateCatalogue, loadCatalogue, serviceRating } from '../catalogue/catalogue.service.ts';

/** Keyset paging, newest first (created_at, then id), like the booking lists. */
const paging = newestFirstPaging(
  { table: reviews, createdAt: reviews.createdAt, id: reviews.id },
  'r1',
  reviewMessages.cursorInvalid,
);

// ——— Writing ———

/**
 * The owner reviews a completed booking, once. Another user's booking or an unknown id is a 404 (its existence is
 * not revealed); any other status, or a second review, a 409.
 */
export async function createReview(
  db: Database,
  userId: string,
  bookingId: number,
  request: CreateReviewRequest,
): Promise<{ rating: number; comment: string | null }> {
  try {
    await db.transaction(async (tx) => {
      await lockLiveAccount(tx, userId);
      // Locked so that a status change cannot slip between the check and the insert.
      const [booking] = await tx
        .select({ id: bookings.id, status: bookings.status, serviceId: bookings.serviceId })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
        .for('update');
      if (!booking) throw new NotFound(bookingMessages.bookingNotFound);
      if (booking.status !== 'completed') throw new Conflict(reviewMessages.onlyCompleted);
      const [existing] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(eq(reviews.bookingId, bookingId));
      if (existing) throw new Conflict(reviewMessages.alreadyReviewed);
      await tx.insert(reviews).values({
        bookingId,
        serviceId: booking.serviceId,
        userId,
        rating: request.rating,
        comment: request.comment,
      });
      await tx.insert(bookingEvents).values({
        bookingId,
        ...actorColumns({ kind: 'client', userId }),
        type: 'reviewed',
        fromStatus: 'completed',
        toStatus: 'completed',
      });
      await bumpCacheVersion(tx, 'catalogue');
    });
  } catch (error) {
    // Two at once: the unique key on booking_id lets one in.
    if (isUniqueViolation(error)) throw new Conflict(reviewMessages.alreadyReviewed);
    throw error;
  }
  invalidateCatalogue(db);
  return { rating: request.rating, comment: request.comment };
}

// ——— The public page of a service ———

/** A page of a service's shown reviews, newest first, and the figures of all of them. */
export async function listServiceReviews(
  db: Database,
  serviceId: number,
  query: ServiceReviewsQuery,
): Promise<ServiceReviewsResponse> {
  // Retired services still answer, as their detail page does.
  if (!(await loadCatalogue(db)).byId.has(serviceId)) throw new NotFound(messages.serviceNotFound);
  const ofService = and(eq(reviews.serviceId, serviceId), not(reviews.hidden));
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
    })
    .from(reviews)
    .leftJoin(userProfiles, eq(userProfiles.userId, reviews.userId))
    .where(query.cursor === undefined ? ofService : and(ofService, paging.after(query.cursor)))
    .orderBy(...paging.order)
    .limit(query.limit + 1);
  const { page, nextCursor } = paging.pageOf(rows, query.limit, (row) => row.id);
  const summary: RatingSummary = (await serviceRating(db, serviceId)) ?? { average: 0, count: 0 };
  return {
    reviews: page.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      author: reviewAuthor(row.firstName, row.lastName),
      created_at: row.createdAt.toISOString(),
    })),
    summary,
    nextCursor,
  };
}

// ——— The administrators' list ———

function selectAdminReviews(db: Reader) {
  return db
    .select({ review: reviews, serviceName: services.name, ...clientColumns })
    .from(reviews)
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, reviews.userId));
}

type AdminReviewRow = Awaited<ReturnType<ReturnType<typeof selectAdminReviews>['execute']>>[number];

function toAdminReview(row: AdminReviewRow): AdminReview {
  const { review } = row;
  return {
    id: review.id,
    booking_id: review.bookingId,
    service_id: review.serviceId,
    service_name: row.serviceName,
    author: reviewAuthor(row.firstName, row.lastName),
    author_email: row.email,
    rating: review.rating,
    comment: review.comment,
    hidden: review.hidden,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
  };
}

/** Every review, hidden ones too, newest first. */
export async function listAdminReviews(
  db: Database,
  query: AdminReviewsQuery,
): Promise<AdminReviewsResponse> {
  const rows = await selectAdminReviews(db)
    .where(query.cursor === undefined ? undefined : paging.after(query.cursor))
    .orderBy(...paging.order)
    .limit(query.limit + 1);
  const { page, nextCursor } = paging.pageOf(rows, query.limit, (row) => row.review.id);
  return { reviews: page.map(toAdminReview), nextCursor };
}

/** Hides a review from the public (or shows it again); the figures follow in every process. */
export async function setReviewHidden(db: Database, id: number, hidden: boolean): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ hidden, updatedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    if (!row) throw new NotFound(reviewMessages.reviewNotFound);
    await bumpCacheVersion(tx, 'catalogue');
  });
  invalidateCatalogue(db);
  const [row] = await selectAdminReviews(db).where(eq(reviews.id, id));
  if (!row) throw new NotFound(reviewMessages.reviewNotFound);
  return toAdminReview(row);
}
