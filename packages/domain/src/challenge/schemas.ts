// The challenge's API contract (zod): the challenge the portal issues, and the solved one a form sends back
// (docs/product.md#the-person-check).
import { z } from 'zod';
import { maxChallengeSolutionLength } from './rules.ts';

/** `GET /api/challenge`: ALTCHA's challenge, as its widget reads it. */
export const challengeResponseSchema = z.object({
  parameters: z
    .record(z.string(), z.unknown())
    .describe(
      "ALTCHA's challenge parameters (algorithm, nonce, salt, cost, keyLength, keyPrefix, keySignature, expiresAt), " +
        'signed: the widget solves them and sends them back unchanged',
    ),
  signature: z.string().describe("The portal's signature of the parameters"),
});
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

/** The solved challenge a form sends: ALTCHA's payload (base64 JSON of the challenge and its solution). */
export const challengeSolutionSchema = z
  .string()
  .max(maxChallengeSolutionLength)
  .optional()
  .describe(
    'The solved challenge of GET /api/challenge (base64, as the ALTCHA widget gives it), each one used once; ' +
      'required unless the server runs with SIGNUP_CHALLENGE=off',
  );
