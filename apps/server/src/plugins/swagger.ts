import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiPaths } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { completeOpenApiDocument, type OpenApiObject } from './openapi-document.ts';

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
        { name: 'services', description: 'The service catalog' },
        { name: 'health', description: 'Liveness and database readiness' },
        {
          name: 'accounts',
          description:
            'Sign-up, sign-in and sessions under /api/identity (better-auth), the person check, profiles and the ' +
            'calendar feed link. Browsers use the session cookie; API clients log in without Origin and send the ' +
            '`set-auth-token` they get as a bearer token.',
        },
        { name: 'bookings', description: "Time slots, booking, and the client's own bookings" },
        { name: 'schedule', description: 'Working hours, notice, horizon and closures' },
        { name: 'consultants', description: 'Who delivers each service' },
        { name: 'calendar', description: "A client's calendar feed (iCalendar), by its secret link" },
        { name: 'reviews', description: 'Reviews of completed consultations' },
        { name: 'billing', description: 'Invoices and credit notes of bookings, as PDFs' },
        { name: 'contact', description: 'The contact form' },
        {
          name: 'legal',
          description:
            'What the Privacy Policy and the Cookie Policy state, and the versions of the Terms and the Privacy Policy an account accepted',
        },
        {
          name: 'admin',
          description:
            "The administrators' services, consultants, bookings, reviews, messages, figures and settings",
        },
      ],
    },
    transform: createJsonSchemaTransform({
      skipList: [`${apiPaths.docs}/`, `${apiPaths.docs}/*`, `${apiPaths.docs}/json`, `${apiPaths.docs}/yaml`],
    }),
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? completeOpenApiDocument(documentObject.openapiObject as OpenApiObject, options)
        : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: apiPaths.docs,
    // The public validator badge would load an image from another origin, which the CSP forbids.
    uiConfig: { validatorUrl: null },
    // Swagger UI applies one inline style at run time; allow inline styles (never scripts) on its pages only.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}
