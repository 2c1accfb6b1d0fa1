import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiPaths } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export async function registerSwagger(app: FastifyInstance, options: { appUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Consulting portal API',
        description:
          'The API of the consulting portal. Errors answer `{ message, errors?: [{ path, msg }] }`; ' +
          '503 while the server shuts down or the database does not answer.',
        version: '1.0.0',
      },
      servers: [{ url: options.appUrl }],
      tags: [
        { name: 'services', description: 'The service catalogue' },
        { name: 'health', description: 'Liveness and database readiness' },
        {
          name: 'accounts',
          description: 'Profiles; sign-up, sign-in and sessions are under /api/identity (better-auth)',
        },
      ],
    },
    transform: createJsonSchemaTransform({
      skipList: [`${apiPaths.docs}/`, `${apiPaths.docs}/*`, `${apiPaths.docs}/json`, `${apiPaths.docs}/yaml`],
    }),
  });
  await app.register(swaggerUi, {
    routePrefix: apiPaths.docs,
    // The public validator badge would load an image from another origin, which the CSP forbids.
    uiConfig: { validatorUrl: null },
    // Swagger UI applies one inline style at run time; allow inline styles (never scripts) on its pages only.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}
