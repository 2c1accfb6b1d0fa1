import { hashKey, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

interface CachedQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  staleTime?: number;
}

export interface CachedQueryResult<T> {
  data: T | undefined;
  error: Error | null;
  /** No answer yet (and the query is enabled). */
  isPending: boolean;
  isError: boolean;
}

/**
 * A lean `useQuery` for the auth state, which every page reads: it watches the query in TanStack Query's cache
 * and fetches it when it is missing, invalidated or never fetched — without the query observer, which would
 * add ~2.5 KB gzipped to every first load (home budget: 120 KB). Invalidate, set and remove the query through the
 * query client as usual; for refetching from an event handler use `queryClient.fetchQuery`.
 */
export function useCachedQuery<T>({
  queryKey,
  queryFn,
  enabled = true,
  staleTime,
}: CachedQueryOptions<T>): CachedQueryResult<T> {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [cache, hash],
  );
  const getState = useCallback(() => cache.get<T, Error>(hash)?.state, [cache, hash]);
  const state = useSyncExternalStore(subscribe, getState, getState);

  const needsFetch =
    enabled &&
    (state === undefined ||
      (state.isInvalidated && state.fetchStatus === 'idle' && state.status !== 'error') ||
      (state.status === 'pending' && state.fetchStatus === 'idle'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is represented by its hash; queryFn is stable per key
  useEffect(() => {
    if (!needsFetch) return;
    void queryClient.prefetchQuery({ queryKey, queryFn, staleTime, gcTime: Number.POSITIVE_INFINITY });
  }, [needsFetch, hash, queryClient]);

  return {
    data: state?.data,
    error: state?.error ?? null,
    isPending: enabled && state?.status !== 'success' && state?.status !== 'error',
    isError: state?.status === 'error',
  };
}
