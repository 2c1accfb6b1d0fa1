// Files from the API (the data export), apart from the JSON client so that the first load does not carry it.

import { type RequestOptions, refusal, send } from './api-client';
import { ApiError } from './api-error';

/** A file the API answered with: its bytes, and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | undefined;
}

/** Calls the API for a file (an export) rather than JSON; refusals are `ApiError`s as with `apiFetch`. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, options, '*/*');
  if (!response.ok) throw refusal(path, response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1];
  try {
    return { blob: await response.blob(), filename };
  } catch {
    throw new ApiError(0, 'API unavailable');
  }
}
