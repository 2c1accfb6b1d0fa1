/** The query key of the firm's public calendar, written once: the booking pages read it, the admin pages refresh it. */
export const firmCalendarKey = ['firm-calendar'] as const;
