// What a document is, judged from its bytes alone (docs/decisions/051): file-type reads the signatures (and the ZIP
// entries that make an Office or OpenDocument file); the legacy Office files, which it sees only as Compound File
// Binary containers, are told apart by their main stream's name; text has no signature and is judged as text.
import { type AcceptedFileKind, acceptedKindOfMime, claimedFileKind, fileExtension } from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';

/** The UTF-16LE name of a stream, as a CFB directory entry writes it. */
function streamName(name: string): Buffer {
  return Buffer.from(name, 'utf16le');
}

/** Each legacy Office kind by the stream its content lives in (a Word file embedding a sheet has both). */
const legacyOfficeStreams: [AcceptedFileKind, Buffer][] = [
  ['doc', streamName('WordDocument')],
  ['ppt', streamName('PowerPoint Document')],
  ['xls', streamName('Workbook')],
];

/** The detectors may read ahead this much at once, whatever a file's own lengths claim. */
const maxDetectionRead = 4 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Control characters (C0, DEL and C1) other than tab, line feed and carriage return. */
const controlCharacter = /[^\P{Cc}\t\n\r]/u;

/** Markup at the start (HTML, SVG, XML, a comment): a page a browser would run, never a plain text. */
const startsWithMarkup = /^\uFEFF?\s*<[!?a-zA-Z]/;

/**
 * Plain text: valid UTF-8 (a byte order mark allowed) without control characters but tab and line breaks, and not
 * markup. CSV when the name says so, else plain text.
 */
function textKind(content: Uint8Array, name: string): AcceptedFileKind | undefined {
  let text: string;
  try {
    text = utf8.decode(content);
  } catch {
    return undefined;
  }
  if (controlCharacter.test(text) || startsWithMarkup.test(text)) return undefined;
  return fileExtension(name) === 'csv' ? 'csv' : 'text';
}

/** A Compound File Binary container that holds a Word, PowerPoint or Excel stream; the name decides between several. */
function legacyOfficeKind(content: Uint8Array, name: string): AcceptedFileKind | undefined {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const present = legacyOfficeStreams.filter(([, stream]) => bytes.includes(stream)).map(([kind]) => kind);
  const claimed = claimedFileKind(name);
  return claimed !== undefined && present.includes(claimed) ? claimed : present[0];
}

/**
 * The accepted kind of a document's content, or undefined when it is none of them (a program, a page, media, an
 * unknown binary). `name` only chooses between kinds the content allows (CSV or text; a legacy file's streams).
 */
export async function recogniseFileKind(
  content: Uint8Array,
  name: string,
): Promise<AcceptedFileKind | undefined> {
  let detected: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    detected = await fileTypeFromBuffer(content, { maxBufferSize: maxDetectionRead });
  } catch {
    // A malformed container its detectors could not follow is no document of ours.
    return undefined;
  }
  if (detected === undefined) return textKind(content, name);
  if (detected.ext === 'cfb') return legacyOfficeKind(content, name);
  // An animated PNG is a PNG to every program that shows one.
  if (detected.ext === 'apng') return 'png';
  return acceptedKindOfMime(detected.mime);
}
