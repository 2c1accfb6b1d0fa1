import {
  type AvailabilitySlot,
  bookingChangeRules,
  bookingFileMessages,
  bookingMessages,
  clientChangeNoticeRefusal,
  consultantMessages,
  contactLabels,
  dollars,
  duration,
  hourlyRate,
  type IsoDate,
  longDate,
  type Service,
  totalCost,
  urgencyLabels,
  withIndefiniteArticle,
} from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ReachTheFirm } from '../../../components/ui/reach-the-firm';
import { slotTime } from '../format';
import type { BookingDetails } from './booking-details';
import { type Fact, FactList } from './booking-facts';
import { disabledLook } from './styles';

/** Step 3: everything the booking will say, then Confirm Booking. */
export function ConfirmationStep({
  service,
  date,
  slot,
  consultant,
  timeZone,
  noticeHours,
  now,
  details,
  brief,
  documents = [],
  submitting,
  refusal,
  onBack,
  onConfirm,
}: {
  service: Service;
  date: IsoDate;
  slot: AvailabilitySlot;
  /** Who it is with: the chosen (or only) consultant's name, or 'Any available consultant'. */
  consultant: string;
  timeZone: string;
  /** CLIENT_CHANGE_NOTICE_HOURS as the public schedule states it; undefined while it is not known. */
  noticeHours: number | undefined;
  /** The moment the chosen time is judged against the notice. */
  now: Date;
  details: BookingDetails;
  /** The answers to the service's intake questions (booking-brief.tsx). */
  brief?: ReactNode;
  /** The names of the documents chosen on step 2, attached once the booking is made. */
  documents?: readonly string[];
  submitting: boolean;
  /** Why the server refused the last Confirm when trying again later is the way (the pending limit). */
  refusal?: string | undefined;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const notes = details.additionalNotes.trim();
  const time = slotTime(slot, timeZone);
  // A time inside the notice is locked the moment it is booked: say so, and how to reach the firm, before Confirm.
  const lockedAtOnce =
    noticeHours !== undefined && clientChangeNoticeRefusal(slot.starts_at, now, noticeHours) !== undefined;
  const facts: Fact[] = [
    { term: 'Service', value: service.name },
    { term: consultantMessages.factTerm, value: consultant },
    { term: 'Date', value: longDate(date) },
    { term: 'Time', value: time },
    { term: 'Duration', value: duration(service.duration) },
    { term: 'Rate', value: hourlyRate(service.hourly_rate) },
    { term: 'Total Cost', value: dollars(totalCost(service.hourly_rate, service.duration)) },
    { term: 'Urgency', value: urgencyLabels[details.urgency] },
    { term: 'Preferred Contact', value: contactLabels[details.preferredContact] },
    { term: 'Project Description', value: details.projectDescription.trim(), wide: true },
    ...(notes ? [{ term: 'Additional Notes', value: notes, wide: true }] : []),
    ...(documents.length > 0
      ? [{ term: bookingFileMessages.heading, value: documents.join(', '), wide: true }]
      : []),
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Review Your Booking
      </h2>
      <p className="text-slate-700">
        You are requesting {withIndefiniteArticle(service.name)} consultation on {longDate(date)} at {time}.
      </p>
      <FactList facts={facts} look="summary" />
      {brief}
      <p className="text-sm text-slate-700">
        Your booking is saved as pending; our team confirms it before the consultation.
      </p>
      {noticeHours !== undefined && (
        <div
          className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
          data-testid="change-rules"
        >
          <h3 className="font-semibold text-slate-900">Changes and cancellation</h3>
          <p>{bookingChangeRules.rules(noticeHours)}</p>
          {lockedAtOnce && (
            <p className="font-semibold text-amber-900" data-testid="locked-at-once">
              {bookingChangeRules.lockedAtOnce(noticeHours)} {bookingMessages.changeNoticePassed(noticeHours)}
            </p>
          )}
          <ReachTheFirm className="block" />
        </div>
      )}
      {refusal && (
        <FormMessage type="error">
          {refusal}
          <ReachTheFirm className="mt-1 block" />
        </FormMessage>
      )}
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
