import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  type BookingStatus,
  bookingCodeLabel,
  bookingMessages,
  type CheckoutReturn,
  checkoutReturnOf,
  checkoutReturnParam,
  checkoutTexts,
  clientRescheduleRefusal,
  consultantMessages,
  contactLabels,
  dollars,
  duration,
  firmMoveTexts,
  historySentence,
  hourlyRate,
  isActiveBookingStatus,
  longDate,
  moment,
  paths,
  paymentText,
  reassignRefusal,
  runtimeTimeZone,
  consultantScheduleTexts as scheduleTexts,
  shortDateIn,
  urgencyLabels,
} from '@portal/domain';
import { ArrowLeft, CalendarPlus, FileText, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { MessagePage } from '../../../components/ui/message-page';
import { Spinner } from '../../../components/ui/spinner';
import { StarRating } from '../../../components/ui/star-rating';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError } from '../../../lib/api-error';
import { useAccount } from '../../../lib/use-session';
import { useBooking } from '../api/get-booking';
import { useSetOwnBookingStatus } from '../api/set-own-booking-status';
import { bookingTime, bookingTimeIn } from '../format';
import { BookAgain } from './book-again';
import { BookingBrief } from './booking-brief';
import { BookingConversation } from './booking-conversation';
import { type Fact, FactList } from './booking-facts';
import { BookingFiles } from './booking-files';
import { BookingMeeting } from './booking-meeting';
import { BookingSummary } from './booking-summary';
import { CancelDialog } from './cancel-dialog';
import { ChangeActions } from './change-actions';
import { ChangeConsultant } from './change-consultant';
import { PayByCard } from './pay-by-card';
import { RescheduleDialog } from './reschedule-dialog';
import { ReviewDialog } from './review-dialog';

const small = `${buttonStyles.secondary} px-4 py-2 text-sm`;

const backLink = (
  <Link to={paths.myBookings} className={small}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to My Bookings
  </Link>
);

function facts(booking: Booking, viewerZone: string): Fact[] {
  const ownZone =
    viewerZone !== booking.time_zone
      ? [{ term: 'In your time zone', value: bookingTimeIn(booking, viewerZone) }]
      : [];
  return [
    { term: 'Date', value: longDate(booking.booking_date) },
    { term: 'Time', value: bookingTime(booking) },
    ...ownZone,
    { term: 'Duration', value: duration(booking.services.duration) },
    { term: 'Rate', value: hourlyRate(booking.services.hourly_rate) },
    { term: 'Total Cost', value: dollars(booking.total_cost) },
    { term: 'Payment', value: paymentText(booking) },
    { term: bookingCodeLabel(booking.status), value: booking.confirmation_code },
    { term: 'Urgency', value: urgencyLabels[booking.urgency] },
    { term: 'Preferred Contact', value: contactLabels[booking.preferred_contact] },
    { term: 'Booked On', value: shortDateIn(booking.created_at, booking.time_zone) },
    { term: 'Project Description', value: booking.project_description, wide: true },
    { term: 'Notes', value: booking.additional_notes ?? 'None', wide: true },
  ];
}

/** The invoice and, once the booking is cancelled, the credit note, as PDFs to download. */
function InvoiceLinks({ booking }: { booking: Booking }) {
  if (!booking.invoice) return null;
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <a href={apiPaths.bookings.invoicePdf(booking.id)} download className={small}>
        <FileText aria-hidden="true" className="size-4" />
        Download Invoice
      </a>
      {booking.invoice.status === 'credited' && (
        <a href={apiPaths.bookings.creditNotePdf(booking.id)} download className={small}>
          <FileText aria-hidden="true" className="size-4" />
          Download Credit Note
        </a>
      )}
    </div>
  );
}

/** Back from Stripe's Checkout: where the card payment stands, until it no longer waits on the client. */
function CheckoutReturnMessage({ booking, back }: { booking: Booking; back: CheckoutReturn | undefined }) {
  const status = booking.payment.status;
  let message: ReactNode;
  if (back === 'finished' && status === 'awaiting') {
    message = <FormMessage type="info">{checkoutTexts.finished}</FormMessage>;
  } else if (back === 'finished' && status === 'authorized') {
    message = <FormMessage type="success">{checkoutTexts.authorised}</FormMessage>;
  } else if (back === 'left' && status === 'awaiting') {
    message = <FormMessage type="info">{checkoutTexts.left}</FormMessage>;
  } else return null;
  return <div className="mt-6">{message}</div>;
}

