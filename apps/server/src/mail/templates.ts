// The e-mails of the accounts flows and of booking decisions: plain text and HTML, with the product's name and
// the link.
import { type Booking, productName } from '@portal/domain';
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
  /** The greeting's name ('Hello Ada,'); none: 'Hello,'. */
  name?: string | undefined;
  /** Paragraphs before the button. */
  intro: string[];
  /** Facts shown as a list of label and value after the intro (a booking's date, time, cost…). */
  details?: [label: string, value: string][];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

function compose(letter: Letter): MailMessage {
  const { action, details = [] } = letter;
  const greeting = letter.name ? `Hello ${letter.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    ...letter.intro.flatMap((paragraph) => [paragraph, '']),
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
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
  const facts =
    details.length > 0
      ? '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">' +
        details
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#4b5563;font-weight:normal;vertical-align:top">${escapeHtml(label)}</th>` +
              `<td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        '</table>'
      : '';
  const html =
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f9fafb;margin:0;padding:24px">' +
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">' +
    `<h1 style="font-size:20px;margin:0 0 24px;color:#1e3a8a">${escapeHtml(productName)}</h1>` +
    paragraph(greeting) +
    letter.intro.map(paragraph).join('') +
    facts +
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

// ——— Booking decisions (an administrator confirmed, completed or cancelled a booking) ———

/** How a zone is named to people at an instant: 'Mountain Standard Time (America/Phoenix)'. */
export function zoneName(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
}

/** 'Wednesday, July 1, 2026' from the booking's day in the business zone. */
function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

/** '09:00 – 10:00 Mountain Standard Time (America/Phoenix)'. */
export function bookingTimeRange(booking: Booking): string {
  const slot = booking.time_slots[0];
  const range = slot ? `${slot.start_time} – ${slot.end_time}` : '';
  return `${range} ${zoneName(booking.time_zone, new Date(booking.starts_at))}`.trim();
}

function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

function bookingDetails(booking: Booking): [string, string][] {
  return [
    ['Service', booking.services.name],
    ['Date', longDate(booking.booking_date)],
    ['Time', bookingTimeRange(booking)],
    ['Total cost', dollars(booking.total_cost)],
    ['Confirmation code', booking.confirmation_code],
  ];
}

function firstName(booking: Booking): string | undefined {
  return booking.user_profiles.first_name?.trim() || undefined;
}

/** Sent when an administrator confirms a booking; the calendar invitation travels with it. */
export function bookingConfirmedEmail(booking: Booking, myBookingsUrl: string): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Your consultation is confirmed — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [
      `Good news: your ${booking.services.name} consultation is confirmed. We look forward to meeting you.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [
      'A calendar invitation is attached (invite.ics): open it to add the consultation to your calendar.',
      'If you can no longer attend, you can cancel the booking in My Bookings.',
    ],
  });
}

/** Sent when an administrator cancels a booking; a confirmed one also gets the calendar cancellation. */
export function bookingCancelledEmail(
  booking: Booking,
  myBookingsUrl: string,
  withCalendar: boolean,
): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Your consultation has been cancelled — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [`Your ${booking.services.name} consultation has been cancelled.`],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: [
      ...(withCalendar
        ? ['The attached calendar update (invite.ics) removes the consultation from your calendar.']
        : []),
      'If you did not expect this or would like another time, you are welcome to book a new consultation.',
    ],
  });
}

/** Sent when an administrator marks a booking completed: a thank-you, no calendar part. */
export function bookingCompletedEmail(booking: Booking, myBookingsUrl: string): MailMessage {
  return compose({
    to: booking.user_profiles.email,
    subject: `Thank you for your consultation — ${booking.confirmation_code}`,
    name: firstName(booking),
    intro: [
      `Thank you for choosing ${productName}. Your ${booking.services.name} consultation is now complete.`,
    ],
    details: bookingDetails(booking),
    action: { label: 'View My Bookings', url: myBookingsUrl },
    outro: ['We would be glad to help again: you can book your next consultation at any time.'],
  });
}

/** The links of a plain-text message (the dev mailbox logs and shows them). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
