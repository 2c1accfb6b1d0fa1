import { describe, expect, it } from 'vitest';
import { defaultSchedule } from '../../src/schedule/schedule.ts';
import { publicScheduleResponseSchema } from '../../src/schedule/schemas.ts';
import { type TermsSettings, termsOfService } from '../../src/terms/rules.ts';

/** A default configuration: paid by invoice in usd, no tax, 14 days to pay, 24 hours' notice, 72 hours to confirm. */
const byInvoice: TermsSettings = {
  schedule: { minNoticeHours: 2, horizonDays: 60 },
  client_change_notice_hours: 24,
  pending_expiry_hours: 72,
  payments: {
    mode: 'invoice',
    currency: 'usd',
    tax_rate_percent: 0,
    invoice_due_days: 14,
    checkout_expiry_minutes: null,
  },
};

const byCard: TermsSettings = {
  ...byInvoice,
  payments: {
    mode: 'stripe',
    currency: 'eur',
    tax_rate_percent: 8.875,
    invoice_due_days: 14,
    checkout_expiry_minutes: 30,
  },
};

describe('termsOfService', () => {
  it('states the booking, change, payment and refund rules of invoice payments, as configured', () => {
    expect(termsOfService(byInvoice)).toEqual([
      {
        title: 'Booking a Consultation',
        rules: [
          'You book a consultation in one of the free times the booking page offers, at least 2 hours before it starts and at most 60 days ahead.',
          'Your booking is a request until we confirm it; its time is held for you meanwhile.',
          'A request we have not confirmed within 72 hours of being made, or by its start if that comes sooner, is cancelled and its time freed; you are told by email.',
        ],
      },
      {
        title: 'Changes and Cancellation',
        rules: [
          'You can move a booking to another free time until 24 hours before it starts, and cancel it once we have confirmed it, until the same time. Later than that, please contact us.',
          'We may decline a request or cancel a booking; you are told by email.',
        ],
      },
      {
        title: 'Prices and Payment',
        rules: [
          'Prices are in USD. A consultation costs its hourly rate for its length, as the booking page shows before you confirm; that price stays, whatever our rates later become.',
          'Nothing is paid when you book.',
          'When we confirm your booking, we issue its invoice and email it to you with the confirmation.',
          "Pay the invoice by bank transfer within 14 days of its date, with your booking's confirmation code as the payment reference; our bank details are on the invoice.",
          'If an invoice is not paid by its due date, we send you one reminder.',
        ],
      },
      {
        title: 'Cancellations and Refunds',
        rules: [
          'If a confirmed booking is cancelled (by you, up to 24 hours before it starts, or by us), its invoice is cancelled in full by a credit note, emailed to you: you owe nothing for it, and anything you had already paid on it is paid back to you.',
        ],
      },
    ]);
  });

  it('states card payments: authorised at booking, charged at confirmation, released or refunded', () => {
    const [booking, changes, payment, refunds] = termsOfService(byCard);
    expect(booking).toEqual(termsOfService(byInvoice)[0]);
    expect(changes).toEqual(termsOfService(byInvoice)[1]);
    expect(payment).toEqual({
      title: 'Prices and Payment',
      rules: [
        'Prices are in EUR. A consultation costs its hourly rate for its length, as the booking page shows before you confirm; that price stays, whatever our rates later become.',
        'Tax at 8.875% is added to the price.',
        'You pay by card when you book: your card is authorised for the price, and nothing is charged yet.',
        'If you do not finish the card payment within 30 minutes, the request is cancelled and its time freed.',
        'Your card is charged only when we confirm the booking; its invoice, marked paid, is emailed to you.',
        'If we decline the request, or it is not confirmed in time, the authorisation is released and nothing is charged.',
      ],
    });
    expect(refunds).toEqual({
      title: 'Cancellations and Refunds',
      rules: [
        'If a confirmed booking is cancelled (by you, up to 24 hours before it starts, or by us), your card payment is refunded in full, and a credit note that cancels its invoice is emailed to you.',
      ],
    });
    // Nothing of paying by transfer is said.
    expect(JSON.stringify(termsOfService(byCard))).not.toMatch(/bank transfer|reminder/);
  });

  it('says what a setting of 0 means: no notice, no expiry, no minimum notice, due on the day', () => {
    const settings: TermsSettings = {
      schedule: { minNoticeHours: 0, horizonDays: 1 },
      client_change_notice_hours: 0,
      pending_expiry_hours: 0,
      payments: { ...byInvoice.payments, invoice_due_days: 0, tax_rate_percent: 20 },
    };
    const rules = termsOfService(settings).flatMap((section) => section.rules);
    expect(rules).toContain(
      'You book a consultation in one of the free times the booking page offers, before it starts and at most 1 day ahead.',
    );
    expect(rules).toContain('A request stays pending until we confirm or decline it.');
    expect(rules).toContain(
      'You can move a booking to another free time until it starts, and cancel it once we have confirmed it, until it starts.',
    );
    expect(rules).toContain('Tax at 20% is added to the price.');
    expect(rules.join(' ')).toContain('by bank transfer on the day it is issued');
    expect(rules.join(' ')).toContain('(by you before it starts, or by us)');
    const card = termsOfService({
      ...settings,
      payments: { ...byCard.payments, checkout_expiry_minutes: 1 },
    });
    const cardRules = card.flatMap((section) => section.rules);
    expect(cardRules).toContain(
      'If you do not finish the card payment within 1 minute, the request is cancelled and its time freed.',
    );
    // Without an expiry a request is never "not confirmed in time".
    expect(cardRules).toContain(
      'If we decline the request, the authorisation is released and nothing is charged.',
    );
  });

  it('is built from the public schedule answer as the API gives it', () => {
    const answer = publicScheduleResponseSchema.parse({
      schedule: defaultSchedule,
      closures: [],
      timeZone: 'America/Phoenix',
      client_change_notice_hours: 24,
      pending_expiry_hours: 72,
      payments: byInvoice.payments,
    });
    expect(termsOfService(answer)).toEqual(termsOfService({ ...byInvoice, schedule: defaultSchedule }));
    expect(() =>
      publicScheduleResponseSchema.parse({ ...answer, payments: { ...answer.payments, mode: 'cash' } }),
    ).toThrow();
  });
});
