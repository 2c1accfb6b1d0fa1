import { calendarFeedMessages, type ProfileUser } from '@portal/domain';
import { useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useResetCalendarFeed } from '../api/reset-calendar-feed';

/** Asks before resetting, saying the current link stops working; 'Keep Current Link' (also Escape) keeps it. */
function ResetDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const reset = useResetCalendarFeed();
  const { notify } = useNotify();

  function confirm() {
    reset.mutate(undefined, {
      onSuccess: () => {
        onClose();
        notify({ type: 'success', title: 'Link Reset', message: calendarFeedMessages.resetDone });
      },
      onError: (error) => {
        onClose();
        if (error instanceof ApiError && error.status === 401) return;
        const reason = refusalMessage(error, calendarFeedMessages.resetFailed);
        notify({ type: 'error', title: 'Reset Failed', message: reason });
      },
    });
  }

  return (
    <ModalDialog
      title={calendarFeedMessages.resetTitle}
      busy={reset.isPending}
      onClose={onClose}
      describedBy={`${id}-text`}
    >
      <p id={`${id}-text`} className="mt-3 text-slate-700">
        {calendarFeedMessages.resetWarning}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={reset.isPending}>
          {calendarFeedMessages.keep}
        </button>
        <BusyButton
          className={buttonStyles.primary}
          onClick={confirm}
          busy={reset.isPending}
          busyLabel={calendarFeedMessages.resetting}
        >
          {calendarFeedMessages.resetConfirm}
        </BusyButton>
      </div>
    </ModalDialog>
  );
}

/** The private calendar link to subscribe to, with Copy (announced politely) and Reset link. */
export function CalendarFeedCard({ profile }: { profile: ProfileUser }) {
  // Said of the link it was about: a reset's new link has not been copied yet.
  const [copyNote, setCopyNote] = useState<{ url: string; text: string } | null>(null);
  const [resetting, setResetting] = useState(false);
  const url = profile.calendar_feed_url;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyNote({ url, text: calendarFeedMessages.copied });
    } catch {
      setCopyNote({ url, text: calendarFeedMessages.copyFailed });
    }
  }

  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="calendar-feed-heading" className="text-xl font-semibold text-slate-900">
        {calendarFeedMessages.heading}
      </h2>
      <p className="mt-2 text-slate-700">
        {profile.role === 'admin' ? calendarFeedMessages.adminExplanation : calendarFeedMessages.explanation}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          label="Calendar link"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
        />
        <button type="button" className={buttonStyles.secondary} onClick={copy}>
          {calendarFeedMessages.copy}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setResetting(true)}>
          {calendarFeedMessages.reset}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 text-sm text-slate-700">
        {copyNote?.url === url ? copyNote.text : ''}
      </p>
      {resetting && <ResetDialog onClose={() => setResetting(false)} />}
    </section>
  );
}
