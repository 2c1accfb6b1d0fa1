// A card payment's Checkout as the booking's pages speak of it (docs/product.md#the-booking-wizard).

/** Stripe sends the client back to `/booking/{id}?checkout=finished`, or `=left` when they leave Checkout. */
export const checkoutReturnParam = 'checkout';
export const checkoutReturns = ['finished', 'left'] as const;
export type CheckoutReturn = (typeof checkoutReturns)[number];

/** The `checkout` parameter of the booking's page, when it is one Stripe sends back. */
export function checkoutReturnOf(value: string | null): CheckoutReturn | undefined {
  return checkoutReturns.find((each) => each === value);
}

export const checkoutTexts = {
  payByCard: 'Pay by Card',
  /** Beside Pay by Card while the card payment is awaited. */
  timeHeld:
    'Your time is held until your card is authorised. If it is not authorised in time, the booking is cancelled and the time freed.',
  /** Back from Checkout before Stripe's webhook has reached the portal. */
  finished: 'Thank you: your card payment is being recorded.',
  /** Back from Checkout once the webhook has: the card is held, charged when the firm confirms. */
  authorised: 'Thank you: your card is authorised. It is charged when the firm confirms the booking.',
  /** Back from Checkout without paying. */
  left: 'Your card payment was not finished. Pay by Card lets you finish it.',
} as const;
