// Money in integer cents (docs/decisions/049): a booking's amount, the tax on it, and the currency.

/** Cents in one unit of the currency (every currency the portal takes has two decimals). */
const centsPerUnit = 100;

/**
 * A booking's amount in cents: the hourly rate (whole units of the currency) × minutes / 60, rounded to the cent
 * once, a half cent up. Exact: the product is a whole number before the one division.
 */
export function amountCents(hourlyRate: number, durationMinutes: number): number {
  return Math.round((hourlyRate * centsPerUnit * durationMinutes) / 60);
}

/** A tax rate as thousandths of a percent (8.875% is 8875): whole numbers, so tax is exact. */
export type TaxRate = number;

const taxRatePattern = /^(\d{1,2})(?:\.(\d{1,3}))?$/;

/** TAX_RATE_PERCENT ('0', '20', '8.875'): 0 to 99.999 with at most three decimals; undefined otherwise. */
export function parseTaxRate(text: string): TaxRate | undefined {
  const match = taxRatePattern.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** The rate as a percentage to print: 8875 → '8.875%'. */
export function taxRateText(rate: TaxRate): string {
  return `${(rate / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}

/** The tax on an amount: rounded to the cent once, a half cent up. */
export function taxCents(subtotalCents: number, rate: TaxRate): number {
  return Math.round((subtotalCents * rate) / 100_000);
}

/** What the client pays: the amount and its tax (an invoice's total; the sum a card is authorised for). */
export function grossCents(subtotalCents: number, rate: TaxRate): number {
  return subtotalCents + taxCents(subtotalCents, rate);
}

/** ISO 4217 codes, lower case as Stripe writes them ('usd'). */
const currencyPattern = /^[a-z]{3}$/;

export function isCurrency(text: string): boolean {
  return currencyPattern.test(text);
}

/** An amount in cents written for people: '$262.50', '€1,250.00', '-$150.00'. */
export function moneyText(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / centsPerUnit,
  );
}

/** An hourly rate in whole units: '$150/hour'. */
export function rateText(units: number, currency: string): string {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: 0,
  }).format(units);
  return `${amount}/hour`;
}

/** Cents as a plain decimal for spreadsheets and accountants: 26250 → '262.50', -15000 → '-150.00'. */
export function decimalAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / centsPerUnit)}.${String(whole % centsPerUnit).padStart(2, '0')}`;
}

const amountPattern = /^(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/;

/** An amount as a person types it ('262.50', '1,250', '80.5') in cents; undefined when it is none. */
export function centsOf(text: string): number | undefined {
  const match = amountPattern.exec(text.trim());
  if (!match) return undefined;
  const units = Number((match[1] ?? '').replaceAll(',', ''));
  return units * centsPerUnit + Number((match[2] ?? '').padEnd(2, '0'));
}
