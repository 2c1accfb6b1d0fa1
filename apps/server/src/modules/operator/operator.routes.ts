// POST /api/operator/set-role: the operator command's way in while the server owns the embedded database.
// Only the secret of DATA_DIR/operator.json opens it; it is left out of the public API docs.
import { isRole, messages, roles } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorSecretHeader, secretMatches } from '../../operator/channel.ts';
import { AppError } from '../errors.ts';
import { setRole } from '../users/users.service.ts';

export const operatorSetRolePath = '/api/operator/set-role';

export async function operatorRoutes(app: FastifyInstance, options: { secret: string }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    operatorSetRolePath,
    {
      schema: {
        hide: true,
        body: z.object({ email: z.string().min(1), role: z.string() }),
      },
      onRequest: async (request) => {
        // Same answer as an unknown route, so the endpoint does not advertise itself.
        if (!secretMatches(request.headers[operatorSecretHeader], options.secret)) {
          throw new AppError(404, messages.routeNotFound);
        }
      },
    },
    async (request) => {
      const { email, role } = request.body;
      if (!isRole(role)) throw new AppError(400, `Unknown role '${role}'; use one of ${roles.join(', ')}`);
      return setRole(app.db, email, role);
    },
  );
}
