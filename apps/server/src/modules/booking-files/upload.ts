// Reading an upload's multipart body (the plugin registered in booking-files.routes.ts): the one file part, its
// limits turned into the product's refusals, anything malformed a 400 — never a 500.
import { bookingFileField, bookingFileMessages, bytesPerMegabyte } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import {
  BadRequest,
  HttpError,
  invalidField,
  PayloadTooLarge,
  UnsupportedMediaType,
} from '../../lib/errors.ts';
import type { Upload } from './booking-files.service.ts';

/** The plugin's errors for a form with more than it allows: another file, too many fields or parts. */
const tooManyParts = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** What a failure while reading the form answers. */
function refusalOf(error: unknown, maxUploadBytes: number): HttpError {
  const code = codeOf(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new PayloadTooLarge(bookingFileMessages.tooLarge(maxUploadBytes / bytesPerMegabyte));
  }
  if (typeof code === 'string' && tooManyParts.has(code)) {
    return invalidField(bookingFileField, bookingFileMessages.oneFileOnly);
  }
  // A broken boundary, a part cut short, a prototype's name as a field, a field that says JSON and is not.
  return new BadRequest(bookingFileMessages.unreadable);
}

/**
 * The one file of a multipart form, read into memory up to `maxUploadBytes` (413 past it). Fields are read and left
 * aside; a second file part is a 400; a request that is not multipart a 415.
 */
export async function readUpload(request: FastifyRequest, maxUploadBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new UnsupportedMediaType(bookingFileMessages.notMultipart);
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      // A file part sent without a filename comes with none, whatever the plugin's types say: named by its kind.
      if (part.type === 'file') upload = { filename: part.filename ?? '', content: await part.toBuffer() };
    }
  } catch (error) {
    throw error instanceof HttpError ? error : refusalOf(error, maxUploadBytes);
  }
  if (!upload) throw invalidField(bookingFileField, bookingFileMessages.noFile);
  if (upload.content.byteLength === 0) throw invalidField(bookingFileField, bookingFileMessages.emptyFile);
  return upload;
}
