// Documents attached to a booking (docs/product.md#documents): which kinds are taken, how many and how large, how a
// file's name is kept, and the texts. The server recognises a file's kind from its content; the name must agree.

/** The most documents one booking holds, whoever attached them. */
export const maxFilesPerBooking = 20;

/** MAX_UPLOAD_MB's default: the largest document, in megabytes (of 1,048,576 bytes). */
export const defaultMaxUploadMegabytes = 10;

/** The longest file name kept, in characters; a longer one is cut before its extension. */
export const maxFileNameLength = 200;

/** The multipart part the document travels in. */
export const bookingFileField = 'file';

/** The most documents the booking wizard attaches to a new booking; more can follow on the booking's page. */
export const maxWizardAttachments = 5;

/** Who attached a document, as the booking sees it: its client, or the firm (an administrator, its consultant). */
export type BookingFileSide = 'client' | 'firm';
export const bookingFileSides = ['client', 'firm'] as const satisfies readonly BookingFileSide[];

/** A kind of document the portal takes: the type it is stored and served as, and the extensions it goes by. */
export interface AcceptedFileType {
  mime: string;
  /** Lower case, without the dot; the first is added to a name that has none of them. */
  extensions: readonly string[];
}

/** Documents a consultancy exchanges, and nothing else (no markup, no programs, no media). */
export const acceptedFileTypes = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  doc: { mime: 'application/msword', extensions: ['doc'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', extensions: ['ods'] },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', extensions: ['odp'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
  text: { mime: 'text/plain', extensions: ['txt', 'text', 'md', 'log'] },
  csv: { mime: 'text/csv', extensions: ['csv'] },
} as const satisfies Record<string, AcceptedFileType>;

export type AcceptedFileKind = keyof typeof acceptedFileTypes;

const acceptedKinds = Object.keys(acceptedFileTypes) as AcceptedFileKind[];

/** The kind a MIME type names, when it is one of the accepted ones. */
export function acceptedKindOfMime(mime: string): AcceptedFileKind | undefined {
  return acceptedKinds.find((kind) => acceptedFileTypes[kind].mime === mime);
}

/** The accepted kind a name's extension claims ('report.PDF' → 'pdf'), or undefined for any other name. */
export function claimedFileKind(name: string): AcceptedFileKind | undefined {
  const extension = fileExtension(name);
  if (extension === undefined) return undefined;
  return acceptedKinds.find((kind) =>
    (acceptedFileTypes[kind].extensions as readonly string[]).includes(extension),
  );
}

/** A name's extension, lower case, without the dot; none for '.profile' or 'notes.'. */
export function fileExtension(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return name.slice(dot + 1).toLowerCase();
}

/** What a file input offers to choose: every accepted extension and type (the server judges the content anyway). */
export const fileInputAccept = [
  ...acceptedKinds.flatMap((kind) => acceptedFileTypes[kind].extensions.map((extension) => `.${extension}`)),
  ...acceptedKinds.map((kind) => acceptedFileTypes[kind].mime),
].join(',');

/** The accepted kinds in words, for the hints and the refusal. */
export const acceptedFilesText =
  'PDF, images (PNG, JPEG, GIF, WebP), Word, Excel and PowerPoint documents (also 97-2003), OpenDocument text, spreadsheets and presentations, plain text, CSV and ZIP';

/** Control and format characters: invisible, or able to disguise a name ('invoice\u202Efdp.exe'). */
const hiddenCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name a document is kept under: the last part of what the browser sent (no folders), without control or
 * format characters, in NFC, trimmed of spaces and dots at its ends, at most `maxFileNameLength` characters (cut
 * before its extension), and 'document' when nothing is left.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .toWellFormed()
    .replace(hiddenCharacters, '')
    .normalize('NFC')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (cleaned === '') return 'document';
  const characters = Array.from(cleaned);
  if (characters.length <= maxFileNameLength) return cleaned;
  const extension = fileExtension(cleaned);
  const tail = extension !== undefined && extension.length <= 16 ? `.${extension}` : '';
  return `${characters
    .slice(0, maxFileNameLength - tail.length)
    .join('')
    .trimEnd()}${tail}`;
}

/** The kept name of a document of `kind`: sanitized, and ending in one of the kind's extensions. */
export function storedFileName(name: string, kind: AcceptedFileKind): string {
  const clean = sanitizeFileName(name);
  const extensions: readonly string[] = acceptedFileTypes[kind].extensions;
  const extension = fileExtension(clean);
  if (extension !== undefined && extensions.includes(extension)) return clean;
  return sanitizeFileName(`${clean}.${extensions[0]}`);
}

/** Whether a name's extension claims another accepted kind than the content's ('notes.pdf' holding text). */
export function nameDisagreesWithContent(name: string, kind: AcceptedFileKind): boolean {
  const claimed = claimedFileKind(sanitizeFileName(name));
  if (claimed === undefined || claimed === kind) return false;
  // Text is text whatever its extension says of its columns.
  return !(
    acceptedFileTypes[claimed].mime.startsWith('text/') && acceptedFileTypes[kind].mime.startsWith('text/')
  );
}

/** Bytes in a megabyte as MAX_UPLOAD_MB counts them. */
export const bytesPerMegabyte = 1024 * 1024;

/** A size as people read it: '512 bytes', '12 KB', '1.5 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < bytesPerMegabyte) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / bytesPerMegabyte;
  return `${megabytes < 10 ? Math.round(megabytes * 10) / 10 : Math.round(megabytes)} MB`;
}

/** Texts of documents, word for word as docs/product.md#messages lists them. */
export const bookingFileMessages = {
  // The API's refusals.
  tooLarge: (megabytes: number) => `This file is larger than ${megabytes} MB, the most a document may be.`,
  tooMany: (max: number) =>
    `This booking already has ${max} documents, the most it can hold. Delete one before attaching another.`,
  typeRefused: `This kind of file cannot be attached. Attach one of: ${acceptedFilesText}.`,
  nameDisagrees: (extension: string) =>
    `This file's name ends in .${extension}, but its content is not that kind of file.`,
  noFile: 'Choose a file to attach.',
  emptyFile: 'This file is empty.',
  oneFileOnly: `Send one file at a time, in a multipart part named "${bookingFileField}".`,
  notMultipart: `Send the file as multipart/form-data, in a part named "${bookingFileField}".`,
  unreadable: 'The upload could not be read. Please try again.',
  bookingCancelled: 'This booking is cancelled, so documents can no longer be attached to it.',
  fileNotFound: 'Document not found',
  fileIdInvalid: 'Document id must be a positive whole number',
  onlyUploaderDeletes: 'Only the person who attached a document can delete it.',
  // The booking's page.
  heading: 'Documents',
  intro: (max: number, megabytes: number) =>
    `Files you and the firm share for this consultation: up to ${max} documents, each at most ${megabytes} MB.`,
  loading: 'Loading documents...',
  none: 'No documents yet.',
  attach: 'Attach a Document',
  attachHint: `Accepted: ${acceptedFilesText}.`,
  uploading: (name: string) => `Attaching ${name}...`,
  uploaded: (name: string) => `${name} is attached.`,
  uploadFailed: 'The document could not be attached. Please try again.',
  loadFailed: 'The documents could not be loaded.',
  loadAgain: 'Load the Documents Again',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  /** Checked in the browser before a file is sent (the server checks again). */
  fileTooLarge: (name: string, megabytes: number) =>
    `${name} is larger than ${megabytes} MB, the most a document may be.`,
  fileEmpty: (name: string) => `${name} is empty.`,
  deleted: (name: string) => `${name} is deleted.`,
  deleteFailed: 'The document could not be deleted. Please try again.',
  downloadLabel: (name: string) => `Download ${name}`,
  you: 'You',
  theFirm: 'The firm',
  theClient: 'The client',
  limitReached: (max: number) => `This booking holds ${max} documents, the most it can.`,
  cancelledNote: 'This booking is cancelled: no more documents can be attached.',
  // The booking wizard.
  wizardLabel: 'Attach Documents (optional)',
  wizardHint: (max: number, megabytes: number) =>
    `Up to ${max} files, each at most ${megabytes} MB: ${acceptedFilesText}. They are attached once your booking is made.`,
  wizardTooMany: (max: number) =>
    `Attach at most ${max} documents here; you can add more on the booking's page.`,
  remove: 'Remove',
  wizardRemove: (name: string) => `Remove ${name}`,
  wizardChosen: (count: number) => `${count} ${count === 1 ? 'document' : 'documents'} to attach`,
  wizardAttaching: 'Attaching your documents...',
  wizardFailedTitle: 'Documents Not Attached',
  wizardFailed: (names: readonly string[], reason: string) =>
    `Your booking is made, but ${names.join(', ')} could not be attached: ${reason} You can attach ${names.length === 1 ? 'it' : 'them'} on the booking's page.`,
} as const;

/** Who attached a document, in the words of the person reading the list. */
export function uploaderText(uploader: {
  name: string | null;
  side: BookingFileSide;
  is_you: boolean;
}): string {
  if (uploader.is_you) return bookingFileMessages.you;
  const side = uploader.side === 'firm' ? bookingFileMessages.theFirm : bookingFileMessages.theClient;
  return uploader.name ? `${uploader.name} (${side.toLowerCase()})` : side;
}
