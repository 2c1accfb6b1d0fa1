import { z } from 'zod';
import { pagingMessages } from './messages.ts';
import { maxPathId } from './pages.ts';

/** An instant as the API writes it: ISO 8601, UTC ('2030-01-07T16:00:00.000Z'). */
export const isoInstantSchema = z.string().describe('An instant, ISO 8601 in UTC');

/** The one error body every 4xx/5xx answer of the API carries. */
export const fieldErrorSchema = z.object({ path: z.string(), msg: z.string() });
export const apiErrorBodySchema = z.object({
  message: z.string(),
  /** A machine-readable reason, where a screen must tell refusals apart (the accounts library's codes). */
  code: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * `{ id }` of a path such as /api/services/{id}: a PostgreSQL integer, anything else a 400 that names the thing
 * ('Service id must be a number'), never a 500.
 */
export function idParamsSchema(thing: string) {
  return z.object({
    id: z.coerce
      .number({ error: `${thing} id must be a number` })
      .int(`${thing} id must be a whole number`)
      .positive(`${thing} id must be positive`)
      .max(maxPathId, `${thing} id is too large`),
  });
}

/** `?cursor`: the `nextCursor` a paged list answered with its previous page. */
export const cursorQuerySchema = z.string().max(200).optional().describe('nextCursor of the previous page');

/** A paged list's `nextCursor`. */
export const nextCursorSchema = z
  .string()
  .nullable()
  .describe('Pass as cursor for the next page; null on the last page');

/** `?limit&cursor` of a list paged newest first: `limit` from 1 to `maxSize` (`defaultSize` unless asked). */
export function pageQuerySchema(defaultSize: number, maxSize: number, things: string) {
  const invalid = pagingMessages.pageSizeInvalid(maxSize);
  return z.object({
    limit: z.coerce
      .number({ error: invalid })
      .int(invalid)
      .min(1, invalid)
      .max(maxSize, invalid)
      .default(defaultSize)
      .describe(`${things} per page: ${defaultSize} unless asked, at most ${maxSize}`),
    cursor: cursorQuerySchema,
  });
}

/** The 400 of a paged list, as the API documentation describes it: a limit out of 1..max, or a cursor it did not give. */
export function badPagingSchema(maxSize: number) {
  return apiErrorBodySchema.describe(
    `Bad paging: '${pagingMessages.pageSizeInvalid(maxSize)}', '${pagingMessages.cursorInvalid}'`,
  );
}
