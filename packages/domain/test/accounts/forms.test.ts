import { describe, expect, it } from 'vitest';
import {
  completeProfileFormSchema,
  forgotPasswordFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from '../../src/index.ts';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('registerFormSchema', () => {
  it('asks for every field', () => {
    expect(
      messagesOf(registerFormSchema.safeParse({ email: '', password: '', confirmPassword: '' })),
    ).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('checks the address, the length and the confirmation', () => {
    expect(
      messagesOf(registerFormSchema.safeParse({ email: 'nope', password: 'abc', confirmPassword: 'abd' })),
    ).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      registerFormSchema.safeParse({
        email: 'a@example.com',
        password: 'secret-9',
        confirmPassword: 'secret-9',
      }).success,
    ).toBe(true);
  });
});

describe('forgotPasswordFormSchema', () => {
  it('asks for the address', () => {
    expect(messagesOf(forgotPasswordFormSchema.safeParse({ email: ' ' }))).toEqual({
      email: 'Please enter your email address',
    });
  });
});

describe('resetPasswordFormSchema', () => {
  it('gives one message at a time in the order of the form', () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ newPassword: '', confirmPassword: 'x' }))).toEqual({
      newPassword: 'Please fill in all fields',
    });
    expect(
      messagesOf(resetPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abd' })),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messagesOf(resetPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' })),
    ).toEqual({
      newPassword: 'Password must be at least 6 characters long',
    });
  });
});

describe('completeProfileFormSchema', () => {
  it('requires both names', () => {
    expect(
      messagesOf(
        completeProfileFormSchema.safeParse({ firstName: ' ', lastName: 'Doe', phone: '', company: '' }),
      ),
    ).toEqual({ firstName: 'First name and last name are required' });
  });
});
