// A booking's history as its client reads it: one sentence per entry, times in the business zone.
import { describe, expect, it } from 'vitest';
import { historySentence } from '../../src/index.ts';

const zone = 'America/Phoenix';

describe('historySentence', () => {
  it('writes each kind of entry as the product words it', () => {
    expect(
      historySentence({ type: 'created', from_status: null, to_status: 'pending', by: 'client' }, zone),
    ).toBe('Booked');
    expect(
      historySentence(
        { type: 'status_changed', from_status: 'pending', to_status: 'confirmed', by: 'admin' },
        zone,
      ),
    ).toBe('Confirmed by the firm');
    expect(
      historySentence(
        { type: 'status_changed', from_status: 'pending', to_status: 'cancelled', by: 'system' },
        zone,
      ),
    ).toBe('Cancelled automatically: not confirmed in time');
    expect(
      historySentence(
        { type: 'status_changed', from_status: 'confirmed', to_status: 'cancelled', by: 'client' },
        zone,
      ),
    ).toBe('Cancelled by you');
    expect(
      historySentence(
        { type: 'status_changed', from_status: 'confirmed', to_status: 'completed', by: 'admin' },
        zone,
      ),
    ).toBe('Marked completed by the firm');
    expect(
      historySentence(
        { type: 'reviewed', from_status: 'completed', to_status: 'completed', by: 'client' },
        zone,
      ),
    ).toBe('Reviewed');
  });

  it('names both times of a move in the business zone', () => {
    const moved = {
      type: 'rescheduled' as const,
      from_status: 'confirmed' as const,
      to_status: 'confirmed' as const,
      // 09:00 and 10:00 in Phoenix (UTC−7 all year).
      from_starts_at: '2030-01-07T16:00:00.000Z',
      starts_at: '2030-01-08T17:00:00.000Z',
      by: 'client' as const,
    };
    expect(historySentence(moved, zone)).toBe(
      'Moved from Mon, Jan 7, 2030, 9 AM MST to Tue, Jan 8, 2030, 10 AM MST',
    );
  });

  it('names both consultants of a move to another consultant', () => {
    const reassigned = {
      type: 'reassigned' as const,
      from_status: 'pending' as const,
      to_status: 'pending' as const,
      from_consultant: 'Ada Byron',
      to_consultant: 'Alan Turing',
      by: 'admin' as const,
    };
    expect(historySentence(reassigned, zone)).toBe('Moved from Ada Byron to Alan Turing by the firm');
  });
});
