// The e-mails of the accounts flows: plain text and HTML, with the product's name and the link.
import { productName } from '@portal/domain';
import type { MailMessage } from './outbox.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Letter {
  to: string;
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

function compose(letter: Letter): MailMessage {
  const { action } = letter;
  const text = [
    'Hello,',
    '',
    ...letter.intro.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...letter.outro.flatMap((paragraph) => [paragraph, '']),
    `— ${productName}`,
  ].join('\n');
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#ffffff;` +
      `padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      paragraph('If the button does not work, copy this link into your browser:') +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html =
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f9fafb;margin:0;padding:24px">' +
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">' +
    `<h1 style="font-size:20px;margin:0 0 24px;color:#1e3a8a">${escapeHtml(productName)}</h1>` +
    paragraph('Hello,') +
    letter.intro.map(paragraph).join('') +
    button +
    letter.outro.map(paragraph).join('') +
    `<p style="margin:24px 0 0;color:#6b7280;font-size:12px">${escapeHtml(productName)} client portal</p>` +
    '</div></body></html>';
  return { to: letter.to, subject: letter.subject, text, html };
}

export function verificationEmail(to: string, url: string): MailMessage {
  return compose({
    to,
    subject: `Verify your email address for ${productName}`,
    intro: [
      `Thank you for registering with ${productName}. Please confirm your email address to activate your account.`,
    ],
    action: { label: 'Verify email address', url },
    outro: [
      'The link is valid for 24 hours and signs you in.',
      'If you did not create an account, you can ignore this email.',
    ],
  });
}

export function passwordResetEmail(to: string, url: string): MailMessage {
  return compose({
    to,
    subject: `Reset your ${productName} password`,
    intro: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset password', url },
    outro: [
      'The link is valid for 1 hour and can be used once. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  });
}

/** Sent when someone registers with an address that already has an account (the sign-up answer is the same). */
export function existingAccountEmail(to: string, loginUrl: string, forgotUrl: string): MailMessage {
  return compose({
    to,
    subject: `You already have a ${productName} account`,
    intro: [
      'Someone (probably you) tried to register with this email address, but it already has an account.',
      `If you forgot your password, you can reset it here: ${forgotUrl}`,
    ],
    action: { label: 'Log in', url: loginUrl },
    outro: ['If this was not you, you can ignore this email.'],
  });
}

/** The links of a plain-text message (the dev mailbox logs and shows them). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
