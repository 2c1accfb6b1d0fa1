// The calendar feed (docs/decisions/023): a private subscription URL per account that calendar apps poll. Which
// consultations it lists, how far back, and its bounds are decided here, once, for the server and the web.

/**
 * A feed lists active consultations (activeBookingStatuses: pending, written TENTATIVE, and confirmed); a cancelled
 * or completed one leaves it, so a subscribed calendar drops it at its next refresh. Those that ended up to this
 * many days ago stay listed, so one just held (not yet marked completed) does not vanish at once.
 */
export const calendarFeedPastDays = 30;

/** At most this many consultations, the soonest first from the window's start: the answer's bound. */
export const maxCalendarFeedEvents = 500;

/** The refresh interval the feed asks calendar apps for. */
export const calendarFeedRefreshMinutes = 60;

/** The earliest end of a consultation the feed lists at `now`. */
export function calendarFeedWindowStart(now: Date): Date {
  return new Date(now.getTime() - calendarFeedPastDays * 24 * 60 * 60 * 1000);
}

export const calendarFeedMessages = {
  /** The feed calendar's name in the subscriber's calendar app. */
  calendarName: (productName: string) => `${productName} consultations`,
  heading: 'Calendar Feed',
  explanation:
    'Subscribe to this private link in Google Calendar, Outlook or Apple Calendar to see your consultations there. Anyone with the link can see them: keep it to yourself.',
  adminExplanation:
    'Subscribe to this private link in Google Calendar, Outlook or Apple Calendar to see every active consultation there. Anyone with the link can see them: keep it to yourself.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
  reset: 'Reset link',
  resetTitle: 'Reset the calendar link?',
  resetWarning:
    'A new private link will be made. The current link stops working at once: calendars subscribed to it stop updating until you subscribe to the new one.',
  resetConfirm: 'Make a New Link',
  resetting: 'Resetting...',
  keep: 'Keep Current Link',
  resetDone: 'Your calendar link has been reset. Subscribe to the new link.',
  resetFailed: 'Failed to reset the calendar link. Please try again.',
} as const;
