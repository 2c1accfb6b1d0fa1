import {
  apiPaths,
  type IntakeQuestion,
  type ServiceQuestionsBody,
  serviceQuestionsResponseSchema,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { catalogueKeys } from '../../../lib/catalogue-keys';
import { adminKeys } from './query-keys';

/** PUT /api/admin/services/{id}/questions with the whole list → the questions as saved. Throws `ApiError` (400). */
export async function saveQuestions(
  serviceId: number,
  body: ServiceQuestionsBody,
): Promise<IntakeQuestion[]> {
  const answer = await apiRequest(
    apiPaths.catalogue.adminServiceQuestions(serviceId),
    serviceQuestionsResponseSchema,
    {
      method: 'PUT',
      body,
    },
  );
  return answer.questions;
}

/**
 * Saves a service's intake questions, then refreshes every admin read (the catalogue, its history) and the public
 * catalogue, whose service pages the booking wizard reads its questions from.
 */
export function useSaveQuestions(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceQuestionsBody) => saveQuestions(serviceId, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
