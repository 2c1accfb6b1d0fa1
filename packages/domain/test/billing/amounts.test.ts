import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountCents,
  centsOf,
  decimalAmount,
  invoiceNumber,
  invoiceStatus,
  moneyText,
  openCents,
  parseTaxRate,
  taxCents,
  taxRateText,
  totalCost,
} from '../../src/index.ts';

describe('amounts', () => {
  it('are rate × duration in cents, rounded once: $175 × 90 min is $262.50', () => {
    expect(amountCents(175, 90)).toBe(26_250);
    expect(amountCents(150, 60)).toBe(15_000);
    // 0.5 cent rounds up: $1 × 1 min = 1.666… cents; $3 × 1 min = 5 cents exactly.
    expect(amountCents(1, 1)).toBe(2);
    expect(amountCents(3, 1)).toBe(5);
    expect(moneyText(26_250, 'usd')).toBe('$262.50');
    expect(moneyText(125_000, 'eur')).toBe('€1,250.00');
  });

  it('are within half a cent of the exact amount and agree with the whole-dollar total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 24 * 60 }),
        (rate, minutes) => {
          const cents = amountCents(rate, minutes);
          expect(Number.isInteger(cents)).toBe(true);
          expect(Math.abs(cents - (rate * 100 * minutes) / 60)).toBeLessThanOrEqual(0.5);
          // The whole-dollar total the spec shows is the same amount, rounded to the dollar.
          expect(Math.abs(totalCost(rate, minutes) * 100 - cents)).toBeLessThanOrEqual(50.5);
        },
      ),
    );
  });

  it('tax is exact in thousandths of a percent, rounded to the cent once', () => {
    expect(parseTaxRate('0')).toBe(0);
    expect(parseTaxRate('20')).toBe(20_000);
    expect(parseTaxRate('8.875')).toBe(8875);
    expect(parseTaxRate(' 7.5 ')).toBe(7500);
    for (const bad of ['', '-1', '100', '8.8751', 'abc', '1e2', '.5'])
      expect(parseTaxRate(bad)).toBeUndefined();
    expect(taxRateText(8875)).toBe('8.875%');
    // 8.875% of $262.50 = 23.296875 → 23.30.
    expect(taxCents(26_250, 8875)).toBe(2330);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 99_999 }),
        (subtotal, rate) => {
          const tax = taxCents(subtotal, rate);
          expect(Number.isInteger(tax)).toBe(true);
          expect(Math.abs(tax - (subtotal * rate) / 100_000)).toBeLessThanOrEqual(0.5);
          expect(tax).toBeLessThanOrEqual(subtotal);
        },
      ),
    );
  });
});

describe('invoice numbers', () => {
  it('are INV-{year}-{0001} and CN-{year}-{0001}', () => {
    expect(invoiceNumber('invoice', 2026, 1)).toBe('INV-2026-0001');
    expect(invoiceNumber('credit_note', 2027, 42)).toBe('CN-2027-0042');
    expect(invoiceNumber('invoice', 2026, 12_345)).toBe('INV-2026-12345');
  });

  it('name each year and sequence once, and sort in order within a year up to 9999', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('invoice' as const, 'credit_note' as const),
        fc.integer({ min: 2000, max: 2999 }),
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 9999 }),
        (kind, year, a, b) => {
          expect(invoiceNumber(kind, year, a) === invoiceNumber(kind, year, b)).toBe(a === b);
          expect(invoiceNumber(kind, year, a) < invoiceNumber(kind, year, b)).toBe(a < b);
          expect(invoiceNumber(kind, year, a)).not.toBe(invoiceNumber(kind, year + 1, a));
        },
      ),
    );
  });
});

describe('invoice status', () => {
  const invoice = {
    kind: 'invoice' as const,
    totalCents: 15_000,
    paidCents: 0,
    credited: false,
    dueOn: '2026-12-11',
  };

  it('is open until the due date, overdue the day after, paid once payments reach the total', () => {
    expect(invoiceStatus(invoice, '2026-12-11')).toBe('open');
    expect(invoiceStatus(invoice, '2026-12-12')).toBe('overdue');
    expect(invoiceStatus({ ...invoice, paidCents: 10_000 }, '2026-12-12')).toBe('overdue');
    expect(openCents({ ...invoice, paidCents: 10_000 })).toBe(5000);
    expect(invoiceStatus({ ...invoice, paidCents: 15_000 }, '2026-12-12')).toBe('paid');
    expect(openCents({ ...invoice, paidCents: 15_000 })).toBe(0);
  });

  it('is credited once a credit note cancels it, whatever was paid; a credit note is credited', () => {
    expect(invoiceStatus({ ...invoice, credited: true }, '2026-12-01')).toBe('credited');
    expect(openCents({ ...invoice, credited: true })).toBe(0);
    expect(
      invoiceStatus(
        { kind: 'credit_note', totalCents: -15_000, paidCents: 0, credited: false, dueOn: null },
        '2026-12-01',
      ),
    ).toBe('credited');
  });
});

describe('amounts as people type them', () => {
  it('read in cents, and write back as plain decimals', () => {
    expect(centsOf('262.50')).toBe(26_250);
    expect(centsOf(' 1,250 ')).toBe(125_000);
    expect(centsOf('80.5')).toBe(8050);
    for (const bad of ['', '-5', '1.234', '12,34', 'abc', '1e3']) expect(centsOf(bad)).toBeUndefined();
    expect(decimalAmount(26_250)).toBe('262.50');
    expect(decimalAmount(-15_000)).toBe('-150.00');
    expect(decimalAmount(5)).toBe('0.05');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(centsOf(decimalAmount(cents))).toBe(cents);
      }),
    );
  });
});
