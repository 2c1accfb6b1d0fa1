// A booking's documents (docs/product.md#documents; docs/decisions/051): stored in the database with the booking,
// readable by whoever may read the booking (its client, administrators, its consultant), deleted by their uploader.
import {
  acceptedFileTypes,
  type BookingFile,
  type BookingFileSide,
  bookingFileMessages,
  bookingMessages,
  bytesPerMegabyte,
  fileExtension,
  maxFilesPerBooking,
  nameDisagreesWithContent,
  type Role,
  sanitizeFileName,
  storedFileName,
} from '@portal/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bookingFiles, bookings, userProfiles, users } from '../../db/schema.ts';
import { lockLiveAccount } from '../../lib/accounts/live-account.ts';
import { Conflict, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../lib/errors.ts';
import { type Reader, readableBy } from '../bookings/booking-read-model.ts';
import { recogniseFileKind } from './file-kinds.ts';

/** Who asks: the signed-in caller. */
export interface FileCaller {
  id: string;
  role: Role;
}

/** A document as it arrived: the name the browser gave and the bytes. */
export interface Upload {
  filename: string;
  content: Uint8Array;
}

/** What a download sends. */
export interface FileDownload {
  name: string;
  contentType: string;
  content: Uint8Array;
}

interface ReadableBooking {
  id: number;
  userId: string;
  status: string;
}

/** The booking, if the caller may read it; anyone else's is not found (never revealed). */
async function readableBooking(db: Reader, bookingId: number, caller: FileCaller): Promise<ReadableBooking> {
  const [booking] = await db
    .select({ id: bookings.id, userId: bookings.userId, status: bookings.status })
    .from(bookings)
    .where(readableBy(bookingId, caller));
  if (!booking) throw new NotFound(bookingMessages.bookingNotFound);
  return booking;
}

/** The uploader's profile name, else their account's; null once the account is gone or nameless. */
const uploaderName = sql<string | null>`coalesce(
  nullif(trim(concat_ws(' ', ${userProfiles.firstName}, ${userProfiles.lastName})), ''),
  nullif(trim(${users.name}), ''))`;

/** The booking's documents (or the one with `fileId`) without their content, oldest first. */
function selectFiles(db: Reader, bookingId: number, fileId?: number) {
  return db
    .select({
      id: bookingFiles.id,
      name: bookingFiles.name,
      size: bookingFiles.size,
      contentType: bookingFiles.contentType,
      uploadedBy: bookingFiles.uploadedBy,
      uploaderName,
      createdAt: bookingFiles.createdAt,
    })
    .from(bookingFiles)
    .leftJoin(users, eq(users.id, bookingFiles.uploadedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookingFiles.uploadedBy))
    .where(
      and(
        eq(bookingFiles.bookingId, bookingId),
        fileId === undefined ? undefined : eq(bookingFiles.id, fileId),
      ),
    )
    .orderBy(asc(bookingFiles.id));
}

type FileRow = Awaited<ReturnType<typeof selectFiles>>[number];

/**
 * The document as the caller sees it. The client's account outlives their bookings, so a document whose uploader is
 * gone was the firm's.
 */
function toBookingFile(row: FileRow, booking: ReadableBooking, callerId: string): BookingFile {
  const side: BookingFileSide = row.uploadedBy === booking.userId ? 'client' : 'firm';
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    uploaded_by: { name: row.uploaderName, side, is_you: row.uploadedBy === callerId },
    created_at: row.createdAt.toISOString(),
  };
}

async function fileCount(db: Reader, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ files: count() })
    .from(bookingFiles)
    .where(eq(bookingFiles.bookingId, bookingId));
  return row?.files ?? 0;
}

/** Refuses a document the booking cannot take: cancelled, or full. */
function refuseIfClosed(booking: ReadableBooking, files: number): void {
  if (booking.status === 'cancelled') throw new Conflict(bookingFileMessages.bookingCancelled);
  if (files >= maxFilesPerBooking) throw new Conflict(bookingFileMessages.tooMany(maxFilesPerBooking));
}

/**
 * Whether the caller may attach a document to the booking now: asked before the upload is read, so that a refusal
 * does not wait for megabytes. `attachFile` asks again under the booking's lock.
 */
