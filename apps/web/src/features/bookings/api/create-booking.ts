import {
  apiPaths,
  type CreateBookingBody,
  createdBookingResponseSchema,
  idempotencyKeyHeader,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The booking made, and with card payments (PAYMENTS=stripe) the Checkout to send the client to. */
export type CreatedBooking = z.infer<typeof createdBookingResponseSchema>;

/**
 * POST /api/bookings → the booking and, paid by card, its `checkout_url`. The one place a booking is sent: the
 * same `idempotencyKey` (one per wizard attempt) makes a retry return the same booking instead of a second one,
 * which is what lets the queue of unsent bookings send it again with the stored body and key. Throws `ApiError`
 * (0 when no answer arrived, 400 invalid, 409 slot taken).
 */
export async function submitBooking(
  body: CreateBookingBody,
  idempotencyKey: string,
): Promise<CreatedBooking> {
  return apiRequest(apiPaths.bookings.create, createdBookingResponseSchema, {
    method: 'POST',
    body,
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
}

export function useCreateBooking() {
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateBookingBody; key: string }) => submitBooking(body, key),
  });
}
