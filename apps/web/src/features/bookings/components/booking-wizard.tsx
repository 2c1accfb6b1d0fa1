import {
  bookingErrorCodes,
  bookingMessages,
  briefTexts,
  type CreateBookingBody,
  consultantMessages,
  defaultBusinessTimeZone,
  paths,
  type Service,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { useAfterRender } from '../../../lib/after-render';
import { ApiError } from '../../../lib/api-error';
import { focusHeading } from '../../../lib/focus-heading';
import { useAccount } from '../../../lib/use-session';
import { useCreateBooking } from '../api/create-booking';
import { useAvailability } from '../api/get-availability';
import { useConsultantsOf } from '../api/get-consultants';
import { useCurrentSchedule } from '../api/get-schedule';
import { bookingKeys } from '../api/query-keys';
import { slotTime } from '../format';
import { addUnsent, isUnreachable, refusalMessage, unreachableReason } from '../unsent-queue';
import { AttachDocuments, useWizardDocuments } from './attach-documents';
import { BookingBrief } from './booking-brief';
import { bookingDetailsSchema, emptyBookingDetails } from './booking-details';
import { BookingSidebar } from './booking-sidebar';
import { ConfirmationStep } from './confirmation-step';
import { ConsultantChoice } from './consultant-choice';
import { DateTimeStep } from './date-time-step';
import { DetailsStep } from './details-step';
import { IntakeQuestions, useIntakeAnswers } from './intake-questions';
import { StepIndicator, type WizardStep } from './step-indicator';
import { useSlotChoice } from './use-slot-choice';

/** One key per wizard attempt: a retry of the same attempt can never book twice. */
function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The booking wizard (docs/product.md#the-booking-wizard): Date & Time → Details → Confirmation. What the user typed lives in one form for
 * the whole wizard, so going back — or being sent back because the slot was taken — keeps it.
 */
export function BookingWizard({ service }: { service: Service }) {
  const [step, setStep] = useState<WizardStep>(1);
  const choice = useSlotChoice();
  const { date, slot } = choice;
  const [now] = useState(() => new Date());
  const [timeZone, setTimeZone] = useState(defaultBusinessTimeZone);
  const idempotencyKey = useRef<string>(undefined);
  const stepRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm(bookingDetailsSchema, { mode: 'onTouched', defaultValues: emptyBookingDetails });
  // Who: 'any' (undefined) by default; a named one only among the service's active consultants, 2+ of them.
  const consultants = useConsultantsOf(service.id).data ?? [];
  const [chosenConsultantId, setChosenConsultantId] = useState<number>();
  const chosenConsultant =
    consultants.length > 1
      ? consultants.find((consultant) => consultant.id === chosenConsultantId)
      : undefined;
  // The name the review step shows: the chosen one, the only one, or 'any' until the server assigns someone.
  const consultantName =
    chosenConsultant?.name ??
    (consultants.length === 1 ? consultants[0]?.name : undefined) ??
    consultantMessages.anyConsultant;
  const availability = useAvailability(service.id, date, chosenConsultant?.id);
  const currentSchedule = useCurrentSchedule();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const userId = useAccount().session?.user.id;

  // The server names the zone its days are reckoned in; the day picker follows it.
  const answeredZone =
    availability.data?.timeZone ??
    (currentSchedule.state === 'ready' ? currentSchedule.schedule.timeZone : undefined);
  useEffect(() => {
    if (answeredZone) setTimeZone(answeredZone);
  }, [answeredZone]);

  const booking = useCreateBooking();
  const documents = useWizardDocuments();
  // One focus request per render: a refused answer's question wins over the step's heading asked for before it.
  const afterRender = useAfterRender();
  const intake = useIntakeAnswers(service.questions, afterRender);
  const asks = service.questions.length > 0;
  /** The pending limit's refusal, kept on the last step with how to reach the firm (a notification has no links). */
  const [refusal, setRefusal] = useState<string>();

  function goTo(next: WizardStep) {
    setRefusal(undefined);
    setStep(next);
    // Focus the new step's heading, so keyboard and screen-reader users start the step there and hear its name.
    afterRender(() => focusHeading(stepRef.current, 'h2'));
  }

  /** No answer from the server: keep the booking in this browser, for this user, to be sent again. */
  function keepLocally(body: CreateBookingBody, key: string, error: ApiError): boolean {
    if (!date || !slot || userId === undefined) return false;
    const kept = addUnsent(userId, {
      kind: 'create',
      idempotencyKey: key,
      body,
      service: { name: service.name, duration: service.duration, hourly_rate: service.hourly_rate },
      date,
      slotLabel: slot.label,
      timeZone,
      ...(chosenConsultant ? { consultant: chosenConsultant.name } : {}),
      savedAt: new Date().toISOString(),
    });
    if (!kept) return false;
    notify({
      type: 'warning',
      title: 'Saved Locally',
      message: bookingMessages.savedLocally(unreachableReason(error)),
    });
    void navigate(paths.myBookings);
    return true;
  }

  function confirm() {
    if (!slot) return;
    const details = form.getValues();
    const body: CreateBookingBody = {
      serviceId: service.id,
      projectDescription: details.projectDescription.trim(),
      startsAt: slot.starts_at,
      urgency: details.urgency,
      preferredContact: details.preferredContact,
      additionalNotes: details.additionalNotes.trim(),
      ...(chosenConsultant ? { consultantId: chosenConsultant.id } : {}),
      ...(asks ? { answers: intake.body() } : {}),
    };
    idempotencyKey.current ??= newIdempotencyKey();
    const key = idempotencyKey.current;
    setRefusal(undefined);
    booking.mutate(
      { body, key },
      {
        onSuccess: async ({ booking: saved, checkout_url: checkoutUrl }) => {
          // The documents chosen on step 2 go first; the booking stands whatever becomes of them.
          const allAttached = await documents.attachTo(saved.id);
          // Paid by card: on to Stripe's Checkout, a page of its own, which sends the client back to the booking.
          if (checkoutUrl) {
            window.location.assign(checkoutUrl);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
          // A new booking is a request: the title and the card in My Bookings both say pending, never confirmed.
          // Who it is with comes from the answer: with 'any', the server has just assigned them.
          notify({
            type: 'success',
            title: bookingMessages.requestSentTitle,
            message: `${bookingMessages.saved} ${bookingMessages.requestSentNext} ${consultantMessages.bookedWith(saved.consultant.name)}`,
          });
          // A document left behind can be attached on the booking's page.
          void navigate(allAttached ? paths.myBookings : paths.booking(saved.id));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            notify({ type: 'error', title: 'Booking Failed', message: bookingMessages.createFailed });
            return;
          }
          if (error.status === 401) return; // the API client sends the user to /login
          if (error.status === 409 && error.code === bookingErrorCodes.pendingLimit) {
            // Not about the slot: the same request stays refused until a pending booking is confirmed.
            idempotencyKey.current = undefined;
            notify({ type: 'error', title: 'Booking Failed', message: error.message });
            setRefusal(error.message);
            return;
          }
          if (error.status === 409) {
            // Someone else took the slot: a new attempt from step 1, with today's truth and what they typed.
            idempotencyKey.current = undefined;
            choice.lostSlot();
            void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityOf(service.id) });
            notify({ type: 'error', title: 'Time Slot Taken', message: bookingMessages.slotTaken });
            goTo(1);
            return;
          }
          if (error.status === 400) {
            // Never kept nor retried: the same request would be refused again.
            idempotencyKey.current = undefined;
            notify({ type: 'error', title: 'Booking Failed', message: refusalMessage(error) });
            // An answer refused (the questions changed since the page opened): back to them, under each question.
            if (error.errors.some((problem) => problem.path.startsWith('answers.'))) {
              goTo(2);
              intake.showErrors(error.errors);
            }
            return;
          }
          // No answer, a timeout or a server failure: kept in the browser and sent again with the same key.
          if (isUnreachable(error) && keepLocally(body, key, error)) return;
          // Not even the browser could keep it: the same key stays, so trying again here is safe.
          notify({ type: 'error', title: 'Booking Failed', message: bookingMessages.createFailed });
        },
      },
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
        Book a Consultation
      </h1>
      <p className="mt-2 text-lg text-slate-700">{service.name}</p>
      <div className="mt-6">
        <StepIndicator current={step} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div
          ref={stepRef}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
        >
          {step === 1 && (
            <DateTimeStep
              timeZone={timeZone}
              schedule={currentSchedule}
              now={now}
              choice={choice}
              availability={availability}
              consultantChoice={
                <ConsultantChoice
                  consultants={consultants}
                  chosenId={chosenConsultant?.id}
                  onChoose={(consultantId) => {
                    if (consultantId === chosenConsultant?.id) return;
                    setChosenConsultantId(consultantId);
                    // The slot chosen may not be free for the new choice: the list is asked afresh.
                    choice.clearSlot();
                  }}
                />
              }
              onContinue={() => goTo(2)}
            />
          )}
          {step === 2 && (
            <DetailsStep
              form={form}
              chosenTime={date && slot ? { date, time: slotTime(slot, timeZone) } : undefined}
              questions={asks ? <IntakeQuestions intake={intake} /> : undefined}
              documents={<AttachDocuments files={documents.files} onChange={documents.setFiles} />}
              onBack={() => goTo(1)}
              // The answers are checked as the server checks them before going on.
              onReview={() => {
                if (intake.check()) goTo(3);
              }}
            />
          )}
          {step === 3 && date && slot && (
            <ConfirmationStep
              service={service}
              date={date}
              slot={slot}
              consultant={consultantName}
              timeZone={timeZone}
              noticeHours={
                currentSchedule.state === 'ready'
                  ? currentSchedule.schedule.client_change_notice_hours
                  : undefined
              }
              now={new Date()}
              details={form.getValues()}
              brief={
                asks ? (
                  <BookingBrief
                    brief={intake.brief()}
                    heading={briefTexts.reviewHeading}
                    level="h3"
                    className=""
                  />
                ) : undefined
              }
              documents={documents.files.map((file) => file.name)}
              submitting={booking.isPending || documents.attaching}
              refusal={refusal}
              onBack={() => goTo(2)}
              onConfirm={confirm}
            />
          )}
        </div>
        <BookingSidebar service={service} />
      </div>
    </div>
  );
}
