import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeText, textField, textProblem } from '../../src/index.ts';

const phone = { label: 'Phone', max: 10 };
const notes = { label: 'Notes', max: 50, multiline: true };

describe('the text rule', () => {
  it('refuses NUL and every other control character on one line, tabs and line breaks included', () => {
    for (const value of ['a\u0000b', 'a\u0007', '\u001b[31m', 'a\u007fb', 'a\u0085b', 'a\tb', 'a\nb']) {
      expect(textProblem(value, phone), JSON.stringify(value)).toBe(
        'Phone must not contain control characters or line breaks',
      );
    }
  });

  it('lets several lines keep their tabs and line breaks, and nothing else', () => {
    expect(textProblem('first\n\tsecond', notes)).toBeUndefined();
    expect(textProblem('first\u0000second', notes)).toBe(
      'Notes must not contain control characters other than tabs and line breaks',
    );
  });

  it('refuses a lone surrogate, which is not text (PostgreSQL cannot store it)', () => {
    expect(textProblem('a\ud800b', phone)).toBe('Phone contains characters that are not valid text');
    expect(textProblem('emoji 😀', notes)).toBeUndefined();
  });

  it('accepts right-to-left marks and other letters', () => {
    expect(textProblem('\u200fשלום', phone)).toBeUndefined();
  });

  it('counts the length after trimming and writes line breaks one way', () => {
    expect(normalizeText('  a\r\nb\rc  ')).toBe('a\nb\nc');
    expect(textProblem('12345678901', phone)).toBe('Phone must be at most 10 characters');
  });

  it('as a zod field, gives back the normalized text or the problem as the message', () => {
    expect(textField(notes).parse('  one\r\ntwo ')).toBe('one\ntwo');
    const refused = textField(phone).safeParse('0\u00001');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Phone must not contain control characters or line breaks',
    );
  });

  it('never lets through what it refuses, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        const parsed = textField(notes).safeParse(value);
        if (!parsed.success) return;
        expect(parsed.data.isWellFormed()).toBe(true);
        expect(/[^\P{Cc}\t\n]/u.test(parsed.data)).toBe(false);
        expect(parsed.data.length).toBeLessThanOrEqual(notes.max);
        expect(parsed.data).toBe(parsed.data.trim());
      }),
    );
  });
});
