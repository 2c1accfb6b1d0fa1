import {
  calendarLimits,
  type FieldError,
  type OpeningRange,
  openingHoursNote,
  type Schedule,
  weekdayLabel,
  weekdaysMondayFirst,
} from '@portal/domain';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ApiError } from '../../../lib/api-error';
import { useSaveSchedule } from '../api/save-schedule';

const input =
  'rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700';

/** The field errors of the server under one path prefix ('schedule.weeklyHours.monday'). */
function errorsAt(errors: readonly FieldError[], prefix: string): string[] {
  return errors
    .filter((error) => error.path === prefix || error.path.startsWith(`${prefix}.`))
    .map((error) => error.msg);
}

/** A whole number typed in a field, or NaN: the server names what is wrong with it. */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/**
 * The firm's weekly hours (each day closed or open in one or more ranges), the slot step, the buffer after each
 * consultation, the minimum notice and the booking horizon. Saved as a whole; the server judges it and names the
 * field of each problem.
 */
export function ScheduleEditor({ saved }: { saved: Schedule }) {
  const [schedule, setSchedule] = useState<Schedule>(saved);
  const [numbers, setNumbers] = useState({
    bufferMinutes: String(saved.bufferMinutes),
    minNoticeHours: String(saved.minNoticeHours),
    horizonDays: String(saved.horizonDays),
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const save = useSaveSchedule();
  const { notify } = useNotify();

  function setDay(day: (typeof weekdaysMondayFirst)[number], ranges: OpeningRange[]) {
    setSchedule((current) => ({ ...current, weeklyHours: { ...current.weeklyHours, [day]: ranges } }));
  }

  function submit() {
    const next: Schedule = {
      ...schedule,
      bufferMinutes: wholeNumber(numbers.bufferMinutes),
      minNoticeHours: wholeNumber(numbers.minNoticeHours),
      horizonDays: wholeNumber(numbers.horizonDays),
    };
    setErrors([]);
    save.mutate(next, {
      onSuccess: (answer) => {
        setSchedule(answer.schedule);
        notify({ type: 'success', title: 'Saved', message: 'Schedule saved' });
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.errors : []);
        notify({ type: 'error', title: 'Error', message: error.message });
      },
    });
  }

  const numberError = (field: string) => errorsAt(errors, `schedule.${field}`)[0];

  return (
    <form
      aria-labelledby="schedule-heading"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="schedule-heading" className="text-xl font-semibold text-slate-900">
        Opening hours
      </h2>
      <p className="text-sm text-slate-700" data-testid="hours-note">
        {openingHoursNote(schedule)}
      </p>
      <fieldset className="space-y-3">
        <legend className="sr-only">Weekly hours</legend>
        {weekdaysMondayFirst.map((day) => {
          const ranges = schedule.weeklyHours[day];
          const label = weekdayLabel(day);
          const dayErrors = errorsAt(errors, `schedule.weeklyHours.${day}`);
          return (
            <div key={day} className="rounded-lg border border-slate-200 p-3" data-testid={`day-${day}`}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="w-28 font-semibold text-slate-900">{label}</span>
                {ranges.length === 0 && <span className="text-slate-600">Closed</span>}
                {ranges.map((range, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a range has no identity but its place in the day
                  <span key={index} className="flex items-center gap-1">
                    <input
                      type="time"
                      step={300}
                      aria-label={`${label} opening ${index + 1} from`}
                      className={input}
                      value={range.start}
                      onChange={(event) =>
                        setDay(
                          day,
                          ranges.map((item, at) =>
                            at === index ? { ...item, start: event.target.value } : item,
                          ),
                        )
                      }
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      step={300}
                      aria-label={`${label} opening ${index + 1} until`}
                      className={input}
                      value={range.end}
                      onChange={(event) =>
                        setDay(
                          day,
                          ranges.map((item, at) =>
                            at === index ? { ...item, end: event.target.value } : item,
                          ),
                        )
                      }
                    />
                    <button
                      type="button"
                      className="rounded p-1 text-slate-700 hover:bg-slate-100"
                      aria-label={`Remove ${label} opening ${index + 1}`}
                      onClick={() =>
                        setDay(
                          day,
                          ranges.filter((_, at) => at !== index),
                        )
                      }
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </span>
                ))}
                <button
                  type="button"
                  className="inline-flex items-center gap-1 text-sm font-semibold text-blue-800 hover:underline"
                  aria-label={`Add an opening on ${label}`}
                  onClick={() => {
                    const last = ranges.at(-1);
                    setDay(day, [
                      ...ranges,
                      last
                        ? { start: last.end, end: last.end < '17:00' ? '17:00' : '23:55' }
                        : { start: '09:00', end: '17:00' },
                    ]);
                  }}
                >
                  <Plus className="size-4" aria-hidden="true" /> Add hours
                </button>
              </div>
              {dayErrors.map((message) => (
                <p key={message} className="mt-1 text-sm text-red-700">
                  {message}
                </p>
              ))}
            </div>
          );
        })}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="slot-step" className="text-sm font-medium text-slate-800">
            Slot step
          </label>
          <select
            id="slot-step"
            className={`${input} mt-1 block w-full`}
            value={schedule.slotStepMinutes}
            onChange={(event) => setSchedule({ ...schedule, slotStepMinutes: Number(event.target.value) })}
          >
            {calendarLimits.slotSteps.map((step) => (
              <option key={step} value={step}>
                {`Every ${step} minutes`}
              </option>
            ))}
          </select>
          {numberError('slotStepMinutes') && (
            <p className="mt-1 text-sm text-red-700">{numberError('slotStepMinutes')}</p>
          )}
        </div>
        <TextField
          label="Buffer after each consultation (minutes)"
          inputMode="numeric"
          value={numbers.bufferMinutes}
          onChange={(event) => setNumbers({ ...numbers, bufferMinutes: event.target.value })}
          error={numberError('bufferMinutes')}
        />
        <TextField
          label="Minimum notice (hours)"
          inputMode="numeric"
          value={numbers.minNoticeHours}
          onChange={(event) => setNumbers({ ...numbers, minNoticeHours: event.target.value })}
          error={numberError('minNoticeHours')}
        />
        <TextField
          label="Booking horizon (days ahead)"
          inputMode="numeric"
          value={numbers.horizonDays}
          onChange={(event) => setNumbers({ ...numbers, horizonDays: event.target.value })}
          error={numberError('horizonDays')}
        />
      </div>
      {save.isError && errors.length === 0 && <FormMessage type="error">{save.error.message}</FormMessage>}
      <BusyButton type="submit" busy={save.isPending} busyLabel="Saving..." className={buttonStyles.primary}>
        Save Schedule
      </BusyButton>
    </form>
  );
}
