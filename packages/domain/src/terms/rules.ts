// The Terms of Service page (docs/product.md#terms-of-service): the booking, payment and refund rules as the portal
// is configured, written as sentences a client understands. Built from the settings the public schedule answer
// carries, so the page never says other than what the server does.
import { taxRateText } from '../billing/amounts.ts';
import type { Schedule } from '../schedule/schedule.ts';
import { hoursText } from '../text/format.ts';

/**
 * How bookings are paid (PAYMENTS): `invoice`, an invoice issued at confirmation and paid by bank transfer;
 * `stripe`, a card authorised at booking and charged when the firm confirms.
 */
export const paymentModes = ['invoice', 'stripe'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** The payment settings the Terms state, as the public schedule answer gives them. */
export interface PaymentTerms {
  mode: PaymentMode;
  /** CURRENCY, ISO 4217 in lower case. */
  currency: string;
  /** TAX_RATE_PERCENT (8.875 for 8.875%); 0: no tax. */
  tax_rate_percent: number;
  /** INVOICE_DUE_DAYS: days from an invoice's date to its due date. */
  invoice_due_days: number;
  /** CHECKOUT_EXPIRY_MINUTES with card payments; null when bookings are paid by invoice. */
  checkout_expiry_minutes: number | null;
}

/** Everything the Terms are built from: the public schedule answer has all of it. */
export interface TermsSettings {
  schedule: Pick<Schedule, 'minNoticeHours' | 'horizonDays'>;
  /** CLIENT_CHANGE_NOTICE_HOURS (0: until the start). */
  client_change_notice_hours: number;
  /** PENDING_EXPIRY_HOURS (0: a request never expires). */
  pending_expiry_hours: number;
  payments: PaymentTerms;
}

/** One part of the Terms: a heading and its rules, one sentence or two each. */
export interface TermsSection {
  title: string;
  rules: string[];
}

export const termsTexts = {
  title: 'Terms of Service',
  intro:
    "These terms apply to the consultations you book through this portal. They are drawn from the portal's own settings, so they always describe how booking and paying work today.",
  loading: 'Loading the terms...',
  loadFailed: 'Failed to load the terms. Please try again.',
  questions: 'Questions about these terms?',
} as const;

const countOf = (amount: number, one: string, many: string) => `${amount} ${amount === 1 ? one : many}`;

/** 'until 24 hours before it starts', or 'until it starts' without a notice. */
function untilBefore(hours: number): string {
  return hours > 0 ? `until ${hoursText(hours)} before it starts` : 'until it starts';
}

function bookingRules(settings: TermsSettings): TermsSection {
  const { minNoticeHours, horizonDays } = settings.schedule;
  const earliest =
    minNoticeHours > 0 ? `at least ${hoursText(minNoticeHours)} before it starts` : 'before it starts';
  const expiry = settings.pending_expiry_hours;
  return {
    title: 'Booking a Consultation',
    rules: [
      `You book a consultation in one of the free times the booking page offers, ${earliest} and at most ${countOf(horizonDays, 'day', 'days')} ahead.`,
      'Your booking is a request until we confirm it; its time is held for you meanwhile.',
      expiry > 0
        ? `A request we have not confirmed within ${hoursText(expiry)} of being made, or by its start if that comes sooner, is cancelled and its time freed; you are told by email.`
        : 'A request stays pending until we confirm or decline it.',
    ],
  };
}

function changeRules(settings: TermsSettings): TermsSection {
  const notice = settings.client_change_notice_hours;
  return {
    title: 'Changes and Cancellation',
    rules: [
      `You can move a booking to another free time ${untilBefore(notice)}, and cancel it once we have confirmed it, ${notice > 0 ? 'until the same time' : 'until it starts'}.${notice > 0 ? ' Later than that, please contact us.' : ''}`,
      'We may decline a request or cancel a booking; you are told by email.',
    ],
  };
}

function paymentRules({ payments, pending_expiry_hours }: TermsSettings): TermsSection {
  const rules = [
    `Prices are in ${payments.currency.toUpperCase()}. A consultation costs its hourly rate for its length, as the booking page shows before you confirm; that price stays, whatever our rates later become.`,
  ];
  if (payments.tax_rate_percent > 0) {
    rules.push(`Tax at ${taxRateText(Math.round(payments.tax_rate_percent * 1000))} is added to the price.`);
  }
  if (payments.mode === 'invoice') {
    const due = payments.invoice_due_days;
    rules.push(
      'Nothing is paid when you book.',
      'When we confirm your booking, we issue its invoice and email it to you with the confirmation.',
      `Pay the invoice by bank transfer ${due > 0 ? `within ${countOf(due, 'day', 'days')} of its date` : 'on the day it is issued'}, with your booking's confirmation code as the payment reference; our bank details are on the invoice.`,
      'If an invoice is not paid by its due date, we send you one reminder.',
    );
  } else {
    const minutes = payments.checkout_expiry_minutes;
    rules.push(
      'You pay by card when you book: your card is authorised for the price, and nothing is charged yet.',
      minutes === null
        ? 'If you leave the card payment unfinished, the request is cancelled and its time freed.'
        : `If you do not finish the card payment within ${countOf(minutes, 'minute', 'minutes')}, the request is cancelled and its time freed.`,
      'Your card is charged only when we confirm the booking; its invoice, marked paid, is emailed to you.',
      `If we decline the request${pending_expiry_hours > 0 ? ', or it is not confirmed in time' : ''}, the authorisation is released and nothing is charged.`,
    );
  }
  return { title: 'Prices and Payment', rules };
}

function refundRules({ payments, client_change_notice_hours: notice }: TermsSettings): TermsSection {
  const yourCancellation =
    notice > 0 ? `by you, up to ${hoursText(notice)} before it starts` : 'by you before it starts';
  return {
    title: 'Cancellations and Refunds',
    rules:
      payments.mode === 'invoice'
        ? [
            `If a confirmed booking is cancelled (${yourCancellation}, or by us), its invoice is cancelled in full by a credit note, emailed to you: you owe nothing for it, and anything you had already paid on it is paid back to you.`,
          ]
        : [
            `If a confirmed booking is cancelled (${yourCancellation}, or by us), your card payment is refunded in full, and a credit note that cancels its invoice is emailed to you.`,
          ],
  };
}

/**
 * The Terms of Service as the portal is configured: booking, changes, prices and payment (by invoice or by card),
 * and refunds. One function, so that the page, its test and any other reader state the same rules.
 */
export function termsOfService(settings: TermsSettings): TermsSection[] {
  return [bookingRules(settings), changeRules(settings), paymentRules(settings), refundRules(settings)];
}