function Timeline({ detail }: { detail: BookingDetailResponse }) {
  const zone = detail.booking.time_zone;
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-5" data-testid="timeline">
        {detail.history.map((entry) => (
          <li key={`${entry.at}-${entry.type}-${entry.to_status}`}>
            <p className="font-medium text-slate-900">{historySentence(entry, zone)}</p>
            <time dateTime={entry.at} className="text-sm text-slate-700">
              {moment(entry.at, zone)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What the owner may do with the booking: the calendar file (Book again instead once it is cancelled or completed:
 * nothing is left to put in a calendar), Reschedule and Cancel as the domain's rules and the
 * change notice allow, and Leave Review for a completed one. An administrator viewing a client's booking moves it
 * to another time while it is active and not started, whatever the notice (the same dialog, worded for the firm),
 * moves it to another consultant (Change Consultant), and manages the rest in All Bookings.
 */
function Actions({
  detail,
  now,
  onReschedule,
  onCancel,
  onAskForChange,
}: {
  detail: BookingDetailResponse;
  now: Date;
  onReschedule: () => void;
  onCancel: () => void;
  /** Inside the change notice: "Ask the firm for a change" opens the conversation's composer. */
  onAskForChange: () => void;
}) {
  const [reviewing, setReviewing] = useState(false);
  const { isConsultant } = useAccount();
  const { booking } = detail;
  if (!detail.is_owner && isConsultant) return <ConsultantActions booking={booking} />;
  if (!detail.is_owner) {
    // Judged as the server judges an administrator: no notice (the answer's change_notice_hours is 0 for them).
    const movable =
      clientRescheduleRefusal(booking.status, booking.starts_at, now, detail.change_notice_hours) ===
      undefined;
    return (
      <div className="mt-6 flex flex-wrap gap-3">
        {movable && (
          <button type="button" className={small} onClick={onReschedule}>
            {firmMoveTexts.action}
          </button>
        )}
        <Link to={paths.adminBooking(booking.id)} className={small}>
          Open in All Bookings
        </Link>
        {reassignRefusal(booking.status, booking.starts_at, now) === undefined && (
          <ChangeConsultant booking={booking} />
        )}
      </div>
    );
  }
  return (
    <div className="mt-6">
      <div className="flex flex-wrap gap-3">
        {isActiveBookingStatus(booking.status) ? (
          <a href={apiPaths.bookings.calendar(booking.id)} download className={small}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to Calendar
          </a>
        ) : (
          <BookAgain booking={booking} />
        )}
        <ChangeActions
          booking={booking}
          now={now}
          noticeHours={detail.change_notice_hours}
          onReschedule={onReschedule}
          onCancel={onCancel}
          onAskForChange={onAskForChange}
        />
        {booking.status === 'completed' && !booking.review && (
          <button type="button" className={small} onClick={() => setReviewing(true)}>
            Leave Review
          </button>
        )}
      </div>
      {booking.review && (
        <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
          Your review <StarRating rating={booking.review.rating} />
        </p>
      )}
      {reviewing && <ReviewDialog booking={booking} onClose={() => setReviewing(false)} />}
    </div>
  );
}

/**
 * A consultant's actions on a booking of theirs (docs/product.md#the-consultants-own-area): confirm a pending one,
 * complete a confirmed one, cancel either. The server allows them on their own bookings only.
 */
function ConsultantActions({ booking }: { booking: Booking }) {
  const change = useSetOwnBookingStatus(booking.id);
  const actions: { status: BookingStatus; label: string }[] = [
    ...(booking.status === 'pending' ? [{ status: 'confirmed' as const, label: scheduleTexts.confirm }] : []),
    ...(booking.status === 'confirmed'
      ? [{ status: 'completed' as const, label: scheduleTexts.complete }]
      : []),
    ...(isActiveBookingStatus(booking.status)
      ? [{ status: 'cancelled' as const, label: scheduleTexts.cancel }]
      : []),
  ];
  if (actions.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <button
            key={action.status}
            type="button"
            className={action.status === 'cancelled' ? small : `${buttonStyles.primary} px-4 py-2 text-sm`}
            disabled={change.isPending}
            onClick={() => change.mutate(action.status)}
          >
            {action.label}
          </button>
        ))}
      </div>
      {change.isError && (
        <div className="mt-3">
          <FormMessage type="error">
            {change.error instanceof ApiError ? change.error.message : scheduleTexts.statusFailed}
          </FormMessage>
        </div>
      )}
    </div>
  );
}

function NotFound() {
  return (
    <MessagePage
      mark={<SearchX aria-hidden="true" className="mx-auto size-12 text-slate-500" />}
      title={bookingMessages.detailNotFound}
      text={bookingMessages.detailNotFoundText}
      action={backLink}
    />
  );
}

/**
 * A booking's page (docs/product.md#my-bookings): its facts in the business zone (and the viewer's own when it
 * differs), its history as sentences, the calendar file, and the actions its status and the change notice allow.
 * Another user's booking is not found, like one that does not exist (the server never reveals it).
 */
export function BookingDetail({ id }: { id: string }) {
  const [search] = useSearchParams();
  const back = checkoutReturnOf(search.get(checkoutReturnParam));
  const query = useBooking(id, { backFromCheckout: back === 'finished' });
  const userId = useAccount().session?.user.id;
  const [dialog, setDialog] = useState<'reschedule' | 'cancel'>();
  const [askedForChange, setAskedForChange] = useState(0);
  // Judged at the moment the page opened, like My Bookings; the server judges again.
  const [now] = useState(() => new Date());
  const [viewerZone] = useState(runtimeTimeZone);

  let content: ReactNode;
  if (query.isPending) content = <Spinner label="Loading booking..." />;
  else if (query.isError) {
    // A malformed id (400) names no booking either.
    const missing = query.error instanceof ApiError && (query.error.isNotFound || query.error.status === 400);
    content = missing ? (
      <NotFound />
    ) : (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Booking Details</h1>
        <div className="mt-6">
          <FormMessage type="error">
            {bookingMessages.detailLoadFailed}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
              Try Again
            </button>
          </FormMessage>
        </div>
        <div className="mt-6">{backLink}</div>
      </>
    );
  } else {
    const { booking } = query.data;
    content = (
      <article aria-labelledby="booking-heading">
        <div>{backLink}</div>
        <div className="mt-6 flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-slate-700">Booking Details</p>
            <h1 id="booking-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              {booking.services.name}
            </h1>
            <p className="mt-1 text-slate-700" data-testid="booking-consultant">
              {consultantMessages.withConsultant(booking.consultant.name)}
            </p>
          </div>
          <StatusBadge status={booking.status} />
        </div>
        <CheckoutReturnMessage booking={booking} back={back} />
        <BookingMeeting booking={booking} />
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <FactList facts={facts(booking, viewerZone)} look="card" />
          {/* The client's to pay: the firm reading the booking is not sent to Checkout. */}
          {query.data.is_owner && booking.checkout_url && <PayByCard checkoutUrl={booking.checkout_url} />}
          <InvoiceLinks booking={booking} />
          <Actions
            detail={query.data}
            now={now}
            onReschedule={() => setDialog('reschedule')}
            onCancel={() => setDialog('cancel')}
            onAskForChange={() => setAskedForChange((count) => count + 1)}
          />
        </div>
        <BookingSummary booking={booking} isOwner={query.data.is_owner} />
        <BookingBrief brief={booking.brief} />
        <BookingFiles booking={booking} />
        <BookingConversation
          booking={booking}
          isOwner={query.data.is_owner}
          askedForChange={askedForChange}
        />
        <Timeline detail={query.data} />
        {dialog === 'reschedule' && (
          <RescheduleDialog
            booking={booking}
            by={query.data.is_owner ? 'client' : 'firm'}
            onClose={() => setDialog(undefined)}
          />
        )}
        {dialog === 'cancel' && (
          <CancelDialog booking={booking} userId={userId} onClose={() => setDialog(undefined)} />
        )}
      </article>
    );
  }
  return <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">{content}</div>;
}
