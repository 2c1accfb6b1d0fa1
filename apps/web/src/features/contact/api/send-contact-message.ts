import { apiPaths, type ContactBody, contactResponseSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact → the thanks to show. Throws `ApiError` (400 naming the fields, 429). */
export async function sendContactMessage(body: ContactBody): Promise<string> {
  return (await apiRequest(apiPaths.contact.send, contactResponseSchema, { method: 'POST', body })).message;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
