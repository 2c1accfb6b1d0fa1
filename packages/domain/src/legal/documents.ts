// The legal documents an account accepts, their current versions, and the records kept of what the portal does with
// a person's data (docs/product.md#your-data).

/** The documents a client accepts: the Terms of Service and the Privacy Policy. */
export const legalDocuments = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

/**
 * The version of each document in force, as a date. Raise one when what it promises changes (not when a setting
 * it reads changes: the text follows the settings by itself); every signed-in account is then asked to accept it
 * once. Sign-up accepts the versions in force.
 */
export const legalVersions: Readonly<Record<LegalDocument, string>> = {
  terms: '2026-11-28',
  privacy: '2026-11-28',
};

/** An export of an account's data, or its erasure. */
export const dataRequestKinds = ['export', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/** Who asked: the person themselves, or an administrator (an erasure from the admin area). */
export const dataRequestActors = ['self', 'admin'] as const;
export type DataRequestActor = (typeof dataRequestActors)[number];

/** The name an erased account's bookings show instead of the person's. */
export const erasedClientName = 'Deleted client';
