import {
  apiPaths,
  type BookingFile,
  bookingFileField,
  bookingFileResponseSchema,
  bookingFilesResponseSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './query-keys';

/** An upload may take longer than a form: the server's own request time limit still applies. */
const uploadTimeoutMs = 60_000;

/** The booking's documents, under its key: what refreshes the booking refreshes them. */
export function bookingFilesKey(bookingId: number | string) {
  return [...bookingKeys.detail(bookingId), 'files'] as const;
}

/** GET /api/bookings/{id}/files → its documents, oldest first (names, sizes, who, when; never the content). */
export async function getBookingFiles(bookingId: number, signal?: AbortSignal): Promise<BookingFile[]> {
  return (await apiRequest(apiPaths.bookings.files(bookingId), bookingFilesResponseSchema, { signal })).files;
}

export function bookingFilesQueryOptions(bookingId: number) {
  return queryOptions({
    queryKey: bookingFilesKey(bookingId),
    queryFn: ({ signal }) => getBookingFiles(bookingId, signal),
    staleTime: 0,
  });
}

export function useBookingFiles(bookingId: number) {
  return useQuery(bookingFilesQueryOptions(bookingId));
}

/** Where a document downloads from (the browser saves it: the server sends it as an attachment). */
export function bookingFileUrl(bookingId: number, fileId: number): string {
  return apiPaths.bookings.file(bookingId, fileId);
}

/**
 * POST /api/bookings/{id}/files (multipart, the file in the `file` part) → the document kept. Throws `ApiError`
 * (413 too large, 409 full or cancelled, 415 not a kind the portal takes, 404).
 */
export async function uploadBookingFile({
  bookingId,
  file,
}: {
  bookingId: number;
  file: File;
}): Promise<BookingFile> {
  const form = new FormData();
  form.append(bookingFileField, file, file.name);
  const answer = await apiRequest(apiPaths.bookings.files(bookingId), bookingFileResponseSchema, {
    method: 'POST',
    body: form,
    timeoutMs: uploadTimeoutMs,
  });
  return answer.file;
}

/** Attaches a document, then shows it at once at the end of the list and asks the server for the list again. */
export function useUploadBookingFile(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadBookingFile({ bookingId, file }),
    onSuccess: (file) => {
      queryClient.setQueryData(bookingFilesKey(bookingId), (files: BookingFile[] | undefined) =>
        files ? [...files, file] : [file],
      );
      void queryClient.invalidateQueries({ queryKey: bookingFilesKey(bookingId) });
    },
  });
}

/** DELETE /api/bookings/{id}/files/{fileId} (the uploader only). Throws `ApiError` (403, 404). */
export async function deleteBookingFile({ bookingId, fileId }: { bookingId: number; fileId: number }) {
  await apiFetch(apiPaths.bookings.file(bookingId, fileId), { method: 'DELETE' });
}

export function useDeleteBookingFile(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => deleteBookingFile({ bookingId, fileId }),
    onSuccess: (_, fileId) => {
      queryClient.setQueryData(bookingFilesKey(bookingId), (files: BookingFile[] | undefined) =>
        files?.filter((file) => file.id !== fileId),
      );
      void queryClient.invalidateQueries({ queryKey: bookingFilesKey(bookingId) });
    },
  });
}
