import {
  type Booking,
  bookingMessages,
  firmMoveTexts,
  type IsoDate,
  longDate,
  type RescheduleBookingBody,
  rescheduleBookingBodySchema,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { SchemaForm, SubmitButton } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAfterRender } from '../../../lib/after-render';
import { ApiError } from '../../../lib/api-error';
import { focusHeading } from '../../../lib/focus-heading';
import { useRescheduleAvailability } from '../api/get-availability';
import { useCurrentSchedule } from '../api/get-schedule';
import { bookingKeys } from '../api/query-keys';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { bookingTime, slotTime } from '../format';
import { FactList } from './booking-facts';
import { DateTimeStep } from './date-time-step';
import { useSlotChoice } from './use-slot-choice';

/** 'Monday, January 7, 2030, 9 AM - 10:30 AM MST'. */
function when(date: IsoDate, time: string): string {
  return `${longDate(date)}, ${time}`;
}

/**
 * Moves a booking to another time (docs/product.md#my-bookings): the wizard's Date & Time step for the same
 * service, its current slot marked, then the old and new time side by side. The server's refusal is said as it
 * words it, and the booking stays as it was. A modal <dialog>, so focus stays in it. `by: 'firm'` is an
 * administrator moving a client's booking: the same steps, worded for the firm (docs/product.md#administration).
 */
export function RescheduleDialog({
  booking,
  onClose,
  by = 'client',
}: {
  booking: Booking;
  onClose: () => void;
  by?: 'client' | 'firm';
}) {
  const byFirm = by === 'firm';
  const id = useId();
  const [step, setStepState] = useState<'choose' | 'confirm'>('choose');
  const stepRef = useRef<HTMLDivElement>(null);
  const afterRender = useAfterRender();
  /** A new step starts at its heading, so keyboard and screen-reader users hear where they are. */
  function setStep(next: 'choose' | 'confirm') {
    setStepState(next);
    afterRender(() => focusHeading(stepRef.current, next === 'choose' ? 'h2' : 'h3'));
  }
  // Opens on the booking's own day, so its current slot is in view.
  const choice = useSlotChoice(booking.booking_date);
  const { slot } = choice;
  const date = choice.date ?? booking.booking_date;
  const [now] = useState(() => new Date());
  // One key per chosen slot: a retry of the same move never moves it twice.
  const key = useRef<string>(undefined);
  const availability = useRescheduleAvailability(booking, date);
  const currentSchedule = useCurrentSchedule();
  const reschedule = useRescheduleBooking();
  const queryClient = useQueryClient();
  const { notify } = useNotify();

  // The move as a form of one value, the chosen slot's start, checked by the domain's schema before it is sent.
  const form = useSchemaForm(rescheduleBookingBodySchema, { values: { startsAt: slot?.starts_at ?? '' } });

  async function move({ startsAt }: RescheduleBookingBody): Promise<undefined> {
    key.current ??= crypto.randomUUID();
    await reschedule.mutateAsync({ id: booking.id, startsAt, key: key.current });
    onClose();
    notify({ type: 'success', title: 'Booking Rescheduled', message: bookingMessages.rescheduled });
  }

  /** Said by a notification: a slot taken meanwhile goes back to the choice, any other refusal closes the dialog. */
  function refused(error: unknown): undefined {
    if (error instanceof ApiError && error.status === 401) return void onClose();
    if (error instanceof ApiError && error.isClientError) key.current = undefined;
    if (error instanceof ApiError && error.message === bookingMessages.slotTaken) {
      // Someone else took it meanwhile: choose again from fresh slots.
      choice.lostSlot();
      setStep('choose');
      void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityOf(booking.service_id) });
    } else {
      onClose();
    }
    const reason =
      error instanceof ApiError && error.isClientError ? error.message : bookingMessages.rescheduleFailed;
    notify({ type: 'error', title: 'Reschedule Failed', message: reason });
  }

  const busy = reschedule.isPending;
  return (
    <ModalDialog
      title={byFirm ? firmMoveTexts.title : 'Reschedule Booking'}
      busy={busy}
      onClose={onClose}
      width="wide"
    >
      <p className="mt-1 text-slate-700">
        {booking.services.name} ({booking.confirmation_code}): now on {longDate(booking.booking_date)},{' '}
        {bookingTime(booking)}.
      </p>
      <div ref={stepRef} className="mt-6">
        {step === 'choose' ? (
          <DateTimeStep
            timeZone={booking.time_zone}
            schedule={currentSchedule}
            now={now}
            choice={{
              ...choice,
              chooseSlot: (next) => {
                choice.chooseSlot(next);
                key.current = undefined;
              },
            }}
            availability={availability}
            currentStartsAt={booking.starts_at}
            continueLabel="Review New Time"
            onContinue={() => setStep('confirm')}
          />
        ) : (
          slot && (
            <section aria-labelledby={`${id}-confirm`} className="space-y-6">
              <h3 id={`${id}-confirm`} className="text-lg font-semibold text-slate-900">
                Confirm the New Time
              </h3>
              <FactList
                look="summary"
                facts={[
                  {
                    term: 'Current time',
                    value: when(booking.booking_date, bookingTime(booking)),
                  },
                  { term: 'New time', value: when(date, slotTime(slot, booking.time_zone)) },
                ]}
              />
              <p className="text-sm text-slate-700">
                {byFirm
                  ? firmMoveTexts.keeps
                  : 'The booking keeps its confirmation code, price and status; we email you a calendar update.'}
              </p>
              <SchemaForm
                form={form}
                onSubmit={move}
                onFailure={refused}
                className="flex flex-wrap justify-end gap-3"
              >
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => setStep('choose')}
                  disabled={busy}
                >
                  Back
                </button>
                <SubmitButton
                  form={form}
                  label={byFirm ? firmMoveTexts.confirm : 'Confirm Reschedule'}
                  busy={byFirm ? firmMoveTexts.busy : 'Rescheduling...'}
                />
              </SchemaForm>
            </section>
          )
        )}
      </div>
      {step === 'choose' && (
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Keep Current Time
          </button>
        </div>
      )}
    </ModalDialog>
  );
}
