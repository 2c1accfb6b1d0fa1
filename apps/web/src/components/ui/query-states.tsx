import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormMessage } from './form-message';
import { Spinner } from './spinner';

/** What a list says while it loads, when it failed to load, and when it is empty. */
export interface ListTexts {
  loading: string;
  failed: string;
  empty: string;
}

/**
 * A list's three states before its content: loading (a spinner), failed (the message and Try again) and empty;
 * otherwise `children` renders the data.
 */
export function QueryStates<T>({
  query,
  texts,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  texts: ListTexts;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { loading, failed, empty } = texts;
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    return (
      <FormMessage type="error">
        {failed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </FormMessage>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
        {empty}
      </p>
    );
  }
  return children(query.data);
}
