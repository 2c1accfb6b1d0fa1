// An issued invoice as the letters about it read it (the overdue reminder).
import type { InvoiceDocument } from '@portal/domain';

export function invoiceFixture(email: string): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'INV-2026-0007',
    issuedOn: '2026-11-02',
    dueOn: '2026-11-16',
    currency: 'usd',
    seller: {
      legalName: 'OT Consulting LLC',
      address: '100 Main Street\nPhoenix, AZ 85004',
      taxId: '12-3456789',
      bankDetails: 'First Bank, account 000123456, routing 123456789',
      footer: 'Thank you for your business.',
    },
    buyer: { name: 'Ada Lovelace', email, company: 'Analytical Engines', address: null, taxId: null },
    line: {
      serviceName: 'Cloud Architecture Review',
      startsAt: '2026-11-09T16:00:00.000Z',
      endsAt: '2026-11-09T17:30:00.000Z',
      timeZone: 'America/Phoenix',
      durationMinutes: 90,
      hourlyRate: 175,
    },
    subtotalCents: 26_250,
    taxRate: 0,
    taxCents: 0,
    totalCents: 26_250,
    reference: 'OT-2026-007',
    creditsNumber: null,
  };
}
