// The API contract of a booking's documents (zod): the upload's multipart body, the paths' ids and the answers. The
// plain rules and texts are in files.ts.
import { z } from 'zod';
import { maxPathId } from '../api/pages.ts';
import { idParamsSchema, isoInstantSchema } from '../api/schemas.ts';
import {
  acceptedFilesText,
  bookingFileField,
  bookingFileMessages,
  bookingFileSides,
  maxFileNameLength,
  maxFilesPerBooking,
} from './files.ts';

/** `/api/bookings/{id}/files/{fileId}`. */
export const bookingFileParamsSchema = idParamsSchema('Booking').extend({
  fileId: z.coerce
    .number({ error: bookingFileMessages.fileIdInvalid })
    .int(bookingFileMessages.fileIdInvalid)
    .positive(bookingFileMessages.fileIdInvalid)
    .max(maxPathId, bookingFileMessages.fileIdInvalid),
});

/**
 * `POST /api/bookings/{id}/files`: multipart/form-data with one file part (fields besides it are ignored). For the
 * API's documentation: the server reads the parts itself, as they stream in.
 */
export const bookingFileUploadBodySchema = z.object({
  [bookingFileField]: z
    .file()
    .describe(
      `The document, one a request. Its kind is recognised from its content (${acceptedFilesText}); the part's own Content-Type is ignored. Its file name is kept, without folders or control characters, at most ${maxFileNameLength} characters.`,
    ),
});

export const bookingFileUploaderSchema = z
  .object({
    name: z
      .string()
      .nullable()
      .describe(
        "The uploader's name (their profile's, else their account's); null once their account is gone",
      ),
    side: z
      .enum(bookingFileSides)
      .describe("'client': the booking's client; 'firm': an administrator or its consultant"),
    is_you: z.boolean().describe('Whether the caller attached it (only they may delete it)'),
  })
  .describe('Who attached the document');

/** A document as the API lists it: never its content, which is downloaded on its own. */
export const bookingFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().describe('The file name kept, ending in an extension of its type'),
  size: z.number().int().positive().describe('In bytes'),
  content_type: z.string().describe('The type recognised from the content, which the download is served as'),
  uploaded_by: bookingFileUploaderSchema,
  created_at: isoInstantSchema,
});
export type BookingFile = z.infer<typeof bookingFileSchema>;

export const bookingFileResponseSchema = z.object({ file: bookingFileSchema });
export type BookingFileResponse = z.infer<typeof bookingFileResponseSchema>;

export const bookingFilesResponseSchema = z.object({
  files: z.array(bookingFileSchema).max(maxFilesPerBooking).describe('Oldest first'),
});
export type BookingFilesResponse = z.infer<typeof bookingFilesResponseSchema>;
