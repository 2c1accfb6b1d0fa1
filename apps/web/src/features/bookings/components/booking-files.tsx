import {
  type Booking,
  type BookingFile,
  bytesPerMegabyte,
  defaultMaxUploadMegabytes,
  fileInputAccept,
  fileSizeText,
  maxFilesPerBooking,
  moment,
  bookingFileMessages as texts,
  uploaderText,
} from '@portal/domain';
import { FileText, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { refusalMessage } from '../../../lib/api-error';
import { useSchedule } from '../../../lib/public-schedule';
import {
  bookingFileUrl,
  useBookingFiles,
  useDeleteBookingFile,
  useUploadBookingFile,
} from '../api/booking-files';
import { disabledLook } from './styles';

const small = `${buttonStyles.secondary} px-3 py-1.5 text-sm`;

/** The largest document the server takes (MAX_UPLOAD_MB, from the public schedule), the default until it answers. */
export function useMaxUploadMegabytes(): number {
  return useSchedule().data?.max_upload_mb ?? defaultMaxUploadMegabytes;
}

/** What the last action told: the outcome, announced (an error as an alert). */
type Outcome = { type: 'success' | 'error'; text: string } | undefined;

function FileRow({
  file,
  booking,
  onDeleted,
  onFailed,
}: {
  file: BookingFile;
  booking: Booking;
  onDeleted: (name: string) => void;
  onFailed: (text: string) => void;
}) {
  const remove = useDeleteBookingFile(booking.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="booking-file">
      <div className="min-w-0">
        <a
          href={bookingFileUrl(booking.id, file.id)}
          download
          className="inline-flex items-center gap-2 font-medium break-all text-blue-800 underline hover:text-blue-900"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          {file.name}
        </a>
        <p className="text-sm text-slate-700">
          {fileSizeText(file.size)} · {uploaderText(file.uploaded_by)} ·{' '}
          <time dateTime={file.created_at}>{moment(file.created_at, booking.time_zone)}</time>
        </p>
      </div>
      {file.uploaded_by.is_you && (
        <button
          type="button"
          className={`${small} ${disabledLook}`}
          aria-label={texts.deleteLabel(file.name)}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(file.id, {
              onSuccess: () => onDeleted(file.name),
              onError: (error) => onFailed(refusalMessage(error, texts.deleteFailed)),
            })
          }
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {texts.delete}
        </button>
      )}
    </li>
  );
}

/** The upload control: one file at a time, checked for its size here and for everything by the server. */
function AttachControl({
  booking,
  maxMegabytes,
  onOutcome,
}: {
  booking: Booking;
  maxMegabytes: number;
  onOutcome: (outcome: Outcome) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBookingFile(booking.id);
  const [sending, setSending] = useState<string>();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared at once, so that choosing the same file again (after a refusal) is a change too.
    event.target.value = '';
    if (!file) return;
    if (file.size > maxMegabytes * bytesPerMegabyte) {
      onOutcome({ type: 'error', text: texts.fileTooLarge(file.name, maxMegabytes) });
      return;
    }
    if (file.size === 0) {
      onOutcome({ type: 'error', text: texts.fileEmpty(file.name) });
      return;
    }
    onOutcome(undefined);
    setSending(file.name);
    upload.mutate(file, {
      onSuccess: (kept) => onOutcome({ type: 'success', text: texts.uploaded(kept.name) }),
      onError: (error) => onOutcome({ type: 'error', text: refusalMessage(error, texts.uploadFailed) }),
      onSettled: () => {
        setSending(undefined);
        input.current?.focus();
      },
    });
  }

  return (
    <div className="mt-4">
      <label htmlFor={`${id}-input`} className="inline-flex items-center gap-2 font-semibold text-slate-900">
        <Upload aria-hidden="true" className="size-4" />
        {texts.attach}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={fileInputAccept}
        aria-describedby={`${id}-hint`}
        disabled={upload.isPending}
        onChange={choose}
        className="mt-2 block w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-900 hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {texts.attachHint}
      </p>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {sending ? texts.uploading(sending) : ''}
      </p>
    </div>
  );
}

/**
 * The booking's Documents (docs/product.md#documents): what its client and the firm attached, to download; one's
 * own to delete; and a control to attach another while the booking takes documents (not cancelled, not full).
 */
export function BookingFiles({ booking }: { booking: Booking }) {
  const files = useBookingFiles(booking.id);
  const maxMegabytes = useMaxUploadMegabytes();
  const [outcome, setOutcome] = useState<Outcome>();
  const headingId = useId();
  const list = files.data ?? [];

  let body: ReactNode;
  if (files.isPending) body = <p className="mt-3 text-slate-700">{texts.loading}</p>;
  else if (files.isError) {
    body = (
      <div className="mt-3">
        <FormMessage type="error">
          {texts.loadFailed}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void files.refetch()}>
            {texts.loadAgain}
          </button>
        </FormMessage>
      </div>
    );
  } else if (list.length === 0) body = <p className="mt-3 text-slate-700">{texts.none}</p>;
  else {
    body = (
      <ul className="mt-3 divide-y divide-slate-200">
        {list.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            booking={booking}
            onDeleted={(name) => setOutcome({ type: 'success', text: texts.deleted(name) })}
            onFailed={(text) => setOutcome({ type: 'error', text })}
          />
        ))}
      </ul>
    );
  }

  let attach: ReactNode = null;
  if (booking.status === 'cancelled')
    attach = <p className="mt-4 text-sm text-slate-700">{texts.cancelledNote}</p>;
  else if (list.length >= maxFilesPerBooking) {
    attach = <p className="mt-4 text-sm text-slate-700">{texts.limitReached(maxFilesPerBooking)}</p>;
  } else if (files.isSuccess) {
    attach = <AttachControl booking={booking} maxMegabytes={maxMegabytes} onOutcome={setOutcome} />;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="booking-files"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{texts.intro(maxFilesPerBooking, maxMegabytes)}</p>
      {body}
      {attach}
      {outcome && (
        <div className="mt-3">
          <FormMessage type={outcome.type}>{outcome.text}</FormMessage>
        </div>
      )}
    </section>
  );
}
