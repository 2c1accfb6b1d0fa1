import { describe, expect, it } from 'vitest';
import {
  bookingStatuses,
  clientCancelRefusal,
  confirmationCode,
  createBookingBodySchema,
  isActiveBookingStatus,
  projectDescriptionError,
  totalCost,
} from '../../src/index.ts';

const phoenix = 'America/Phoenix';

describe('pricing, codes and statuses', () => {
  it('prices rate × duration / 60 in whole dollars', () => {
    expect(totalCost(150, 60)).toBe(150);
    expect(totalCost(125, 90)).toBe(188); // 187.5 rounds up
    expect(totalCost(175, 45)).toBe(131); // 131.25
    expect(totalCost(0, 60)).toBe(0);
  });

  it('builds OT-{year}-{id padded to 3}', () => {
    expect(confirmationCode(7, new Date('2030-05-01T12:00:00Z'))).toBe('OT-2030-007');
    expect(confirmationCode(1234, '2031-02-01T00:00:00Z')).toBe('OT-2031-1234');
    // New Year's Eve evening in Phoenix is already the new year in UTC.
    expect(confirmationCode(5, '2031-01-01T03:00:00Z', phoenix)).toBe('OT-2030-005');
    expect(confirmationCode(5, '2031-01-01T03:00:00Z', 'UTC')).toBe('OT-2031-005');
  });

  it('lets a client cancel only a confirmed booking; pending and confirmed hold their slot', () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(
      bookingStatuses.filter((status) => clientCancelRefusal(status, tomorrow, new Date()) === undefined),
    ).toEqual(['confirmed']);
    expect(bookingStatuses.filter(isActiveBookingStatus)).toEqual(['pending', 'confirmed']);
  });
});

describe('the description rule', () => {
  it('trims, requires and wants 20 characters, with the product messages', () => {
    expect(projectDescriptionError(undefined)).toBe('Project description is required');
    expect(projectDescriptionError('   ')).toBe('Project description is required');
    expect(projectDescriptionError('  too short  ')).toBe(
      'Project description must be at least 20 characters (currently 9)',
    );
    expect(projectDescriptionError(`  ${'x'.repeat(20)}  `)).toBeUndefined();
  });

  it('is the same rule in the request schema', () => {
    const base = { serviceId: 1, startsAt: '2030-01-07T16:00:00Z' };
    const short = createBookingBodySchema.safeParse({ ...base, projectDescription: ' short ' });
    expect(short.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['projectDescription', 'Project description must be at least 20 characters (currently 5)'],
    ]);
    const missing = createBookingBodySchema.safeParse(base);
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['Project description is required']);
    const ok = createBookingBodySchema.parse({ ...base, projectDescription: `  ${'y'.repeat(25)} ` });
    expect(ok).toEqual({
      ...base,
      projectDescription: 'y'.repeat(25),
      urgency: 'normal',
      preferredContact: 'email',
      additionalNotes: null,
      answers: {},
    });
  });
});
