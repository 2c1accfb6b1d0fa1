// The review API contract (zod): the body a client sends, the public list with its summary, the admin list.
import { z } from 'zod';
import { idParamsSchema, isoInstantSchema, nextCursorSchema, pageQuerySchema } from '../api/schemas.ts';
import { textField } from '../text/field.ts';
import {
  defaultAdminReviewsPageSize,
  defaultReviewsPageSize,
  maxAdminReviewsPageSize,
  maxRating,
  maxReviewsPageSize,
  minRating,
  reviewCommentRule,
  reviewMessages,
} from './rules.ts';

export const ratingSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? reviewMessages.ratingRequired : reviewMessages.ratingInvalid,
  })
  .int({ error: reviewMessages.ratingInvalid })
  .min(minRating, { error: reviewMessages.ratingInvalid })
  .max(maxRating, { error: reviewMessages.ratingInvalid })
  .describe(`Whole stars, ${minRating} to ${maxRating}`);

/** `POST /api/bookings/{id}/review`. An empty comment is no comment (null). */
export const createReviewBodySchema = z.object({
  rating: ratingSchema,
  comment: textField(reviewCommentRule)
    .nullish()
    .transform((value) => (value ? value : null))
    .describe(`Optional, at most ${reviewCommentRule.max} characters, several lines`),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;
export type CreateReviewRequest = z.output<typeof createReviewBodySchema>;

/** A booking's review as its owner sees it on My Bookings. */
export const bookingReviewSchema = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;
export const reviewResponseSchema = z.object({ review: bookingReviewSchema });

export const ratingSummarySchema = z.object({
  average: z.number().describe('One decimal'),
  count: z.number().int(),
});

/** `GET /api/services/{id}/reviews`: the public reviews, newest first; hidden ones are left out everywhere. */
export const serviceReviewsQuerySchema = pageQuerySchema(
  defaultReviewsPageSize,
  maxReviewsPageSize,
  'Reviews',
);
export type ServiceReviewsQuery = z.infer<typeof serviceReviewsQuerySchema>;

export const publicReviewSchema = z.object({
  rating: z.number().int(),
  comment: z.string().nullable(),
  author: z.string().describe("First name and last initial ('Ada L.'), or 'A client'"),
  created_at: isoInstantSchema,
});

export const serviceReviewsResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  summary: ratingSummarySchema.describe('Every public review of the service (not only this page)'),
  nextCursor: nextCursorSchema,
});
export type ServiceReviewsResponse = z.infer<typeof serviceReviewsResponseSchema>;

/** `GET /api/admin/reviews`: every review, hidden ones too, newest first. */
export const adminReviewsQuerySchema = pageQuerySchema(
  defaultAdminReviewsPageSize,
  maxAdminReviewsPageSize,
  'Reviews',
);
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

export const adminReviewSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  service_id: z.number().int(),
  service_name: z.string(),
  author: z.string().describe('As the public sees it'),
  author_email: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  hidden: z.boolean(),
  created_at: isoInstantSchema,
  updated_at: isoInstantSchema,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsResponseSchema = z.object({
  reviews: z.array(adminReviewSchema),
  nextCursor: nextCursorSchema,
});
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponseSchema>;

export const reviewIdParamsSchema = idParamsSchema('Review');

/** `PUT /api/admin/reviews/{id}`. */
export const updateReviewBodySchema = z.object({
  hidden: z.boolean({ error: reviewMessages.hiddenInvalid }),
});
export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });
