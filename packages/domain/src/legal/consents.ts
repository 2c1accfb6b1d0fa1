// Consent to the Terms of Service and the Privacy Policy (docs/product.md#privacy-and-cookies): sign-up records the
// versions in force, and a signed-in account that has not accepted a version in force is asked once, by a bar that
// blocks nothing. No zod: the API's bodies and answers are in legal-schemas.ts.
import { type LegalDocument, legalDocuments, legalVersions } from './documents.ts';
import { versionDate } from './privacy-policy.ts';

/** Each document's name as the pages and messages give it. */
export const legalDocumentNames: Readonly<Record<LegalDocument, string>> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

/** A version accepted: which document, which version. */
export interface AcceptedVersion {
  document: LegalDocument;
  version: string;
}

/** The documents whose version in force is not among `accepted`, in the order of `legalDocuments`. */
export function pendingDocuments(
  accepted: readonly AcceptedVersion[],
  current: Readonly<Record<LegalDocument, string>> = legalVersions,
): LegalDocument[] {
  return legalDocuments.filter(
    (document) =>
      !accepted.some((entry) => entry.document === document && entry.version === current[document]),
  );
}

/** The refusals of POST /api/account/consents. */
export const consentMessages = {
  /** 400 on the document's field: only the version in force can be accepted. */
  notCurrent: (document: LegalDocument) =>
    `Only the ${legalDocumentNames[document]} in force (version ${legalVersions[document]}) can be accepted.`,
  /** 400: the body names no document. */
  nothingToAccept: 'Name the version of the Terms of Service or of the Privacy Policy you accept.',
} as const;

/** The registration form's box, and the bar a signed-in account sees when a document has a new version. */
export const consentTexts = {
  /** The box's label, around links to both documents: 'I accept the Terms of Service and the Privacy Policy'. */
  checkbox: { before: 'I accept the ', between: ' and the ', after: '' },
  /** Under the box until it is ticked. */
  required: 'Please accept the Terms of Service and the Privacy Policy',
  /** The bar's sentence, naming what changed. */
  changed: (documents: readonly LegalDocument[]) => {
    const names = documents.map((document) => legalDocumentNames[document]);
    // 'Terms' are plural, as are two documents.
    const plural = names.length > 1 || documents.includes('terms');
    return `Our ${names.join(' and ')} ${plural ? 'have' : 'has'} changed. Please read ${plural ? 'them' : 'it'} and accept the new version${names.length > 1 ? 's' : ''}.`;
  },
  /** The bar's region name. */
  region: 'Policy updates',
  accept: 'Accept',
  accepting: 'Accepting...',
  failed: 'Your acceptance could not be saved. Please try again.',
  /** The Terms page's line under its title. */
  termsVersion: (version: string) => `Version of ${versionDate(version)}`,
  /** The Terms page's link to the Privacy Policy. */
  readPrivacy: 'Read the Privacy Policy',
  /** The Terms page: creating an account accepts them. */
  termsAcceptance:
    'Creating an account accepts these Terms of Service and the Privacy Policy in their versions then in force; the portal records which. When either changes, you are asked to accept the new version the next time you are signed in.',
} as const;
