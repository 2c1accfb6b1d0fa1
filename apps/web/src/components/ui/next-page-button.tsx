import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { BusyButton } from './busy-button';
import { buttonStyles } from './button-styles';

/** The button under a paged list that loads its next page; nothing once the last page is in. */
export function NextPageButton({
  query,
  label,
  className = '',
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <BusyButton
      className={`${buttonStyles.secondary} ${className}`}
      onClick={() => void query.fetchNextPage()}
      busy={query.isFetchingNextPage}
      busyLabel="Loading..."
    >
      {label}
    </BusyButton>
  );
}
