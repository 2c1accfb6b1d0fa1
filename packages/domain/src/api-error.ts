import { z } from 'zod';

/** The one error body every 4xx/5xx answer of the API carries. */
export const fieldErrorSchema = z.object({ path: z.string(), msg: z.string() });
export const apiErrorBodySchema = z.object({
  message: z.string(),
  /** A machine-readable reason, where a screen must tell refusals apart (the accounts service's codes). */
  code: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
