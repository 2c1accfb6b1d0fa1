import { apiPaths, type DataExportFormat, dataExportFilename } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-download';

/** The zip streams the documents: it may take a while for a client with many. */
const timeoutMs: Record<DataExportFormat, number> = { json: 60_000, zip: 300_000 };

export interface DownloadDataRequest {
  password: string;
  format: DataExportFormat;
}

/** Hands the bytes to the browser as a download under `filename`. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to have taken the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POST /api/account/export (`?format=zip`) with the password asked again, then the file is downloaded. */
export async function downloadData({ password, format }: DownloadDataRequest): Promise<void> {
  const query = format === 'zip' ? '?format=zip' : '';
  const file = await apiDownload(`${apiPaths.accounts.dataExport}${query}`, {
    method: 'POST',
    body: { password },
    timeoutMs: timeoutMs[format],
  });
  const today = new Date().toISOString().slice(0, 10);
  save(file.blob, file.filename ?? dataExportFilename(today, format));
}

export function useDownloadData() {
  return useMutation({ mutationFn: downloadData });
}
