import { defaultPreferredContact, defaultUrgency, totalCost } from '@portal/domain';
import { CloudOff } from 'lucide-react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { dollars, longDate, zoneAbbreviation } from '../../../lib/booking-format';
import { contactLabels, shortDateIn, urgencyLabels } from '../format';
import type { UnsentCreate } from '../unsent-queue';
import { BookingFacts } from './booking-facts';

/** The clear mark of something kept in this browser that the server has not received yet. */
export function NotSentMark({ what }: { what: string }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-950">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong data-testid="not-sent">Not yet sent</strong> — {what} is saved in this browser and will be
        sent automatically when the server can be reached.
      </span>
    </p>
  );
}

/** A booking kept in the browser: what the user chose, marked as not yet sent (no code until the server has it). */
export function UnsentBookingCard({ item }: { item: UnsentCreate }) {
  const headingId = `unsent-${item.idempotencyKey}-heading`;
  const { body, service } = item;
  const facts: [string, string][] = [
    ['Date', longDate(item.date)],
    ['Time', `${item.slotLabel} ${zoneAbbreviation(item.timeZone, new Date(body.startsAt))}`],
    ['Cost', dollars(totalCost(service.hourly_rate, service.duration))],
    ['Urgency', urgencyLabels[body.urgency ?? defaultUrgency]],
    ['Contact Method', contactLabels[body.preferredContact ?? defaultPreferredContact]],
    ['Booked On', shortDateIn(item.savedAt, item.timeZone)],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-dashed border-orange-300 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {service.name}
        </h2>
        <StatusBadge status="pending" />
      </div>
      <NotSentMark what="This booking" />
      <BookingFacts facts={facts} description={body.projectDescription ?? ''} />
    </article>
  );
}
