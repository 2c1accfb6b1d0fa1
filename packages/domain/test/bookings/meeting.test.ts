// Where a consultation happens and its summary (docs/product.md#where-the-meeting-happens, #the-summary): when the
// place is told, the two bodies the firm sends, and the history's sentence of a new place.
import { describe, expect, it } from 'vitest';
import {
  bookingStatuses,
  historySentence,
  keptLength,
  maxLocationLength,
  maxSummaryLength,
  meetingTexts,
  meetingUrl,
  saveSummaryBodySchema,
  setLocationBodySchema,
  showsMeetingPlace,
} from '../../src/index.ts';

describe('the meeting place', () => {
  it('is told only while the booking is confirmed', () => {
    expect(bookingStatuses.filter(showsMeetingPlace)).toEqual(['confirmed']);
  });

  it('is the template with the room in every place it names', () => {
    expect(meetingUrl('https://meet.example.com/{room}?r={room}', 'ab12')).toBe(
      'https://meet.example.com/ab12?r=ab12',
    );
  });

  it('reads a new place in the history as the firm’s', () => {
    expect(
      historySentence(
        { type: 'location_changed', from_status: 'confirmed', to_status: 'confirmed', by: 'admin' },
        'America/Phoenix',
      ),
    ).toBe('Meeting place changed by the firm');
  });
});

describe('the location body', () => {
  const parse = (body: unknown) => setLocationBodySchema.safeParse(body);

  it('takes one line up to the limit, trimmed, or null to bring the room back', () => {
    expect(parse({ location: '  +1 602 555 0147 ' }).data).toEqual({ location: '+1 602 555 0147' });
    expect(parse({ location: null }).data).toEqual({ location: null });
    expect(parse({ location: 'x'.repeat(maxLocationLength) }).success).toBe(true);
  });

  it('refuses a blank, missing, multi-line or too long location, in the product’s words', () => {
    const message = (body: unknown) => parse(body).error?.issues[0]?.message;
    expect(message({})).toBe(meetingTexts.locationRequired);
    expect(message({ location: ' ' })).toBe(meetingTexts.locationRequired);
    expect(message({ location: 7 })).toBe(meetingTexts.locationNotText);
    expect(message({ location: 'a\nb' })).toBe('Location must not contain control characters or line breaks');
    expect(message({ location: 'x'.repeat(maxLocationLength + 1) })).toBe(
      `Location must be at most ${maxLocationLength} characters`,
    );
  });
});

describe('the summary body', () => {
  const parse = (body: unknown) => saveSummaryBodySchema.safeParse(body);

  it('takes several lines up to the limit, trimmed, with line breaks written one way', () => {
    expect(parse({ summary: ' First.\r\n\r\nSecond.\t(done) ' }).data).toEqual({
      summary: 'First.\n\nSecond.\t(done)',
    });
    expect(parse({ summary: 'x'.repeat(maxSummaryLength) }).success).toBe(true);
    expect(keptLength(' First.\r\nSecond. ')).toBe(14);
  });

  it('refuses a blank, missing, not text or too long summary, in the product’s words', () => {
    const message = (body: unknown) => parse(body).error?.issues[0]?.message;
    expect(message({})).toBe(meetingTexts.summaryRequired);
    expect(message({ summary: '\n \n' })).toBe(meetingTexts.summaryRequired);
    expect(message({ summary: ['a'] })).toBe(meetingTexts.summaryNotText);
    expect(message({ summary: 'x'.repeat(maxSummaryLength + 1) })).toBe(
      `Summary must be at most ${maxSummaryLength} characters`,
    );
  });
});
