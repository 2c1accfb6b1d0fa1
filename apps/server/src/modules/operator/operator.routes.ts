// POST /api/operator/set-role: the operator command's way in while the server owns the embedded database.
// Only the secret of DATA_DIR/operator.json opens it; it is left out of the public API docs.
import { accountMessages, apiPaths, emailTextRule, messages, roles, textField } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { operatorSecretHeader, secretMatches } from '../../lib/operator-channel.ts';
import { setRole } from '../accounts/roles.service.ts';

const setRoleBodySchema = z.object({
  // The one text rule, as at sign-up: a NUL or a lone surrogate is a 400, never a query PostgreSQL refuses.
  email: textField(emailTextRule).pipe(z.string().min(1, accountMessages.emailRequired)),
  role: z.enum(roles, { error: `Unknown role; use one of ${roles.join(', ')}` }),
});

/** The answer: whose role is now what. */
export const roleChangeSchema = z.object({ email: z.string(), role: z.enum(roles) });

export async function operatorRoutes(app: FastifyInstance, options: { secret: string }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiPaths.operatorSetRole,
    {
      schema: { hide: true, body: setRoleBodySchema, response: { 200: roleChangeSchema } },
      onRequest: async (request) => {
        // Same answer as an unknown route, so the endpoint does not advertise itself.
        if (!secretMatches(request.headers[operatorSecretHeader], options.secret)) {
          throw new NotFound(messages.routeNotFound);
        }
      },
    },
    (request) => setRole(app.db, request.body.email, request.body.role),
  );
}
