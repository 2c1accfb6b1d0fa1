// The API contract of where a consultation happens and its summary (zod): the bodies of the firm's two writes. Both
// answer `{ booking }` (bookingResponseSchema). The plain rules and texts are in meeting.ts.
import { z } from 'zod';
import { textField } from '../text/field.ts';
import { locationRule, maxLocationLength, maxSummaryLength, meetingTexts, summaryRule } from './meeting.ts';

/** `PUT /api/admin/bookings/{id}/location`: a place instead of the video room, or null to bring the room back. */
export const setLocationBodySchema = z.object({
  location: z
    .string({
      error: (issue) =>
        issue.input === undefined ? meetingTexts.locationRequired : meetingTexts.locationNotText,
    })
    .pipe(textField(locationRule))
    .refine((value) => value.length > 0, { error: meetingTexts.locationRequired })
    .nullable()
    .describe(
      `Where the firm meets the client instead of the video room (an office address, a phone number): 1 to ${maxLocationLength} characters once trimmed, one line; null clears it and brings the room back`,
    ),
});
export type SetLocationBody = z.input<typeof setLocationBodySchema>;
export type SetLocationRequest = z.output<typeof setLocationBodySchema>;

/** `PUT /api/bookings/{id}/summary`: the firm's summary of a completed consultation, written anew each time. */
export const saveSummaryBodySchema = z.object({
  summary: z
    .string({
      error: (issue) =>
        issue.input === undefined ? meetingTexts.summaryRequired : meetingTexts.summaryNotText,
    })
    .pipe(textField(summaryRule))
    .refine((value) => value.length > 0, { error: meetingTexts.summaryRequired })
    .describe(`1 to ${maxSummaryLength} characters once trimmed, several lines`),
});
export type SaveSummaryBody = z.input<typeof saveSummaryBodySchema>;
export type SaveSummaryRequest = z.output<typeof saveSummaryBodySchema>;
