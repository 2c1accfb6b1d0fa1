import {
  type Booking,
  clientCancelRefusal,
  clientChangeNoticeRefusal,
  clientRescheduleRefusal,
  conversationTexts,
} from '@portal/domain';
import { useId } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ReachTheFirm } from '../../../components/ui/reach-the-firm';

const button = `${buttonStyles.secondary} px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60`;

/**
 * Reschedule and Cancel as the domain's rules allow the client, the same on My Bookings and the booking's page
 * (docs/product.md#my-bookings). A button shows while the rule allows its change; once only the change notice
 * refuses it, the button stays in view, disabled, and the notice's message says why beneath it (hiding it would
 * leave the client wondering where it went), with the way to reach the firm its 'Please contact us.' asks for. Placed in a wrapping row of buttons: the message takes a line of its own.
 * With `onAskForChange` (the booking's page), "Ask the firm for a change" joins them there, to the conversation.
 */
export function ChangeActions({
  booking,
  now,
  noticeHours,
  onReschedule,
  onCancel,
  onAskForChange,
}: {
  booking: Booking;
  /** The moment the page opened; the server judges again. */
  now: Date;
  /** The change notice the caller is held to (the answer's `change_notice_hours`). */
  noticeHours: number;
  onReschedule: (booking: Booking) => void;
  onCancel: (booking: Booking) => void;
  /** Where the notice closes the changes: starts the request in the booking's conversation. */
  onAskForChange?: (() => void) | undefined;
}) {
  const noticeId = useId();
  const { status, starts_at: startsAt } = booking;
  const notice = clientChangeNoticeRefusal(startsAt, now, noticeHours);
  const moveRefusal = clientRescheduleRefusal(status, startsAt, now, noticeHours);
  const cancelRefusal = clientCancelRefusal(status, startsAt, now, noticeHours);
  // Status and start are judged before the notice: a refusal that is the notice's means only the notice refuses.
  const shown = (refusal: string | undefined) => refusal === undefined || refusal === notice;
  const described = notice && (shown(moveRefusal) || shown(cancelRefusal)) ? notice : undefined;
  return (
    <>
      {shown(moveRefusal) && (
        <button
          type="button"
          className={button}
          disabled={moveRefusal !== undefined}
          aria-describedby={described && noticeId}
          onClick={() => onReschedule(booking)}
        >
          Reschedule
        </button>
      )}
      {shown(cancelRefusal) && (
        <button
          type="button"
          className={`${button} border-red-300 text-red-800 hover:bg-red-50`}
          disabled={cancelRefusal !== undefined}
          aria-describedby={described && noticeId}
          onClick={() => onCancel(booking)}
        >
          Cancel
        </button>
      )}
      {described && onAskForChange && (
        <button type="button" className={button} onClick={onAskForChange}>
          {conversationTexts.askForChange}
        </button>
      )}
      {described && (
        <p id={noticeId} className="basis-full rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span>{described}</span> <ReachTheFirm />
        </p>
      )}
    </>
  );
}
