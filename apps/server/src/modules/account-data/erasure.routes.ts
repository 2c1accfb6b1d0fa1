// The erasure of a client's account (docs/product.md#your-data, docs/decisions/052): the client's own "Delete my
// account", an administrator's erasure of a client, and the record of every export and erasure.
import {
  accountErrorCodes,
  accountMessages,
  apiErrorBodySchema,
  apiPaths,
  clientIdParamsSchema,
  dataRequestsResponseSchema,
  erasureBodySchema,
  erasureMessages,
  erasureResponseSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionCookieName } from '../../lib/accounts/library.ts';
import { confirmPassword } from '../../lib/accounts/password-check.ts';
import { Forbidden } from '../../lib/errors.ts';
import { adminGuardResponses, sessionGuardResponses } from '../../plugins/accounts.ts';
import { type Erasure, type ErasureOptions, eraseAccount, latestDataRequests } from './erasure.service.ts';

/** How many data requests the administrators' list shows: the latest. */
const dataRequestsShown = 100;

const wrongPassword = apiErrorBodySchema.describe(
  `Not signed in: '${accountMessages.noActiveSession}'; or the password is wrong: '${accountMessages.passwordIncorrect}', code ${accountErrorCodes.invalidPassword} (counted toward the failed sign-in lock; not a sign-out)`,
);
const locked = apiErrorBodySchema.describe(
  `Too many failed sign-ins for the address: '${accountMessages.tooManyFailedSignIns}'`,
);
const description =
  "The account row stays as 'Deleted client' so that the firm's bookings, figures and invoices keep their client. " +
  'Erased: name, email, phone, company, billing details, sessions, credentials, second factor, consents, calendar ' +
  'feed, the messages and documents the client wrote, the words of their reviews, what they wrote when booking, ' +
  'their contact-form messages and every letter to or about them. Kept exactly as issued: invoices and credit ' +
  'notes. Upcoming pending and confirmed bookings are cancelled (card released or refunded, credit note issued, ' +
  'slot freed). Recorded as a data request.';

function toAnswer(erasure: Erasure) {
  return {
    user_id: erasure.userId,
    erased_at: erasure.erasedAt.toISOString(),
    cancelled_bookings: erasure.cancelled,
  };
}

export async function erasureRoutes(app: FastifyInstance, options: ErasureOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const https = options.appUrl.startsWith('https:');
  const erasure = (subjectUserId: string, eraser: Parameters<typeof eraseAccount>[2]) =>
    eraseAccount(app.db, subjectUserId, eraser, options);

  /** The browser forgets the session that has just ended with the account. */
  function forgetSessionCookie(reply: FastifyReply): void {
    const name = https ? `__Secure-${sessionCookieName}` : sessionCookieName;
    reply.header(
      'set-cookie',
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
    );
  }

  routes.post(
    apiPaths.accounts.erasure,
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: 'Deletes the caller’s own client account, after their password',
        description: `${description} Every session ends at once; the address may register again as a new account. Clients only: an administrator’s or consultant’s account is the firm’s (403).`,
        body: erasureBodySchema,
        response: {
          200: erasureResponseSchema,
          400: apiErrorBodySchema.describe(`On password: '${accountMessages.passwordRequired}'`),
          ...sessionGuardResponses,
          401: wrongPassword,
          403: apiErrorBodySchema.describe(`'${erasureMessages.staffAccount}'`),
          409: apiErrorBodySchema.describe(`'${erasureMessages.alreadyErased}'`),
          429: locked,
        },
      },
    },
    async ({ body, caller }, reply) => {
      if (caller.role !== 'client') throw new Forbidden(erasureMessages.staffAccount);
      await confirmPassword(app.db, app.accountsLibrary, caller, body.password);
      const erased = await erasure(caller.id, { kind: 'self', userId: caller.id });
      forgetSessionCookie(reply);
      return toAnswer(erased);
    },
  );

  routes.post(
    // apiPaths.admin.clientErasure(id) encodes its argument: the route's pattern is written out.
    '/api/admin/clients/:id/delete',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Deletes a client’s account, after the administrator’s own password',
        description: `${description} The client’s upcoming bookings are cancelled as the administrator’s cancellations.`,
        params: clientIdParamsSchema,
        body: erasureBodySchema,
        response: {
          200: erasureResponseSchema,
          400: apiErrorBodySchema.describe(`On password: '${accountMessages.passwordRequired}'`),
          ...adminGuardResponses,
          401: wrongPassword,
          404: apiErrorBodySchema.describe(`'${erasureMessages.clientNotFound}'`),
          409: apiErrorBodySchema.describe(
            `'${erasureMessages.alreadyErased}', '${erasureMessages.notAClient}'`,
          ),
          429: locked,
        },
      },
    },
    async ({ params, body, caller }) => {
      await confirmPassword(app.db, app.accountsLibrary, caller, body.password);
      return toAnswer(await erasure(params.id, { kind: 'admin', userId: caller.id }));
    },
  );

  routes.get(
    apiPaths.admin.dataRequests,
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: `The latest ${dataRequestsShown} exports and erasures of people’s data, newest first`,
        description:
          'What, whose (the account id, and its address unless erased), who asked (the person or an administrator) and when.',
        response: { 200: dataRequestsResponseSchema, ...adminGuardResponses },
      },
    },
    () => latestDataRequests(app.db, dataRequestsShown),
  );
}
