// A booking's documents over HTTP (docs/product.md#documents; docs/decisions/051): the list, attaching one
// (multipart, parsed in this module's scope only), downloading one and deleting one's own.
import multipart from '@fastify/multipart';
import {
  apiErrorBodySchema,
  apiPaths,
  bookingFileMessages,
  bookingFileParamsSchema,
  bookingFileResponseSchema,
  bookingFilesResponseSchema,
  bookingFileUploadBodySchema,
  bookingIdParamsSchema,
  bookingMessages,
  bytesPerMegabyte,
  maxFilesPerBooking,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply.ts';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { attachFile, checkCanAttach, deleteFile, fileDownload, listFiles } from './booking-files.service.ts';
import { readUpload } from './upload.ts';

export interface BookingFilesOptions {
  /** MAX_UPLOAD_MB in bytes: the largest document. */
  maxUploadBytes: number;
}

const notFound = apiErrorBodySchema.describe(
  `Not a booking the caller may read, or no such booking: '${bookingMessages.bookingNotFound}' (never revealed); no such document of it: '${bookingFileMessages.fileNotFound}'`,
);
const badIds = apiErrorBodySchema.describe(
  `Not a booking or document id: '${bookingFileMessages.fileIdInvalid}'`,
);
const tooManyWrites = apiErrorBodySchema.describe(
  `The signed-in user's writes per minute are used up: '${bookingMessages.tooManyWrites(30)}', with Retry-After`,
);

/**
 * The upload's body schema documents the multipart form; the parts are read by the handler as they stream in (so
 * that the booking is checked before megabytes are read), so there is nothing in `request.body` to validate.
 */
function multipartBodyUnchecked<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return (data) => ({ value: data });
  // Fastify types a route's compiler by the route's whole schema; what it is handed is one part's zod schema.
  return validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

export async function bookingFilesRoutes(app: FastifyInstance, options: BookingFilesOptions) {
  const { maxUploadBytes } = options;
  const megabytes = maxUploadBytes / bytesPerMegabyte;
  // In this module's scope only: no other route takes multipart bodies. One file, a few small fields at most.
  await app.register(multipart, {
    limits: {
      fileSize: maxUploadBytes,
      files: 1,
      fields: 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 5,
      headerPairs: 20,
    },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.bookings.files(':id'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: "The booking's documents, oldest first, without their content",
        description:
          'For the booking’s client, administrators and the booking’s consultant; anyone else gets 404. Each document says who attached it (`is_you`: only they may delete it).',
        params: bookingIdParamsSchema,
        response: {
          200: bookingFilesResponseSchema,
          400: apiErrorBodySchema.describe('Not a booking id'),
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params }) => ({ files: await listFiles(app.db, params.id, caller) }),
  );

  routes.post(
    apiPaths.bookings.files(':id'),
    {
      onRequest: app.requireSession,
      validatorCompiler: multipartBodyUnchecked,
      schema: {
        tags: ['bookings'],
        summary: `Attaches a document to the booking (multipart/form-data, one file, at most ${megabytes} MB)`,
        description: `For the booking's client, administrators and the booking's consultant, while it is not cancelled (a completed booking still takes deliverables), up to ${maxFilesPerBooking} documents a booking. The kind is recognised from the content, never from the name or the declared type; a name whose extension claims another kind is refused.`,
        consumes: ['multipart/form-data'],
        params: bookingIdParamsSchema,
        body: bookingFileUploadBodySchema,
        response: {
          201: bookingFileResponseSchema.describe('Attached'),
          400: apiErrorBodySchema.describe(
            `No file part or an empty file: '${bookingFileMessages.noFile}', '${bookingFileMessages.emptyFile}'; more than one file: '${bookingFileMessages.oneFileOnly}'; a body that is not a well-formed form: '${bookingFileMessages.unreadable}'`,
          ),
          404: notFound,
          409: apiErrorBodySchema.describe(
            `'${bookingFileMessages.tooMany(maxFilesPerBooking)}'; '${bookingFileMessages.bookingCancelled}'`,
          ),
          413: apiErrorBodySchema.describe(`'${bookingFileMessages.tooLarge(megabytes)}'`),
          415: apiErrorBodySchema.describe(
            `Not a kind of document the portal takes: '${bookingFileMessages.typeRefused}'; a name claiming another kind: '${bookingFileMessages.nameDisagrees('pdf')}'; not multipart: '${bookingFileMessages.notMultipart}'`,
          ),
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const { caller, params } = request;
      await checkCanAttach(app.db, params.id, caller);
      const upload = await readUpload(request, maxUploadBytes);
      const file = await attachFile(app.db, params.id, caller, upload, maxUploadBytes);
      return reply.code(201).send({ file });
    },
  );

  routes.get(
    apiPaths.bookings.file(':id', ':fileId'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: 'Downloads one of the booking’s documents, as an attachment under its stored type',
        description:
          'Content-Disposition: attachment with the kept name (RFC 5987 `filename*` when it is not plain ASCII), the type recognised when it was attached, X-Content-Type-Options: nosniff, never cached.',
        params: bookingFileParamsSchema,
        response: {
          200: {
            description: 'The document’s bytes, exactly as attached',
            content: {
              'application/octet-stream': {
                schema: z.file().describe('The bytes, under the stored type (e.g. application/pdf)'),
              },
            },
          },
          400: badIds,
          404: notFound,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params }, reply) => {
      const file = await fileDownload(app.db, params.id, params.fileId, caller);
      const text = file.contentType.startsWith('text/');
      reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        // Should a browser ever show it in place, nothing in it runs.
        .header('content-security-policy', "default-src 'none'; sandbox");
      return sendFile(
        reply,
        {
          type: text ? `${file.contentType}; charset=utf-8` : file.contentType,
          filename: file.name,
          disposition: 'attachment',
        },
        file.content,
      );
    },
  );

  routes.delete(
    apiPaths.bookings.file(':id', ':fileId'),
    {
      onRequest: app.requireSession,
      schema: {
        tags: ['bookings'],
        summary: 'Deletes a document of the booking (only whoever attached it)',
        params: bookingFileParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          400: badIds,
          403: apiErrorBodySchema.describe(
            `The caller may read the booking but did not attach it: '${bookingFileMessages.onlyUploaderDeletes}'`,
          ),
          404: notFound,
          429: tooManyWrites,
          ...sessionGuardResponses,
        },
      },
    },
    async ({ caller, params }, reply) => {
      await deleteFile(app.db, params.id, params.fileId, caller);
      return reply.code(204).send(null);
    },
  );
}
