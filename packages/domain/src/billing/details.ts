// Billing details: the firm's (/admin/settings) and a client's (Profile), which each invoice copies at issue
// (docs/product.md#invoices). No zod here: the fields built on these rules are in schemas.ts.
import type { TextRule } from '../text/rule.ts';

/**
 * Longest values accepted. An address or bank details span several lines, at most `lines` of them; with their
 * lengths they keep both parties, the payment instructions and the footer on an invoice's one page (measured
 * against invoice-pdf.ts's columns).
 */
export const billingDetailsLimits = {
  legalName: 200,
  address: 300,
  taxId: 50,
  bankDetails: 300,
  footer: 300,
  lines: 8,
} as const;

/** A text of several lines, with the most lines it may have. */
export interface LinesRule extends TextRule {
  lines: number;
}

/** The rule of each of the firm's billing details, named as the settings form labels it. */
export const firmBillingRules = {
  legalName: { label: 'Legal name', max: billingDetailsLimits.legalName },
  address: {
    label: 'Address',
    max: billingDetailsLimits.address,
    multiline: true,
    lines: billingDetailsLimits.lines,
  },
  taxId: { label: 'Tax ID', max: billingDetailsLimits.taxId },
  bankDetails: {
    label: 'Bank details',
    max: billingDetailsLimits.bankDetails,
    multiline: true,
    lines: billingDetailsLimits.lines,
  },
  footer: { label: 'Footer', max: billingDetailsLimits.footer },
} as const satisfies Record<string, TextRule | LinesRule>;

/** A client's billing details, kept in their profile. */
export const clientBillingRules = {
  billingAddress: {
    label: 'Billing address',
    max: billingDetailsLimits.address,
    multiline: true,
    lines: billingDetailsLimits.lines,
  },
  taxId: { label: 'Tax ID', max: billingDetailsLimits.taxId },
} as const satisfies Record<string, TextRule | LinesRule>;

/** What is wrong with a normalized text of several lines beyond the text rule, or undefined when nothing is. */
export function linesProblem(value: string, rule: LinesRule): string | undefined {
  return value.split('\n').length > rule.lines
    ? `${rule.label} must be at most ${rule.lines} lines`
    : undefined;
}

/** The settings page (/admin/settings) and its billing details form. */
export const firmBillingTexts = {
  heading: 'Settings',
  billingHeading: 'Billing details',
  billingIntro:
    'What every invoice says of the firm: who bills, where to pay and the line at its foot. Invoices issued from ' +
    'now on print what you save here; those already issued keep the details they were issued with.',
  hints: {
    legalName: 'As registered: the seller on every invoice.',
    address: 'Several lines.',
    bankDetails: 'Bank, account and routing numbers, printed under the payment instructions. Several lines.',
    footer: 'One line at the foot of every invoice: registration, terms.',
  },
  loading: 'Loading the billing details...',
  failed: 'Failed to load the billing details.',
  save: 'Save Billing Details',
  saving: 'Saving...',
  saved: 'Billing details saved',
  saveFailed: 'Failed to save the billing details',
} as const;