export async function checkCanAttach(db: Database, bookingId: number, caller: FileCaller): Promise<void> {
  const booking = await readableBooking(db, bookingId, caller);
  refuseIfClosed(booking, await fileCount(db, bookingId));
}

/**
 * Attaches a document: its kind recognised from the content (415 for any other, or for a name that claims another
 * kind), kept under its sanitized name, the type stored being the recognised one. The count is checked with the
 * booking's row locked, so that uploads at once never pass the limit.
 */
export async function attachFile(
  db: Database,
  bookingId: number,
  caller: FileCaller,
  upload: Upload,
  maxUploadBytes: number,
): Promise<BookingFile> {
  if (upload.content.byteLength > maxUploadBytes) {
    throw new PayloadTooLarge(bookingFileMessages.tooLarge(maxUploadBytes / bytesPerMegabyte));
  }
  const kind = await recogniseFileKind(upload.content, upload.filename);
  if (kind === undefined) throw new UnsupportedMediaType(bookingFileMessages.typeRefused);
  if (nameDisagreesWithContent(upload.filename, kind)) {
    const extension = fileExtension(sanitizeFileName(upload.filename)) ?? '';
    throw new UnsupportedMediaType(bookingFileMessages.nameDisagrees(extension));
  }
  const name = storedFileName(upload.filename, kind);
  const { mime } = acceptedFileTypes[kind];
  return db.transaction(async (tx) => {
    await lockLiveAccount(tx, caller.id);
    const [booking] = await tx
      .select({ id: bookings.id, userId: bookings.userId, status: bookings.status })
      .from(bookings)
      .where(readableBy(bookingId, caller))
      .for('update');
    if (!booking) throw new NotFound(bookingMessages.bookingNotFound);
    refuseIfClosed(booking, await fileCount(tx, bookingId));
    const [inserted] = await tx
      .insert(bookingFiles)
      .values({
        bookingId,
        uploadedBy: caller.id,
        name,
        contentType: mime,
        size: upload.content.byteLength,
        content: upload.content,
      })
      .returning({ id: bookingFiles.id });
    if (!inserted) throw new Error('The document insert returned no row');
    const [row] = await selectFiles(tx, bookingId, inserted.id);
    if (!row) throw new Error(`Document ${inserted.id} vanished`);
    return toBookingFile(row, booking, caller.id);
  });
}

/** The booking's documents, oldest first, without their content. */
export async function listFiles(db: Database, bookingId: number, caller: FileCaller): Promise<BookingFile[]> {
  const booking = await readableBooking(db, bookingId, caller);
  const rows = await selectFiles(db, bookingId);
  return rows.map((row) => toBookingFile(row, booking, caller.id));
}

/** One document with its content, for whoever may read the booking. */
export async function fileDownload(
  db: Database,
  bookingId: number,
  fileId: number,
  caller: FileCaller,
): Promise<FileDownload> {
  await readableBooking(db, bookingId, caller);
  const [file] = await db
    .select({ name: bookingFiles.name, contentType: bookingFiles.contentType, content: bookingFiles.content })
    .from(bookingFiles)
    .where(and(eq(bookingFiles.bookingId, bookingId), eq(bookingFiles.id, fileId)));
  if (!file) throw new NotFound(bookingFileMessages.fileNotFound);
  return file;
}

/** Deletes a document: only its uploader may (403 for the others who can read the booking). */
export async function deleteFile(
  db: Database,
  bookingId: number,
  fileId: number,
  caller: FileCaller,
): Promise<void> {
  await readableBooking(db, bookingId, caller);
  const [file] = await db
    .select({ uploadedBy: bookingFiles.uploadedBy })
    .from(bookingFiles)
    .where(and(eq(bookingFiles.bookingId, bookingId), eq(bookingFiles.id, fileId)));
  if (!file) throw new NotFound(bookingFileMessages.fileNotFound);
  if (file.uploadedBy !== caller.id) throw new Forbidden(bookingFileMessages.onlyUploaderDeletes);
  await db
    .delete(bookingFiles)
    .where(
      and(
        eq(bookingFiles.bookingId, bookingId),
        eq(bookingFiles.id, fileId),
        eq(bookingFiles.uploadedBy, caller.id),
      ),
    );
}
