import 'react-day-picker/style.css';
import {
  type AvailabilityResponse,
  bookingMessages,
  clockRange,
  type IsoDate,
  isBookableDate,
  lastBookableDate,
  longDate,
  openingHoursNote,
  type ScheduleWithClosures,
  todayIn,
  zoneName,
} from '@portal/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import type { CurrentSchedule } from '../api/get-schedule';
import { disabledLook } from './styles';
import type { SlotChoice } from './use-slot-choice';

/** A calendar day of the picker (local midnight) as 'YYYY-MM-DD'. */
function isoOf(day: Date): IsoDate {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** 'YYYY-MM-DD' as the picker's local-midnight day. */
function localDay(date: IsoDate): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * A day button's accessible name: it begins with the number the button shows (so speech users can say what they
 * see, and axe's label-content-name-mismatch holds), then the whole date, then whether it is today or chosen.
 */
function dayButtonLabel(day: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  return [
    String(day.getDate()),
    longDate(isoOf(day)),
    modifiers.today && 'today',
    modifiers.selected && 'selected',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The day picker's colors and day size, as the CSS variables it reads. Days of 40 px (not its 44 px) keep a week,
 * Saturday included, within a 375 px phone; 40 px is still a comfortable touch target.
 */
const dayPickerLook: CSSProperties & Record<`--rdp-${string}`, string> = {
  '--rdp-accent-color': '#1d4ed8',
  '--rdp-accent-background-color': '#dbeafe',
  '--rdp-today-color': '#1e40af',
  '--rdp-day-width': '40px',
  '--rdp-day-height': '40px',
  '--rdp-day_button-width': '38px',
  '--rdp-day_button-height': '38px',
};

/** Whether a scrolling list has more below what is shown, kept up to date as it scrolls or its items change. */
function useMoreBelow() {
  // A callback ref: the list comes and goes with the chosen day's answer.
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const measure = useCallback(() => {
    setMoreBelow(list ? list.scrollHeight - list.scrollTop - list.clientHeight > 1 : false);
  }, [list]);
  // After every render: the times listed may have changed (an unchanged answer renders nothing new).
  useEffect(() => measure());
  useEffect(() => {
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [list, measure]);
  return { ref: setList, moreBelow, onScroll: measure };
}

interface DateTimeStepProps {
  /** The business time zone the days and times are reckoned in. */
  timeZone: string;
  /**
   * The firm's schedule as it is now: closed weekdays, closed dates and days beyond the horizon are disabled. Until
   * it is read, the step says so rather than guess.
   */
  schedule: CurrentSchedule;
  now: Date;
  /** The day and slot chosen, and whether the one chosen before was taken by someone else. */
  choice: SlotChoice;
  /** The chosen day's slots (not asked for until a day is chosen). */
  availability: UseQueryResult<AvailabilityResponse>;
  /** Rescheduling: the booking's own start, listed (though taken, by it) and marked current, not choosable. */
  currentStartsAt?: string | undefined;
  /** The label of the button that goes on (Continue in the wizard). */
  continueLabel?: string;
  /** Shown under the heading, before the calendar: the wizard's choice of consultant. */
  consultantChoice?: ReactNode;
  onContinue: () => void;
}

/** Step 1: a day the firm opens, from today to the booking horizon in the business zone, then one of its free slots. */
export function DateTimeStep({ schedule, timeZone, now, ...rest }: DateTimeStepProps) {
  return (
    <section aria-labelledby="date-time-heading" className="space-y-6">
      {schedule.state === 'ready' ? (
        <DayAndSlot scheduleWithClosures={schedule.schedule} timeZone={timeZone} now={now} {...rest} />
      ) : (
        <>
          <StepHeading />
          {schedule.state === 'loading' ? (
            <Spinner label="Loading the calendar..." />
          ) : (
            <FormMessage type="error">
              We could not load the firm's calendar.{' '}
              <button type="button" onClick={schedule.retry} className="font-semibold underline">
                Try Again
              </button>
            </FormMessage>
          )}
        </>
      )}
    </section>
  );
}

function StepHeading({ note }: { note?: string }) {
  return (
    <div>
      <h2 id="date-time-heading" className="text-xl font-semibold text-slate-900">
        Choose a Date &amp; Time
      </h2>
      {note && <p className="mt-1 text-slate-700">{note}</p>}
    </div>
  );
}

/** The day picker, the chosen day's free times, and the button that goes on. */
function DayAndSlot({
  timeZone,
  scheduleWithClosures,
  now,
  choice,
  availability,
  currentStartsAt,
  continueLabel = 'Continue',
  consultantChoice,
  onContinue,
}: Omit<DateTimeStepProps, 'schedule'> & { scheduleWithClosures: ScheduleWithClosures }) {
  const { date, slot } = choice;
  // After a lost slot, the list asked afresh counts as loading: the old one is not to be chosen from again.
  const loading = availability.isPending || (choice.slotTaken && availability.isFetching);
  const today = localDay(todayIn(timeZone, now));
  const lastDay = localDay(lastBookableDate(timeZone, now, scheduleWithClosures.schedule));
  const free =
    availability.data?.slots.filter(
      (candidate) => candidate.available || candidate.starts_at === currentStartsAt,
    ) ?? [];
  const slotList = useMoreBelow();
  return (
    <>
      <StepHeading note={openingHoursNote(scheduleWithClosures.schedule)} />
      {consultantChoice}
      {choice.slotTaken && (
        <FormMessage type="error">
          {bookingMessages.slotTaken}. Please choose another time; the list below is up to date.
        </FormMessage>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <div
          className="w-fit max-w-full overflow-x-auto rounded-lg border border-slate-200 p-2"
          style={dayPickerLook}
          data-testid="day-picker"
        >
          <DayPicker
            mode="single"
            required
            selected={date ? localDay(date) : undefined}
            onSelect={(day) => choice.chooseDate(isoOf(day))}
            disabled={(day) => !isBookableDate(isoOf(day), timeZone, now, scheduleWithClosures)}
            today={today}
            startMonth={today}
            endMonth={lastDay}
            defaultMonth={date ? localDay(date) : today}
            weekStartsOn={0}
            labels={{ labelDayButton: dayButtonLabel }}
          />
        </div>
        <div>
          <h3 className="text-base font-semibold text-slate-900">
            {date ? `Available times on ${longDate(date)}` : 'Available times'}
          </h3>
          <p className="mt-1 text-sm text-slate-700">Times are in {zoneName(timeZone, now)}.</p>
          <div className="mt-3">
            {!date ? (
              <p className="text-slate-700">Choose a day in the calendar to see its free times.</p>
            ) : loading ? (
              <Spinner label="Loading available times..." />
            ) : availability.isError ? (
              <FormMessage type="error">
                We could not load the free times for this day.{' '}
                <button
                  type="button"
                  onClick={() => void availability.refetch()}
                  className="font-semibold underline"
                >
                  Try Again
                </button>
              </FormMessage>
            ) : free.length === 0 ? (
              <p className="text-slate-700">No free times on this day. Please choose another date.</p>
            ) : (
              <fieldset>
                <legend className="sr-only">Time slot</legend>
                <p className="mb-2 text-sm text-slate-700" data-testid="slot-count">
                  {free.length} {free.length === 1 ? 'time' : 'times'} free
                </p>
                <div className="relative">
                  <div
                    ref={slotList.ref}
                    onScroll={slotList.onScroll}
                    className="max-h-[400px] space-y-2 overflow-y-auto pr-1"
                    data-testid="slot-list"
                  >
                    {free.map((candidate) => {
                      const chosen = slot?.starts_at === candidate.starts_at;
                      const current = candidate.starts_at === currentStartsAt;
                      return (
                        <label
                          key={candidate.starts_at}
                          className={`flex items-center gap-3 rounded-lg border px-4 py-3 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700 ${
                            current
                              ? 'cursor-not-allowed border-dashed border-slate-400 bg-slate-50 text-slate-700'
                              : chosen
                                ? 'cursor-pointer border-blue-700 bg-blue-50 text-blue-900'
                                : 'cursor-pointer border-slate-300 text-slate-900 hover:bg-slate-50'
                          }`}
                        >
                          <input
                            type="radio"
                            name="slot"
                            value={candidate.starts_at}
                            checked={chosen}
                            disabled={current}
                            onChange={() => choice.chooseSlot(candidate)}
                            className="size-4 accent-blue-700"
                          />
                          {clockRange(candidate.start_time, candidate.end_time)}
                          {current && (
                            <span className="ml-auto text-sm font-semibold" data-testid="current-slot">
                              Current time
                            </span>
                          )}
                        </label>
                      );
                    })}
                  </div>
                  {slotList.moreBelow && (
                    <div
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 bottom-0 flex h-16 items-end justify-center bg-gradient-to-t from-white via-white/90 to-transparent pb-1 text-sm font-semibold text-blue-800"
                      data-testid="more-times-below"
                    >
                      More times below ↓
                    </div>
                  )}
                </div>
              </fieldset>
            )}
          </div>
        </div>
      </div>
      <div className="flex justify-end">
        <button
          type="button"
          className={`${buttonStyles.primary} ${disabledLook}`}
          disabled={!slot}
          onClick={onContinue}
        >
          {continueLabel}
        </button>
      </div>
    </>
  );
}
