// The words the letters use about where a consultation happens and its summary (docs/product.md#e-mail): the line
// every letter about a confirmed booking carries, the letter when the firm changes the place, and the one telling
// the client their summary is ready.
import { productName } from '../accounts/rules.ts';

/** The fact a letter about a confirmed booking lists: its room's link, or the location the firm set. */
export const meetingPlaceLines = {
  join: 'Join the meeting',
  where: 'Where',
  /** The confirmation's word on the room. */
  joinNote: 'To take part, open the meeting link above at the time of the consultation.',
} as const;

/** The client's letter when the firm changes where their confirmed consultation happens. */
export const locationChangedMessages = {
  subject: (code: string) => `Your consultation has a new meeting place — ${code}`,
  /** The firm set a location (an office address, a phone number) instead of the room. */
  introLocation: (service: string, location: string) =>
    `We have changed where your ${service} consultation takes place. It now takes place here: ${location}. The time stays the same.`,
  /** The firm cleared the location: the booking's own video room again. */
  introRoom: (service: string) =>
    `Your ${service} consultation takes place by video call again, in its own meeting room: join it with the link below at the time of the consultation. The time stays the same.`,
  calendarNote: 'The attached calendar update (invite.ics) puts the new meeting place in your calendar.',
  action: 'View Your Booking',
} as const;

/** The client's letter, once, when the firm first writes the summary of their completed consultation. */
export const summaryReadyMessages = {
  subject: (code: string) => `Your consultation summary is ready — ${code}`,
  intro: (service: string) =>
    `${productName} has written the summary of your ${service} consultation. Read it on the booking's page, with any documents we attached for you.`,
  action: 'Read the Summary',
  outro: "The summary stays on the booking's page for as long as you have an account.",
} as const;
