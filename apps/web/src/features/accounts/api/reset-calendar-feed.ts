import { apiPaths, calendarFeedResetResponseSchema } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useAccountActions } from '../../../lib/account-state';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/calendar-feed/reset → the new feed URL (the old one answers 404 from now on). */
export async function resetCalendarFeed(): Promise<string> {
  const response = await apiRequest(apiPaths.accounts.calendarFeedReset, calendarFeedResetResponseSchema, {
    method: 'POST',
    body: {},
  });
  return response.calendar_feed_url;
}

/** Resets the link and puts the new one in the profile, so the page shows it at once. */
export function useResetCalendarFeed() {
  const { changeProfile } = useAccountActions();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (url) => changeProfile((profile) => profile && { ...profile, calendar_feed_url: url }),
  });
}
