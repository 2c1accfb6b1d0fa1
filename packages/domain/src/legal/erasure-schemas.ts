// The API contract of the erasure of a client's account and of the record of data requests (zod)
// (docs/product.md#your-data, docs/decisions/052).
import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';
import { maxPasswordLength } from '../accounts/rules.ts';
import { isoInstantSchema } from '../api/schemas.ts';
import { dataRequestActors, dataRequestKinds } from './documents.ts';

/** `POST /api/account/delete` and the administrator's erasure: a password asked again. */
export const erasureBodySchema = z.object({
  password: z
    .string({ error: accountMessages.passwordRequired })
    .min(1, { error: accountMessages.passwordRequired })
    .max(maxPasswordLength, { error: accountMessages.passwordTooLong })
    .describe(
      "The caller's own password, asked again (the administrator's own on the admin route): a wrong one counts toward the failed sign-in lock",
    ),
});
export type ErasureBody = z.infer<typeof erasureBodySchema>;

/** `/api/admin/clients/{id}/delete`: the client's account id (a booking's `user_id`). */
export const clientIdParamsSchema = z.object({
  id: z.string().min(1).max(100).describe("The client's account id, as a booking's user_id names it"),
});

/** What an erasure did. */
export const erasureResponseSchema = z.object({
  user_id: z.string(),
  erased_at: isoInstantSchema,
  cancelled_bookings: z
    .number()
    .int()
    .describe('How many upcoming pending or confirmed bookings the erasure cancelled'),
});
export type ErasureResponse = z.infer<typeof erasureResponseSchema>;

/** One export or erasure, as the administrators' list shows it. */
export const dataRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(dataRequestKinds),
  subject_user_id: z.string().describe('Whose data: the account, which stays as an erased row'),
  subject_email: z
    .string()
    .nullable()
    .describe("The subject's address today; null once the account is erased"),
  actor: z.enum(dataRequestActors).describe('self: the person themselves; admin: an administrator'),
  actor_email: z
    .string()
    .nullable()
    .describe("The administrator's address when an administrator asked; null otherwise"),
  at: isoInstantSchema,
});
export type DataRequestEntry = z.infer<typeof dataRequestSchema>;

/** The latest data requests, newest first. */
export const dataRequestsResponseSchema = z.object({ data_requests: z.array(dataRequestSchema) });
export type DataRequestsResponse = z.infer<typeof dataRequestsResponseSchema>;
