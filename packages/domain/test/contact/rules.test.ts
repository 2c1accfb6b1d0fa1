import { describe, expect, it } from 'vitest';
import {
  contactBodySchema,
  contactFormSchema,
  contactMessageProblem,
  contactMessages,
} from '../../src/index.ts';

const valid = {
  name: ' Ada Lovelace ',
  email: ' ada@example.com ',
  subject: 'A question',
  message: 'Twenty characters, at the very least.',
};

describe('the contact form rules', () => {
  it('counts the message after trimming: 20 characters are enough, 19 are not', () => {
    expect(contactMessageProblem(`  ${'x'.repeat(20)}\n`)).toBeUndefined();
    expect(contactMessageProblem(`  ${'x'.repeat(19)}  `)).toBe(contactMessages.messageTooShort(19));
    expect(contactMessageProblem('   ')).toBe(contactMessages.messageRequired);
    expect(contactMessageProblem(undefined)).toBe(contactMessages.messageRequired);
    expect(contactMessageProblem('x'.repeat(5001))).toBe('Message must be at most 5000 characters');
  });

  it('trims what it takes, and reads a missing service as none', () => {
    expect(contactBodySchema.parse(valid)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A question',
      message: valid.message,
      serviceId: null,
    });
    expect(contactBodySchema.parse({ ...valid, serviceId: 3, website: '' })).toMatchObject({
      serviceId: 3,
      website: '',
    });
  });

  it("reads the form's service choice: '' is none, an id is that service, anything else is refused", () => {
    expect(contactFormSchema.parse({ ...valid, serviceId: '' }).serviceId).toBeNull();
    expect(contactFormSchema.parse({ ...valid, serviceId: '2' }).serviceId).toBe(2);
    const refused = contactFormSchema.safeParse({ ...valid, serviceId: 'abc' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['serviceId', contactMessages.serviceInvalid],
    ]);
  });
});
