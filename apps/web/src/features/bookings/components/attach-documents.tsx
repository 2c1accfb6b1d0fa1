import {
  bytesPerMegabyte,
  fileInputAccept,
  fileSizeText,
  maxWizardAttachments,
  bookingFileMessages as texts,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { refusalMessage } from '../../../lib/api-error';
import { bookingFilesKey, uploadBookingFile } from '../api/booking-files';
import { useMaxUploadMegabytes } from './booking-files';

/**
 * The documents a client chooses in the wizard, attached once the booking is made (docs/product.md#documents):
 * the choice, and `attachTo`, which sends them one by one and tells the client of any it could not attach (the
 * booking stands whatever becomes of them). Answers whether every one was attached.
 */
export function useWizardDocuments() {
  const [files, setFiles] = useState<File[]>([]);
  const [attaching, setAttaching] = useState(false);
  const { notify } = useNotify();
  const queryClient = useQueryClient();

  async function attachTo(bookingId: number): Promise<boolean> {
    if (files.length === 0) return true;
    setAttaching(true);
    const failed: string[] = [];
    let reason = '';
    try {
      for (const file of files) {
        try {
          await uploadBookingFile({ bookingId, file });
        } catch (error) {
          failed.push(file.name);
          reason ||= refusalMessage(error, texts.uploadFailed);
        }
      }
    } finally {
      setAttaching(false);
      void queryClient.invalidateQueries({ queryKey: bookingFilesKey(bookingId) });
    }
    if (failed.length === 0) {
      setFiles([]);
      return true;
    }
    notify({ type: 'error', title: texts.wizardFailedTitle, message: texts.wizardFailed(failed, reason) });
    return false;
  }

  return { files, setFiles, attaching, attachTo };
}

/** The same file chosen twice is kept once. */
function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/** Step 2's optional documents: up to a few files, each checked for its size here (the server judges them all). */
export function AttachDocuments({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const id = useId();
  const maxMegabytes = useMaxUploadMegabytes();
  const [problems, setProblems] = useState<string[]>([]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    // Cleared at once, so that choosing the same file again is a change too.
    event.target.value = '';
    const found: string[] = [];
    const kept = [...files];
    for (const file of picked) {
      if (kept.some((other) => fileKey(other) === fileKey(file))) continue;
      if (file.size > maxMegabytes * bytesPerMegabyte)
        found.push(texts.fileTooLarge(file.name, maxMegabytes));
      else if (file.size === 0) found.push(texts.fileEmpty(file.name));
      else if (kept.length >= maxWizardAttachments) {
        if (!found.includes(texts.wizardTooMany(maxWizardAttachments))) {
          found.push(texts.wizardTooMany(maxWizardAttachments));
        }
      } else kept.push(file);
    }
    setProblems(found);
    onChange(kept);
  }

  return (
    <div>
      <label htmlFor={`${id}-input`} className="block font-semibold text-slate-900">
        {texts.wizardLabel}
      </label>
      <input
        id={`${id}-input`}
        type="file"
        multiple
        accept={fileInputAccept}
        aria-describedby={`${id}-hint`}
        disabled={files.length >= maxWizardAttachments}
        onChange={choose}
        className="mt-2 block w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {texts.wizardHint(maxWizardAttachments, maxMegabytes)}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <>
          <p className="mt-3 text-sm font-medium text-slate-900">{texts.wizardChosen(files.length)}</p>
          <ul className="mt-1 space-y-1" data-testid="chosen-documents">
            {files.map((file) => (
              <li
                key={fileKey(file)}
                className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
              >
                <span className="min-w-0 break-all text-slate-900">
                  {file.name} <span className="text-slate-700">({fileSizeText(file.size)})</span>
                </span>
                <button
                  type="button"
                  className={`${buttonStyles.secondary} px-2 py-1 text-sm`}
                  aria-label={texts.wizardRemove(file.name)}
                  onClick={() => onChange(files.filter((other) => other !== file))}
                >
                  <X aria-hidden="true" className="size-4" />
                  {texts.remove}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
