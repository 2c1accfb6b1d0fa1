import {
  apiPaths,
  type ConversationMessage,
  type ConversationResponse,
  conversationMessageResponseSchema,
  conversationResponseSchema,
  type PostConversationMessageBody,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** How often the open thread asks for new messages (and whenever the tab comes back into focus). */
export const conversationPollMs = 15_000;

/** The booking's conversation, under its key: what refreshes the booking refreshes it. */
export function conversationKey(bookingId: number | string) {
  return [...bookingKeys.detail(bookingId), 'conversation'] as const;
}

/** GET /api/bookings/{id}/messages → the thread, oldest first; the server marks it read for the caller. */
export async function getConversation(
  bookingId: number,
  signal?: AbortSignal,
): Promise<ConversationResponse> {
  return apiRequest(apiPaths.bookings.messages(bookingId), conversationResponseSchema, { signal });
}

export function conversationQueryOptions(bookingId: number) {
  return queryOptions({
    queryKey: conversationKey(bookingId),
    queryFn: ({ signal }) => getConversation(bookingId, signal),
    staleTime: 0,
  });
}

/** The thread, kept fresh while the page is open: polled, and asked again when the tab is focused. */
export function useConversation(bookingId: number) {
  return useQuery({
    ...conversationQueryOptions(bookingId),
    refetchInterval: conversationPollMs,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/bookings/{id}/messages { body } → the message written. Throws `ApiError` (400 naming body, 404). */
export async function postConversationMessage({
  bookingId,
  body,
}: {
  bookingId: number;
  body: PostConversationMessageBody;
}): Promise<ConversationMessage> {
  const answer = await apiRequest(apiPaths.bookings.messages(bookingId), conversationMessageResponseSchema, {
    method: 'POST',
    body,
  });
  return answer.message;
}

/** Writes a message, shows it in the thread at once, then asks for the thread again (the other side may have written). */
export function usePostConversationMessage(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostConversationMessageBody) => postConversationMessage({ bookingId, body }),
    onSuccess: (message) => {
      queryClient.setQueryData(conversationQueryOptions(bookingId).queryKey, (data) =>
        data && !data.messages.some((shown) => shown.id === message.id)
          ? { messages: [...data.messages, message] }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKey(bookingId) });
    },
  });
}
