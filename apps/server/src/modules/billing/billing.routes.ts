// Invoices and credit notes as PDFs, for the booking's client, its consultant and administrators.
import {
  apiErrorBodySchema,
  apiPaths,
  billingMessages,
  bookingIdParamsSchema,
  bookingMessages,
  type InvoiceKind,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply.ts';
import { sessionGuardResponses } from '../../plugins/accounts.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { bookingDocument, documentFileName } from './invoices.service.ts';

const documents: { kind: InvoiceKind; path: string; summary: string; missing: string }[] = [
  {
    kind: 'invoice',
    path: apiPaths.bookings.invoicePdf(':id'),
    summary: "The booking's invoice as a PDF (issued when the firm confirms the booking)",
    missing: billingMessages.noInvoiceYet,
  },
  {
    kind: 'credit_note',
    path: apiPaths.bookings.creditNotePdf(':id'),
    summary: "The credit note that cancels the booking's invoice, as a PDF (issued when it is cancelled)",
    missing: billingMessages.noCreditNote,
  },
];

export async function billingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const document of documents) {
    routes.get(
      document.path,
      {
        onRequest: app.requireSession,
        schema: {
          tags: ['billing'],
          summary: document.summary,
          description:
            "The booking's client, its consultant and administrators may download it; anyone else's booking is not found.",
          params: bookingIdParamsSchema,
          response: {
            200: {
              description: '{number}.pdf',
              content: { 'application/pdf': { schema: z.string().describe('PDF bytes') } },
            },
            400: apiErrorBodySchema.describe('Not a booking id'),
            404: apiErrorBodySchema.describe(
              `Not a booking the caller may see: '${bookingMessages.bookingNotFound}'; none issued yet: '${document.missing}'`,
            ),
            ...sessionGuardResponses,
          },
        },
      },
      async (request, reply) => {
        const found = await bookingDocument(app.db, request.params.id, request.caller, document.kind);
        const pdf = await invoicePdf(found);
        return sendFile(
          reply,
          { type: 'application/pdf', filename: documentFileName(found), disposition: 'attachment' },
          pdf,
        );
      },
    );
  }
}
