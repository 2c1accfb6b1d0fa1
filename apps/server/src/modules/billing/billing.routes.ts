// Invoices and credit notes as PDFs, for the booking's client, its consultant and administrators.
import {
  adminInvoiceResponseSchema,
  adminInvoicesQuerySchema,
  adminInvoicesResponseSchema,
  apiErrorBodySchema,
  apiPaths,
  badPagingSchema,
  billingMessages,
  bookingIdParamsSchema,
  bookingMessages,
  type InvoiceKind,
  invoiceExportQuerySchema,
  invoiceIdParamsSchema,
  recordPaymentBodySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply.ts';
import { adminGuardResponses, sessionGuardResponses } from '../../plugins/accounts.ts';
import {
  exportInvoicesCsv,
  invoiceExportColumns,
  listAdminInvoices,
  recordInvoicePayment,
} from './admin-invoices.service.ts';
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

export async function billingRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireRole('admin');

  routes.get(
    apiPaths.admin.invoices,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary: 'Invoices and credit notes, newest first, each with its status as of today',
        querystring: adminInvoicesQuerySchema,
        response: {
          200: adminInvoicesResponseSchema,
          400: badPagingSchema(100),
          ...adminGuardResponses,
        },
      },
    },
    (request) => listAdminInvoices(app.db, request.query, options.timeZone),
  );

  routes.get(
    apiPaths.admin.invoicesExport,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary: "The period's invoices and credit notes as CSV, for the accountant",
        description: `Columns: ${invoiceExportColumns.join(', ')}. Amounts are decimals (credit notes negative), so a period's rows add up to what was billed.`,
        querystring: invoiceExportQuerySchema,
        response: {
          200: {
            description: 'An attachment invoices-{from}-{to}.csv (UTF-8 with a BOM), a header row first',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: apiErrorBodySchema.describe(`'${billingMessages.periodInvalid}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await exportInvoicesCsv(app.db, request.query, options.timeZone);
      return sendFile(
        reply,
        {
          type: 'text/csv; charset=utf-8',
          filename: `invoices-${from}-${to}.csv`,
          disposition: 'attachment',
        },
        csv,
      );
    },
  );

  routes.post(
    apiPaths.admin.invoicePayments(':id'),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary: 'Records a bank payment against an invoice; it is paid once its payments reach the total',
        params: invoiceIdParamsSchema,
        body: recordPaymentBodySchema,
        response: {
          200: adminInvoiceResponseSchema,
          400: apiErrorBodySchema.describe(
            `A field naming what is wrong, e.g. on amountCents: '${billingMessages.amountAboveOpen(5000, 'usd')}'`,
          ),
          404: apiErrorBodySchema.describe(`'${billingMessages.invoiceNotFound}'`),
          ...adminGuardResponses,
        },
      },
    },
    async (request) => ({
      invoice: await recordInvoicePayment(
        app.db,
        request.params.id,
        request.body,
        request.caller.id,
        options.timeZone,
      ),
    }),
  );

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
