import type { UseMutationResult } from '@tanstack/react-query';
import { useNotify } from '../../../components/notifications/use-notify';
import { refusalMessage } from '../../../lib/api-error';

/**
 * A change to one item of an administrators' list (answered, hidden), told as a notification: 'Saved' with
 * `saved(result)`, or the server's reason for a refusal, else `failed`. `sourceOf` names the item, so its later
 * notice replaces the earlier one (a success clears the error of the attempt before).
 */
export function useChangeWithNotice<TVariables, TResult>(
  mutation: UseMutationResult<TResult, Error, TVariables>,
  texts: { saved: (result: TResult) => string; failed: string; sourceOf: (variables: TVariables) => string },
): (variables: TVariables) => void {
  const { notify } = useNotify();
  return (variables) =>
    mutation.mutate(variables, {
      onSuccess: (result) =>
        notify({
          type: 'success',
          title: 'Saved',
          message: texts.saved(result),
          source: texts.sourceOf(variables),
        }),
      onError: (error) =>
        notify({
          type: 'error',
          title: 'Error',
          message: refusalMessage(error, texts.failed),
          source: texts.sourceOf(variables),
        }),
    });
}
