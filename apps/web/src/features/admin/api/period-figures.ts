import type { DateRange } from '@portal/domain';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch } from './filters';
import { keepShown } from './query-keys';

/**
 * The query options of the admin API's figures of a period (`?startDate&endDate`): always asked afresh, since
 * every booking moves them, and the last period's stay on screen while another period's load.
 */
export function periodFiguresOptions<T>(
  queryKey: QueryKey,
  path: string,
  schema: ZodType<T>,
  range: DateRange,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest(`${path}?${rangeSearch(range)}`, schema, { signal }),
    staleTime: 0,
    placeholderData: keepShown,
  });
}
