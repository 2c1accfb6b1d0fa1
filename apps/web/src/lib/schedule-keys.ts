/** The query key of the firm's public schedule, written once: the booking pages read it, the admin pages refresh it. */
export const scheduleKey = ['schedule'] as const;
