import { type AvailabilitySlot, type IsoDate, type Service, totalCost } from '@portal/domain';
import { useId } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { dollars, hourlyRate, longDate, zoneAbbreviation } from '../../../lib/booking-format';
import { contactLabels, urgencyLabels } from '../format';
import type { BookingDetails } from './details-step';
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
  const rows: [string, string][] = [
    ['Service', service.name],
    ['Date', longDate(date)],
    ['Time', `${slot.label} ${zoneAbbreviation(timeZone, new Date(slot.starts_at))}`],
    ['Duration', `${service.duration} minutes`],
    ['Rate', hourlyRate(service.hourly_rate)],
    ['Total Cost', dollars(totalCost(service.hourly_rate, service.duration))],
    ['Urgency', urgencyLabels[details.urgency]],
    ['Preferred Contact', contactLabels[details.preferredContact]],
  ];
  const notes = details.additionalNotes.trim();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Review Your Booking
      </h2>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-medium text-slate-700">{term}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-slate-700">Project Description</dt>
          <dd className="whitespace-pre-wrap text-slate-900">{details.projectDescription.trim()}</dd>
        </div>
        {notes && (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-700">Additional Notes</dt>
            <dd className="whitespace-pre-wrap text-slate-900">{notes}</dd>
          </div>
        )}
      </dl>
      <p className="text-sm text-slate-700">
        Your booking is saved as pending; our team confirms it before the consultation.
      </p>
      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onBack} disabled={submitting}>
          Back
        </button>
        <button
          type="button"
          className={`${buttonStyles.primary} ${disabledLook}`}
          onClick={onConfirm}
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {submitting ? 'Booking...' : 'Confirm Booking'}
        </button>
      </div>
    </section>
  );
}
