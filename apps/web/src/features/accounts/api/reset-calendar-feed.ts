import { accountApiPaths, calendarFeedResetResponseSchema, type ProfileUser } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../lib/auth-client';

/** POST /api/auth/calendar-feed/reset → the new feed URL (the old one answers 404 from now on). */
export async function resetCalendarFeed(): Promise<string> {
  const response = await apiRequest(accountApiPaths.calendarFeedReset, calendarFeedResetResponseSchema, {
    method: 'POST',
    body: {},
  });
  return response.calendar_feed_url;
}

/** Resets the link and puts the new one in the profile, so the page shows it at once. */
export function useResetCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (url) =>
      queryClient.setQueryData(profileQueryOptions(userId).queryKey, (profile: ProfileUser | undefined) =>
        profile ? { ...profile, calendar_feed_url: url } : profile,
      ),
  });
}
