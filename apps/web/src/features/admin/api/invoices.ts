import {
  type AdminInvoice,
  type AdminInvoicesResponse,
  adminInvoiceResponseSchema,
  adminInvoicesResponseSchema,
  apiPaths,
  type InvoiceStatus,
  type RecordPaymentBody,
} from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/invoices[?status&cursor] → a page of invoices and credit notes, newest first. */
export async function getAdminInvoices(
  status: InvoiceStatus | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminInvoicesResponse> {
  const query = new URLSearchParams({
    ...(status ? { status } : {}),
    ...(cursor === undefined ? {} : { cursor }),
  }).toString();
  return apiRequest(`${apiPaths.admin.invoices}${query ? `?${query}` : ''}`, adminInvoicesResponseSchema, {
    signal,
  });
}

export function useAdminInvoices(status: InvoiceStatus | undefined) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.invoices(status),
      queryFn: ({ pageParam, signal }) => getAdminInvoices(status, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}

/** POST /api/admin/invoices/{id}/payments → the invoice with the payment counted. */
export async function recordPayment({
  id,
  payment,
}: {
  id: number;
  payment: RecordPaymentBody;
}): Promise<AdminInvoice> {
  return (
    await apiRequest(apiPaths.admin.invoicePayments(id), adminInvoiceResponseSchema, {
      method: 'POST',
      body: payment,
    })
  ).invoice;
}

/** Records a bank payment, then reads the invoices again (a payment can move one between the status filters). */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invoiceLists }),
  });
}
