// Reviews: the owner of a completed booking writes one; anyone reads a service's shown reviews; administrators
// list every review and hide or show one (docs/decisions/017; docs/product.md#reviews).
import {
  adminReviewResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  badPagingSchema,
  bookingIdParamsSchema,
  bookingMessages,
  createReviewBodySchema,
  maxAdminReviewsPageSize,
  maxReviewCommentLength,
  maxReviewsPageSize,
  messages,
  reviewIdParamsSchema,
  reviewMessages,
  reviewResponseSchema,
  serviceIdParamsSchema,
  serviceReviewsQuerySchema,
  serviceReviewsResponseSchema,
  updateReviewBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGuardResponses, sessionGuardResponses } from '../../plugins/accounts.ts';
import { createReview, listAdminReviews, listServiceReviews, setReviewHidden } from './reviews.service.ts';

/** The longest comment with every character escaped as \uXXXX, and 1 KiB for the rest: under the default limit. */
export const reviewBodyLimitBytes = maxReviewCommentLength * 6 + 1024;

export async function reviewsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  routes.post(
    apiPaths.reviews.review(':id'),
    {
      onRequest: app.requireSession,
      bodyLimit: Math.max(app.initialConfig.bodyLimit ?? 0, reviewBodyLimitBytes),
      schema: {
        tags: ['reviews'],
        summary: "The owner's review of a completed consultation: { rating: 1..5, comment? }, once",
        params: bookingIdParamsSchema,
        body: createReviewBodySchema,
        response: {
          201: reviewResponseSchema.describe('Saved'),
          400: apiErrorBodySchema.describe(
            `Invalid fields as errors[{ path, msg }], e.g. '${reviewMessages.ratingInvalid}'`,
          ),
          404: apiErrorBodySchema.describe(
            `No such booking of the caller: '${bookingMessages.bookingNotFound}'`,
          ),
          409: apiErrorBodySchema.describe(
            `Not completed: '${reviewMessages.onlyCompleted}'; a second review: '${reviewMessages.alreadyReviewed}'`,
          ),
          429: apiErrorBodySchema.describe("The signed-in user's writes per minute are used up"),
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params, body }, reply) => {
      const review = await createReview(app.db, caller.id, params.id, body);
      return reply.code(201).send({ review });
    },
  );

  routes.get(
    apiPaths.reviews.serviceReviews(':id'),
    {
      schema: {
        tags: ['reviews'],
        summary: "A page of a service's reviews, newest first, with the average and count of all of them",
        description:
          'Hidden reviews are left out of the list and the figures. Pass nextCursor as cursor for the next page.',
        params: serviceIdParamsSchema,
        querystring: serviceReviewsQuerySchema,
        response: {
          200: serviceReviewsResponseSchema,
          400: badPagingSchema(maxReviewsPageSize),
          404: apiErrorBodySchema.describe(`No such service: '${messages.serviceNotFound}'`),
          default: apiErrorBodySchema,
        },
      },
    },
    (request) => listServiceReviews(app.db, request.params.id, request.query),
  );

  routes.get(
    apiPaths.reviews.adminReviews,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every review, hidden ones too, newest first, with its service and author',
        querystring: adminReviewsQuerySchema,
        response: {
          200: adminReviewsResponseSchema,
          400: badPagingSchema(maxAdminReviewsPageSize),
          ...adminGuardResponses,
        },
      },
    },
    (request) => listAdminReviews(app.db, request.query),
  );

  routes.put(
    apiPaths.reviews.adminReview(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Hides a review from the public (or shows it again): { hidden: boolean }',
        params: reviewIdParamsSchema,
        body: updateReviewBodySchema,
        response: {
          200: adminReviewResponseSchema,
          400: apiErrorBodySchema.describe(`'${reviewMessages.hiddenInvalid}'`),
          404: apiErrorBodySchema.describe(`'${reviewMessages.reviewNotFound}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({ review: await setReviewHidden(app.db, request.params.id, request.body.hidden) }),
  );
}
