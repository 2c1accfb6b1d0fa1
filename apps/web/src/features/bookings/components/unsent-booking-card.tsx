import { defaultPreferredContact, defaultUrgency, totalCost } from '@portal/domain';
import { slotTime } from '../format';
import type { UnsentCreate } from '../unsent-queue';
import { BookingArticle } from './booking-article';

/** A booking kept in this browser: what the user chose, marked as not yet sent (no code until the server has it). */
export function UnsentBookingCard({ item }: { item: UnsentCreate }) {
  const { body, service } = item;
  // The slot's wall-clock hours as chosen ('09:00 - 10:30', the API's label).
  const [start = '', end = ''] = item.slotLabel.split(' - ');
  return (
    <BookingArticle
      headingId={`unsent-${item.idempotencyKey}-heading`}
      service={service.name}
      consultant={item.consultant}
      status="pending"
      notSent="booking"
      details={{
        date: item.date,
        time: slotTime({ start_time: start, end_time: end, starts_at: body.startsAt }, item.timeZone),
        cost: totalCost(service.hourly_rate, service.duration),
        urgency: body.urgency ?? defaultUrgency,
        contact: body.preferredContact ?? defaultPreferredContact,
        bookedAt: item.savedAt,
        timeZone: item.timeZone,
        description: body.projectDescription ?? '',
      }}
    />
  );
}
