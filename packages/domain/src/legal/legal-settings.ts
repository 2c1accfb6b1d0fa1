// What the Privacy Policy and the Cookie Policy are built from (docs/product.md#privacy-and-cookies): the firm as
// it describes itself at /admin/settings, the versions, the retention periods housekeeping applies, who else
// processes data, and the cookies the server really sets. GET /api/legal answers it; no zod here (legal-schemas.ts).
import { twoFactorSignInMinutes } from '../accounts/two-factor.ts';
import type { PaymentMode } from '../terms/rules.ts';
import type { LegalDocument } from './documents.ts';
import { retention } from './retention.ts';

/** The firm as it publishes itself: its legal name, address and tax id from /admin/settings, its reply address. */
export interface LegalFirm {
  name: string;
  /** One or more lines; empty until the firm saves it. */
  address: string;
  /** The firm's own address (REPLY_TO, else the first FIRM_EMAIL); null: reach it through the contact page. */
  email: string | null;
  /** Empty until the firm saves it. */
  tax_id: string;
}

/** Each retention period, as housekeeping applies it (retention.ts). */
export interface LegalRetention {
  unverified_account_days: number;
  session_days: number;
  session_max_days: number;
  sent_mail_days: number;
  undelivered_mail_days: number;
  contact_message_days: number;
  counter_hours: number;
}

/** Someone other than the firm that handles personal data for it. */
export interface LegalProcessor {
  name: string;
  /** What it does for the firm. */
  purpose: string;
  /** What it receives. */
  data: string;
}

/** A cookie the server sets: its exact name, why, how long, and when it is set. */
export interface LegalCookie {
  name: string;
  purpose: string;
  lifetime: string;
  when: string;
  http_only: boolean;
}

/** The answer of GET /api/legal. */
export interface LegalSettings {
  firm: LegalFirm;
  versions: Record<LegalDocument, string>;
  retention: LegalRetention;
  /** How bookings are paid (PAYMENTS). */
  payments: PaymentMode;
  processors: LegalProcessor[];
  cookies: LegalCookie[];
}

/** The retention periods in the answer's words. */
export function legalRetention(): LegalRetention {
  return {
    unverified_account_days: retention.unverifiedAccountDays,
    session_days: retention.sessionDays,
    session_max_days: retention.sessionMaxDays,
    sent_mail_days: retention.sentMailDays,
    undelivered_mail_days: retention.undeliveredMailDays,
    contact_message_days: retention.contactMessageDays,
    counter_hours: retention.counterHours,
  };
}

/**
 * Who else handles personal data: the firm's email provider when mail goes out through one (SMTP_URL; its host and
 * credentials are never said), and Stripe when cards are taken (PAYMENTS=stripe).
 */
export function legalProcessors(options: { mailProvider: boolean; payments: PaymentMode }): LegalProcessor[] {
  const processors: LegalProcessor[] = [];
  if (options.mailProvider) {
    processors.push({
      name: "The firm's email provider",
      purpose: 'Delivers the emails the portal sends',
      data: 'Your email address and the contents of the emails sent to you',
    });
  }
  if (options.payments === 'stripe') {
    processors.push({
      name: 'Stripe',
      purpose: 'Takes card payments and refunds them',
      data: 'Your email address, the price of the booking, and the card details you type on its payment page (the portal never sees your card number)',
    });
  }
  return processors;
}

/** The prefix browsers require of a cookie set over https with the Secure flag (better-auth adds it). */
const securePrefix = '__Secure-';

/** The cookies' names as the server sets them over http (`portal.` is the accounts library's prefix). */
export const portalCookieNames = {
  session: 'portal.session_token',
  twoFactor: 'portal.two_factor',
  dontRemember: 'portal.dont_remember',
} as const;

/**
 * Every cookie the server sets, and only those: the session, the short second step of a sign-in with a second
 * factor, and the marker of a sign-in asked not to be remembered. Over https each name takes `__Secure-`.
 */
export function legalCookies(options: { https: boolean }): LegalCookie[] {
  const named = (name: string) => (options.https ? `${securePrefix}${name}` : name);
  return [
    {
      name: named(portalCookieNames.session),
      purpose: 'Keeps you signed in: it identifies your session, which you can see and end in your Profile',
      lifetime: `${retention.sessionDays} days from your last visit, and never more than ${retention.sessionMaxDays} days after you logged in; deleted when you log out`,
      when: 'When you log in',
      http_only: true,
    },
    {
      name: named(portalCookieNames.twoFactor),
      purpose: 'Remembers, between the two steps of a sign-in, that your password was right',
      lifetime: `${twoFactorSignInMinutes} minutes`,
      when: 'Only while you log in with a second factor',
      http_only: true,
    },
    {
      name: named(portalCookieNames.dontRemember),
      purpose: 'Ends your session when the browser closes',
      lifetime: 'Until the browser closes',
      when: "Only when a sign-in asks not to be remembered (the portal's own pages never do)",
      http_only: true,
    },
  ];
}
