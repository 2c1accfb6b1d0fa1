// The export of what the portal holds about a person (docs/product.md#your-data, docs/decisions/054): its formats,
// the name of the file, where each document sits in the zip, and the Profile's texts. No zod: the schema of the
// document is in export-schemas.ts.
import { productName } from '../accounts/rules.ts';

/** JSON alone, or a zip with the JSON as data.json and the booking documents themselves. */
export const dataExportFormats = ['json', 'zip'] as const;
export type DataExportFormat = (typeof dataExportFormats)[number];

/** Raised when the document's shape changes in a way a reader must know of. */
export const dataExportFormatVersion = 1;

/** The JSON's name inside the zip. */
export const dataExportJsonName = 'data.json';

/** 'ot-consulting-data-2026-11-28.json' (or '.zip'): the firm's name and the day it was exported. */
export function dataExportFilename(day: string, format: DataExportFormat): string {
  const firm = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${firm}-data-${day}.${format}`;
}

/** Longest name part of a path in the zip, in characters (far under every file system's 255 bytes). */
const maxArchiveNameLength = 100;

/** Names Windows keeps for devices, whatever the extension ('con.txt' included). */
const reservedOnWindows = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A document's name made safe on every system: no path separators, control characters or characters Windows
 * refuses, no leading or trailing dots or spaces, no device name, at most 100 characters with its extension kept.
 */
export function safeArchiveName(name: string): string {
  let safe = name
    .toWellFormed()
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (reservedOnWindows.test(safe)) safe = `_${safe}`;
  const characters = [...safe];
  if (characters.length > maxArchiveNameLength) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 10 ? [...safe.slice(dot)] : [];
    safe = characters
      .slice(0, maxArchiveNameLength - extension.length)
      .concat(extension)
      .join('');
  }
  return safe === '' ? 'file' : safe;
}

/** Where a booking document's bytes sit in the zip: files/{booking id}/{file id}-{safe name}. */
export function archivePath(bookingId: number, fileId: number, name: string): string {
  return `files/${bookingId}/${fileId}-${safeArchiveName(name)}`;
}

/** The Profile's "Download my data" (word for word, docs/product.md#your-data). */
export const dataExportTexts = {
  /** The heading of the Profile's section that holds the export and the erasure. */
  sectionHeading: 'Your data',
  heading: 'Download my data',
  explanation:
    'A copy of everything the portal holds about you: your account, profile and billing details, your bookings with their history, briefs, messages, documents, reviews, invoices and credit notes, your sessions and consents. As one JSON file, or as a zip file that also holds your documents.',
  open: 'Download my data',
  dialogTitle: 'Download my data',
  passwordPrompt: 'Enter your password to confirm that it is you.',
  formatLegend: 'Format',
  formatLabels: { json: 'JSON', zip: 'JSON with my files (zip)' } satisfies Record<DataExportFormat, string>,
  submit: 'Download',
  busy: 'Preparing...',
  cancel: 'Cancel',
  doneTitle: 'Download Ready',
  done: 'Your data was downloaded.',
  failed: 'Your data could not be downloaded. Please try again.',
  /** 400 on `format`. */
  formatUnknown: (given: string) => `Unknown format '${given}': ask for json or zip.`,
} as const;
