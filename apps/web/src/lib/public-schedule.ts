import {
  apiPaths,
  defaultBusinessTimeZone,
  type PublicSchedule,
  publicScheduleResponseSchema,
} from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { scheduleKey } from './schedule-keys';

/** GET /api/schedule → the firm's opening hours, notice, horizon and closed dates, and its time zone. */
export async function getSchedule(signal?: AbortSignal): Promise<PublicSchedule> {
  return apiRequest(apiPaths.schedule.public, publicScheduleResponseSchema, { signal });
}

export const scheduleQuery = queryOptions({
  queryKey: scheduleKey,
  queryFn: ({ signal }) => getSchedule(signal),
});

/** The public schedule where a copy read a minute ago will do (the booking pages, the footer, the admin logs). */
export function useSchedule() {
  return useQuery(scheduleQuery);
}

/** The business zone bookings and logs are written in: the schedule's, the default until it has answered. */
export function useBusinessZone(): string {
  return useSchedule().data?.timeZone ?? defaultBusinessTimeZone;
}
