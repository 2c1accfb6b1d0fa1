import { type AdminContactMessage, adminContactMessageResponseSchema, apiPaths } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updatePages, withChanged } from '../../../lib/paged-lists';
import { adminMessagesQueryOptions } from './get-admin-messages';
import { adminKeys } from './query-keys';

/** PUT /api/admin/messages/{id} { answered } → the message as it now is. */
export async function setMessageAnswered({
  id,
  answered,
}: {
  id: number;
  answered: boolean;
}): Promise<AdminContactMessage> {
  return (
    await apiRequest(apiPaths.contact.adminMessage(id), adminContactMessageResponseSchema, {
      method: 'PUT',
      body: { answered },
    })
  ).contactMessage;
}

/** Marks a message answered or not, then puts the answer in the list straight away and recounts the unanswered. */
export function useSetMessageAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageAnswered,
    onSuccess: (changed) => {
      queryClient.setQueryData(adminMessagesQueryOptions().queryKey, (data) =>
        updatePages(data, (page) => ({ ...page, messages: withChanged(page.messages, changed) })),
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
    },
  });
}
