import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** A failed read is retried once, unless the server said no (4xx): a missing service stays missing. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
