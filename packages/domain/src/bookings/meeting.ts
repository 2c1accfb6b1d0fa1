// Where a consultation happens: its own video room, made from the firm's template and a random token when booked,
// or a location the firm sets instead; and the firm's summary once it is completed. No zod here: the web app's
// counters and first load use these.
import { normalizeText, type TextRule } from '../text/rule.ts';
import type { BookingStatus } from './statuses.ts';

/** Jitsi Meet's public service: a room exists as soon as someone opens its URL. */
export const defaultMeetingUrlTemplate = 'https://meet.jit.si/{room}';

/** An https:// URL with a `{room}` place for the booking's token. */
export function isMeetingUrlTemplate(template: string): boolean {
  if (!template.includes('{room}')) return false;
  try {
    return new URL(template.replaceAll('{room}', 'room')).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The room's URL: the template with its token (hex, so it needs no escaping in a path or a query). */
export function meetingUrl(template: string, room: string): string {
  return template.replaceAll('{room}', room);
}

/**
 * Whether a booking in this status tells where it happens (its room, or the location the firm set): only while it
 * is confirmed. Pending, nothing is settled yet; completed, the meeting is over (its summary follows); cancelled, it
 * will not take place (docs/product.md#where-the-meeting-happens). The one place this rule lives: the read model
 * applies it to every booking answer, and the calendar events and letters are made from those answers.
 */
export function showsMeetingPlace(status: BookingStatus): boolean {
  return status === 'confirmed';
}

/** The longest location the firm may set (an office address, a phone number), in characters. */
export const maxLocationLength = 300;

/** A location: one line of text under the one text rule. */
export const locationRule: TextRule = { label: 'Location', max: maxLocationLength };

/** The longest summary of a consultation, in characters. */
export const maxSummaryLength = 20_000;

/** A summary: several lines of text under the one text rule. */
export const summaryRule: TextRule = { label: 'Summary', max: maxSummaryLength, multiline: true };

/** A text's length as the counters show it: what the server counts once it has trimmed the text. */
export function keptLength(text: string): number {
  return normalizeText(text).length;
}

/** Texts of the meeting place and the summary, word for word as docs/product.md#messages lists them. */
export const meetingTexts = {
  // The API's refusals.
  locationRequired: 'Write where the consultation takes place, or clear the location',
  locationNotText: 'Location must be text, or null to clear it',
  summaryRequired: 'Write the summary first',
  summaryNotText: 'Summary must be text',
  summaryNotCompleted: (status: BookingStatus) =>
    `Only a completed consultation has a summary; this booking is ${status}`,
  summaryFirmOnly: "Only the firm writes a consultation's summary",
  // The booking's page: where the meeting happens.
  placeHeading: 'Where the Meeting Happens',
  join: 'Join the meeting',
  /** Beside the link: the room opens in a new tab. */
  joinHint: "The consultation's own video room opens in a new tab. Join it at the time of the consultation.",
  where: 'Where',
  pendingHint: 'The meeting link is shown here once the firm confirms the booking.',
  // The firm's Location control (administrators).
  locationLabel: 'Location',
  locationHint: `An office address or a phone number, at most ${maxLocationLength} characters, instead of the video room. The client is emailed a calendar update.`,
  saveLocation: 'Set Location',
  savingLocation: 'Setting...',
  clearLocation: 'Use the Video Room',
  clearingLocation: 'Clearing...',
  locationSet: 'The location is set. The client has been emailed a calendar update.',
  locationCleared: 'The video room is back. The client has been emailed a calendar update.',
  locationFailed: 'Failed to change the location. Please try again.',
  // The summary.
  summaryHeading: 'Summary',
  summaryIntroFirm:
    'What was discussed and what comes next, for the client. The first time it is saved, the client is emailed that it is ready.',
  summaryLabel: 'Summary for the client',
  summaryCounter: (length: number) => `${length}/${maxSummaryLength} characters`,
  saveSummary: 'Save Summary',
  savingSummary: 'Saving...',
  summarySaved: 'Summary saved',
  summaryFailed: 'The summary could not be saved. Please try again.',
} as const;
