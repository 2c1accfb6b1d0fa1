import { type BookingStatus, consultantMessages } from '@portal/domain';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type CardDetails, cardFacts, FactList } from './booking-facts';

/** The clear mark of something kept in this browser that the server has not received yet. */
function NotSentMark({ what }: { what: string }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-950">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong data-testid="not-sent">Not yet sent</strong> — This {what} is saved in this browser and will
        be sent automatically when the server can be reached.
      </span>
    </p>
  );
}

/**
 * A card of My Bookings: the service, the status, the booking's facts, then the card's actions. `notSent` names
 * what the server has not received yet (the booking itself, or its cancellation).
 */
export function BookingArticle({
  headingId,
  service,
  consultant,
  status,
  details,
  notSent,
  children,
}: {
  headingId: string;
  service: string;
  /** Who the consultation is with; none for a booking the server has not received yet. */
  consultant?: string | undefined;
  status: BookingStatus;
  details: CardDetails;
  notSent?: 'booking' | 'cancellation' | undefined;
  children?: ReactNode;
}) {
  const border = notSent === 'booking' ? 'border-dashed border-orange-300' : 'border-slate-200';
  return (
    <article aria-labelledby={headingId} className={`rounded-xl border ${border} bg-white p-6 shadow-sm`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {service}
          </h2>
          {consultant && (
            <p className="text-sm text-slate-700" data-testid="booking-consultant">
              {consultantMessages.withConsultant(consultant)}
            </p>
          )}
        </div>
        <StatusBadge status={status} />
      </div>
      {notSent && <NotSentMark what={notSent} />}
      <FactList facts={cardFacts(details, status)} look="card" />
      {children}
    </article>
  );
}
