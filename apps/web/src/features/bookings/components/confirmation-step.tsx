import {
  type AvailabilitySlot,
  contactLabels,
  dollars,
  hourlyRate,
  type IsoDate,
  longDate,
  type Service,
  totalCost,
  urgencyLabels,
} from '@portal/domain';
import { useId } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { slotTime } from '../format';
import type { BookingDetails } from './booking-details';
import { type Fact, FactList } from './booking-facts';
import { disabledLook } from './styles';

/** Step 3: everything the booking will say, then Confirm Booking. */
export function ConfirmationStep({
  service,
  date,
  slot,
  timeZone,
  details,
  submitting,
  onBack,
  onConfirm,
}: {
  service: Service;
  date: IsoDate;
  slot: AvailabilitySlot;
  timeZone: string;
  details: BookingDetails;
  submitting: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const notes = details.additionalNotes.trim();
  const facts: Fact[] = [
    { term: 'Service', value: service.name },
    { term: 'Date', value: longDate(date) },
    { term: 'Time', value: slotTime(slot.label, timeZone, slot.starts_at) },
    { term: 'Duration', value: `${service.duration} minutes` },
    { term: 'Rate', value: hourlyRate(service.hourly_rate) },
    { term: 'Total Cost', value: dollars(totalCost(service.hourly_rate, service.duration)) },
    { term: 'Urgency', value: urgencyLabels[details.urgency] },
    { term: 'Preferred Contact', value: contactLabels[details.preferredContact] },
    { term: 'Project Description', value: details.projectDescription.trim(), wide: true },
    ...(notes ? [{ term: 'Additional Notes', value: notes, wide: true }] : []),
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Review Your Booking
      </h2>
      <FactList facts={facts} look="summary" />
      <p className="text-sm text-slate-700">
        Your booking is saved as pending; our team confirms it before the consultation.
      </p>
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onBack} disabled={submitting}>
          Back
        </button>
        <BusyButton
          className={`${buttonStyles.primary} ${disabledLook}`}
          onClick={onConfirm}
          busy={submitting}
          busyLabel="Booking..."
        >
          Confirm Booking
        </BusyButton>
      </div>
    </section>
  );
}
