// The firm's settings (/admin/settings): its billing details, read and saved by administrators only (401 signed
// out, 403 for a client or a consultant).
import {
  apiErrorBodySchema,
  apiPaths,
  billingMessages,
  firmSettingsBodySchema,
  firmSettingsResponseSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGuardResponses } from '../../plugins/accounts.ts';
import { firmSettings, saveFirmBilling } from './settings.service.ts';

const tags = ['admin'];

export async function settingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.admin.settings,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: "The firm's settings: its billing details, printed on every invoice issued from now on",
        description: 'Until an administrator saves them: the firm’s name, everything else empty.',
        response: { 200: firmSettingsResponseSchema, ...adminGuardResponses },
      },
    },
    async () => firmSettings(db),
  );

  routes.put(
    apiPaths.admin.settings,
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          "Saves the firm's billing details; address, taxId, bankDetails and footer left out keep their values",
        description:
          'Invoices issued from now on print them; those already issued never change. Every save is recorded ' +
          '(who, when, before, after).',
        body: firmSettingsBodySchema,
        response: {
          200: firmSettingsResponseSchema,
          400: apiErrorBodySchema.describe(
            `A field breaks a rule: errors[{ path, msg }] names it ('billing.legalName': '${billingMessages.legalNameRequired}')`,
          ),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => saveFirmBilling(db, request.caller, request.body.billing),
  );
}
