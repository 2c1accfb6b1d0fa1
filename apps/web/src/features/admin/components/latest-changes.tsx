import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';

const changeTexts: ListTexts = {
  loading: 'Loading changes...',
  failed: 'Failed to load the latest changes.',
  empty: 'No changes yet.',
};

/** An admin page's Latest Changes: who changed what and when, newest first, once the list has loaded. */
export function LatestChanges<T>({
  query,
  children,
}: {
  query: UseQueryResult<readonly T[]>;
  /** The list of changes. */
  children: (changes: readonly T[]) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Latest Changes
      </h2>
      <div className="mt-4">
        <QueryStates query={query} texts={changeTexts} isEmpty={(list) => list.length === 0}>
          {children}
        </QueryStates>
      </div>
    </section>
  );
}
