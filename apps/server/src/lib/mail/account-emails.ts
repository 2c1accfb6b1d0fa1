// The e-mails of the accounts flows: verification, password reset, and the notice to an existing account.
import { productName, withIndefiniteArticle } from '@portal/domain';
import { compose, type MailMessage } from './letter.ts';

export function verificationEmail(to: string, url: string): MailMessage {
  const message = compose({
    to,
    subject: `Verify your email address for ${productName}`,
    intro: [
      `Thank you for registering with ${productName}. Please confirm your email address to activate your account.`,
    ],
    action: { label: 'Verify Email Address', url },
    outro: [
      'The link is valid for 24 hours. Once your address is confirmed, log in with the password you chose.',
      'If you did not create an account, you can ignore this email.',
    ],
  });
  return { ...message, oneTimeLink: true };
}

export function passwordResetEmail(to: string, url: string): MailMessage {
  const message = compose({
    to,
    subject: `Reset your ${productName} password`,
    intro: ['We received a request to reset the password for your account.'],
    action: { label: 'Reset Password', url },
    outro: [
      'The link is valid for 1 hour and can be used once. Setting a new password signs you out everywhere else.',
      'It also cancels your other reset links and your calendar feed link: subscribe to the new feed link on your profile page.',
      'If you did not ask for this, you can ignore this email; your password will not change.',
    ],
  });
  return { ...message, oneTimeLink: true };
}

/** Sent when someone registers with an address that already has an account (the sign-up answer is the same). */
export function existingAccountEmail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  return compose({
    to,
    subject: `You already have ${withIndefiniteArticle(productName)} account`,
    intro: [
      'Someone (probably you) tried to register with this email address, but it already has an account.',
      `If you forgot your password, you can reset it here: ${forgotUrl}`,
    ],
    action: { label: 'Log in', url: loginUrl },
    outro: ['If this was not you, you can ignore this email.'],
  });
}
