// The proof-of-work challenge the sign-up and contact forms solve before they are sent (docs/decisions/041,
// docs/product.md#the-person-check).
import {
  apiErrorBodySchema,
  apiPaths,
  challengeLifetimeSeconds,
  challengeResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ChallengeGate, issueChallenge } from '../../lib/challenge.ts';

export async function challengeRoutes(app: FastifyInstance, options: { gate: ChallengeGate }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.challenge,
    {
      schema: {
        tags: ['accounts'],
        summary: 'A proof-of-work challenge (ALTCHA) for sign-up and the contact form',
        description:
          'Issued and signed by the portal; the browser solves it and sends the result as `altcha` with the ' +
          `sign-up or the contact form within ${challengeLifetimeSeconds / 60} minutes. Each solution is taken ` +
          'once. Answered also when SIGNUP_CHALLENGE=off, when the forms do not ask for it.',
        response: { 200: challengeResponseSchema, default: apiErrorBodySchema },
      },
    },
    () => issueChallenge(options.gate),
  );
}
