// The caller's sessions over HTTP (docs/product.md#sessions-and-the-account-state): the list, ending one, ending
// every other. For every signed-in account, whatever its role; only ever the caller's own sessions.
import {
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  sessionMessages,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { endOtherSessions, endSession, listSessions } from './sessions.service.ts';

const tags = ['accounts'];
const tooManyWrites = apiErrorBodySchema.describe("The signed-in user's writes per minute are used up");

/** The session cookie cleared: this device's session has just ended. */
async function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): Promise<void> {
  const { name, attributes } = (await app.accountsLibrary.$context).authCookies.sessionToken;
  const secure = attributes.secure ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax${secure}`,
  );
}

export async function sessionsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.accounts.sessions,
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: "The caller's sessions: where they are signed in",
        description:
          'Every unexpired session of the account, this one first (`current`), then the last seen first. `id` is ' +
          "the session's id, never its token.",
        response: { 200: accountSessionsResponseSchema, ...sessionGuardResponses },
      },
    },
    async ({ caller }) => ({ sessions: await listSessions(app.db, caller) }),
  );

  routes.delete(
    // accountSession(':id') would encode the colon.
    `${apiPaths.accounts.sessions}/:id`,
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Ends one of the caller’s sessions at once, in every server process',
        description: 'Ending the session of this request signs this device out (its cookie is cleared).',
        params: accountSessionParamsSchema,
        response: {
          204: z.null().describe('Ended'),
          404: apiErrorBodySchema.describe(
            `Not a session of the caller (another account's, or none): '${sessionMessages.notFound}'`,
          ),
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params }, reply) => {
      const { current } = await endSession(app.db, caller, params.id);
      if (current) await clearSessionCookie(app, reply);
      return reply.code(204).send(null);
    },
  );

  routes.delete(
    apiPaths.accounts.sessions,
    {
      onRequest: app.requireSession,
      schema: {
        tags,
        summary: 'Ends every session of the caller but this one',
        response: { 204: z.null().describe('Ended'), 429: tooManyWrites, ...sessionGuardResponses },
      },
    },
    async ({ caller }, reply) => {
      await endOtherSessions(app.db, caller);
      return reply.code(204).send(null);
    },
  );
}
