import { type Booking, isActiveBookingStatus, paths, paymentText } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { StarRating } from '../../../components/ui/star-rating';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import { bookingTime } from '../format';
import { BookAgain } from './book-again';
import { BookingArticle } from './booking-article';
import { ChangeActions } from './change-actions';
import { PayByCard } from './pay-by-card';
import { ReviewDialog } from './review-dialog';

const small = `${buttonStyles.secondary} px-4 py-2 text-sm`;

/** One booking of the server: its fields (docs/product.md#my-bookings) and the actions its status allows. */
export function BookingCard({
  booking,
  now,
  noticeHours,
  onCancel,
  onReschedule,
  cancelNotSent = false,
}: {
  booking: Booking;
  /** The moment the page opened: a booking that has started by then cannot be cancelled. */
  now: Date;
  /** The change notice the caller is held to (My Bookings' `change_notice_hours`). */
  noticeHours: number;
  onCancel: (booking: Booking) => void;
  onReschedule: (booking: Booking) => void;
  /** Cancelled in this browser only: the server has not received the cancellation yet. */
  cancelNotSent?: boolean;
}) {
  const [reviewing, setReviewing] = useState(false);
  return (
    <BookingArticle
      headingId={`booking-${booking.id}-heading`}
      service={booking.services.name}
      consultant={booking.consultant.name}
      status={booking.status}
      notSent={cancelNotSent ? 'cancellation' : undefined}
      details={{
        date: booking.booking_date,
        time: bookingTime(booking),
        cost: booking.total_cost,
        payment: paymentText(booking),
        urgency: booking.urgency,
        confirmationCode: booking.confirmation_code,
        contact: booking.preferred_contact,
        bookedAt: booking.created_at,
        timeZone: booking.time_zone,
        description: booking.project_description,
      }}
    >
      {booking.checkout_url && <PayByCard checkoutUrl={booking.checkout_url} />}
      {booking.unread_messages ? (
        <p className="mt-4">
          <UnreadBadge count={booking.unread_messages} />
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.booking(booking.id)} className={small}>
          View Details
        </Link>
        <ChangeActions
          booking={booking}
          now={now}
          noticeHours={noticeHours}
          onReschedule={onReschedule}
          onCancel={onCancel}
        />
        {booking.status === 'completed' && !booking.review && (
          <button type="button" onClick={() => setReviewing(true)} className={small}>
            Leave Review
          </button>
        )}
        {!isActiveBookingStatus(booking.status) && !cancelNotSent && <BookAgain booking={booking} />}
      </div>
      {booking.review && (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            Your review <StarRating rating={booking.review.rating} />
          </p>
          {booking.review.comment && <p className="mt-1 whitespace-pre-line">{booking.review.comment}</p>}
        </div>
      )}
      {reviewing && <ReviewDialog booking={booking} onClose={() => setReviewing(false)} />}
    </BookingArticle>
  );
}
