// "Download my data" over HTTP (docs/product.md#your-data, docs/decisions/054): the password asked again, then
// everything the portal holds about the caller as a JSON file, or a zip with the booking documents beside it.
import {
  accountMessages,
  apiErrorBodySchema,
  apiPaths,
  dataExportBodySchema,
  dataExportFilename,
  dataExportQuerySchema,
  dataExportSchema,
  dataExportTexts,
  todayIn,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmPassword } from '../../lib/accounts/password-check.ts';
import { sendFile } from '../../lib/file-reply.ts';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { exportAccountData, exportJson, exportZip } from './export.service.ts';

export interface DataExportOptions {
  /** BUSINESS_TIME_ZONE: the day in the file's name, and the bookings' confirmation codes. */
  timeZone: string;
  /** REQUEST_TIMEOUT_MS: a zip of many documents gets `zipTimeoutMs` at least. */
  requestTimeoutMs: number;
}

/** The zip streams the documents one at a time, for as long as they take. */
const zipTimeoutMs = 5 * 60_000;

export async function dataExportRoutes(app: FastifyInstance, options: DataExportOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    apiPaths.accounts.dataExport,
    {
      onRequest: app.requireSession,
      handlerTimeout: Math.max(options.requestTimeoutMs, zipTimeoutMs),
      schema: {
        tags: ['accounts'],
        summary:
          'Everything the portal holds about the caller, as a JSON file (or a zip with their documents)',
        description:
          'The password is asked again: a wrong one answers 401 with code INVALID_PASSWORD and counts toward the ' +
          'failed sign-in lock (then 429, here and at sign-in). The answer is an attachment, never cached: the ' +
          'account, profile and billing details, the caller’s own bookings with their history, briefs, conversation, ' +
          'documents (listed; their bytes in the zip under files/{booking id}/{file id}-{name}), reviews, invoices ' +
          'and credit notes as issued, card payments, sessions, consents, the record of exports and erasures, the ' +
          'calendar feed (never its token), contact-form messages and the emails the outbox still holds. Never a ' +
          'password hash, token or secret. Every export is recorded.',
        querystring: dataExportQuerySchema,
        body: dataExportBodySchema,
        response: {
          200: {
            description: 'The file, as an attachment named ot-consulting-data-{day}.json or .zip',
            content: {
              'application/json': { schema: dataExportSchema },
              'application/zip': {
                schema: z.file().describe('data.json and files/{booking id}/{file id}-{name}'),
              },
            },
          },
          400: apiErrorBodySchema.describe(
            `No password: '${accountMessages.passwordRequired}'; a format other than json or zip: '${dataExportTexts.formatUnknown('pdf')}'`,
          ),
          401: apiErrorBodySchema.describe(
            `Not signed in: '${accountMessages.noActiveSession}'; a wrong password: '${accountMessages.passwordIncorrect}' with code INVALID_PASSWORD`,
          ),
          429: apiErrorBodySchema.describe(
            `Too many failed sign-ins for the account: '${accountMessages.tooManyFailedSignIns}'; or the writes per minute are used up`,
          ),
          default: sessionGuardResponses.default,
        },
      },
    },
    async (request, reply) => {
      const { caller, body, query } = request;
      await confirmPassword(app.db, app.accountsLibrary, caller, body.password);
      const exported = await exportAccountData(app.db, caller, options.timeZone);
      const format = query.format === 'zip' ? 'zip' : 'json';
      const filename = dataExportFilename(todayIn(options.timeZone, new Date()), format);
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (format === 'zip') {
        return sendFile(
          reply,
          { type: 'application/zip', filename, disposition: 'attachment' },
          exportZip(app.db, exported),
        );
      }
      return sendFile(
        reply,
        { type: 'application/json; charset=utf-8', filename, disposition: 'attachment' },
        exportJson(exported.document),
      );
    },
  );
}
