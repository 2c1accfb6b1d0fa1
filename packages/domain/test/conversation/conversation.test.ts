// The conversation's body rule, as the composer and the server both apply it, and its texts that count.
import { describe, expect, it } from 'vitest';
import {
  conversationLength,
  conversationTexts,
  maxConversationMessageLength,
  postConversationMessageBodySchema,
  sideOfRole,
} from '../../src/index.ts';

const parse = (body: unknown) => postConversationMessageBodySchema.safeParse({ body });
const problem = (body: unknown) => {
  const result = parse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('a message body', () => {
  it('is kept trimmed, its line breaks written one way', () => {
    expect(parse('  Hello\r\nthere\r  ').data).toEqual({ body: 'Hello\nthere' });
    expect(parse('x'.repeat(maxConversationMessageLength)).success).toBe(true);
    expect(parse(` ${'x'.repeat(maxConversationMessageLength)}\n`).success).toBe(true);
  });

  it('is refused blank, too long, not text, or with characters that are not text', () => {
    expect(problem('')).toBe(conversationTexts.bodyRequired);
    expect(problem(' \n\t ')).toBe(conversationTexts.bodyRequired);
    expect(problem(undefined)).toBe(conversationTexts.bodyRequired);
    expect(problem(7)).toBe(conversationTexts.bodyNotText);
    expect(problem('x'.repeat(maxConversationMessageLength + 1))).toBe(
      'Message must be at most 5000 characters',
    );
    expect(problem('a\u0000b')).toBe(
      'Message must not contain control characters other than tabs and line breaks',
    );
    expect(problem('\ud800')).toBe('Message contains characters that are not valid text');
  });

  it('is counted as it will be kept', () => {
    expect(conversationLength('  two\r\nlines ')).toBe('two\nlines'.length);
  });
});

describe('the texts', () => {
  it('count the new messages and name the sides', () => {
    expect(conversationTexts.unread(1)).toBe('1 new message');
    expect(conversationTexts.unread(3)).toBe('3 new messages');
    expect(sideOfRole('client')).toBe('client');
    expect(sideOfRole('admin')).toBe('firm');
    expect(sideOfRole('consultant')).toBe('firm');
  });
});
