import {
  duration,
  openingHoursNote,
  type Schedule,
  scheduleChanges,
  scheduleChangeTexts,
  scheduleLimits,
  scheduleSchema,
  type WeekdayName,
  weekdayLabel,
  weekdaysMondayFirst,
} from '@portal/domain';
import { Plus, X } from 'lucide-react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { errorMessages } from '../../../components/form/error-messages';
import { ErrorText } from '../../../components/form/field';
import { InputField, SelectField } from '../../../components/form/form-fields';
import { failureNotice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { useSaveSchedule } from '../api/save-schedule';

const input =
  'rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900 shadow-sm focus:outline-2 focus:outline-blue-700';

/** A whole number typed in a field (or the one it started with), or NaN: the schema names what is wrong with it. */
function wholeNumber(value: unknown): number {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** The schedule's numbers, each typed as a whole number. */
const numberFields = [
  { name: 'bufferMinutes', label: 'Buffer after each consultation (minutes)' },
  { name: 'minNoticeHours', label: 'Minimum notice (hours)' },
  { name: 'horizonDays', label: 'Booking horizon (days ahead)' },
] as const;

/** A day: closed, or open in one or more ranges, each removable; Add Hours adds one after the last. */
function DayHours({ form, day }: { form: UseFormReturn<Schedule>; day: WeekdayName }) {
  const {
    fields: ranges,
    append,
    remove,
  } = useFieldArray({ control: form.control, name: `weeklyHours.${day}` });
  const label = weekdayLabel(day);
  const dayErrors = errorMessages(form.formState.errors.weeklyHours?.[day]);
  // The day's errors are about its ranges: each time field is marked invalid and tied to them, as a Field would be.
  const errorsId = `day-${day}-errors`;
  const invalid = dayErrors.length > 0 ? { 'aria-invalid': true, 'aria-describedby': errorsId } : {};
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`day-${day}`}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="w-28 font-semibold text-slate-900">{label}</span>
        {ranges.length === 0 && <span className="text-slate-600">Closed</span>}
        {ranges.map((range, index) => (
          <span key={range.id} className="flex items-center gap-1">
            <input
              type="time"
              step={300}
              aria-label={`${label} opening ${index + 1} from`}
              {...invalid}
              className={input}
              {...form.register(`weeklyHours.${day}.${index}.start`)}
            />
            <span aria-hidden="true">-</span>
            <input
              type="time"
              step={300}
              aria-label={`${label} opening ${index + 1} until`}
              {...invalid}
              className={input}
              {...form.register(`weeklyHours.${day}.${index}.end`)}
            />
            <button
              type="button"
              className="rounded p-1 text-slate-700 hover:bg-slate-100"
              aria-label={`Remove ${label} opening ${index + 1}`}
              onClick={() => remove(index)}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </span>
        ))}
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm font-semibold text-blue-800 hover:underline"
          // The name begins with the visible words, so speech users can say what they see.
          aria-label={`Add Hours on ${label}`}
          onClick={() => {
            const last = form.getValues(`weeklyHours.${day}`).at(-1);
            // Focus moves to the new range's first field, where the user goes on typing.
            append(
              last
                ? { start: last.end, end: last.end < '17:00' ? '17:00' : '23:55' }
                : { start: '09:00', end: '17:00' },
              { shouldFocus: true, focusName: `weeklyHours.${day}.${ranges.length}.start` },
            );
          }}
        >
          <Plus className="size-4" aria-hidden="true" /> Add Hours
        </button>
      </div>
      {dayErrors.length > 0 && (
        <div id={errorsId}>
          {dayErrors.map((message) => (
            <ErrorText key={message}>{message}</ErrorText>
          ))}
        </div>
      )}
    </div>
  );
}

/** What saving would change, read out as it changes, above the Save button. */
function PendingChanges({ form, saved }: { form: UseFormReturn<Schedule>; saved: Schedule }) {
  const draft = useWatch({ control: form.control });
  const changes = scheduleChanges(saved, {
    weeklyHours: draft.weeklyHours ?? saved.weeklyHours,
    slotStepMinutes: draft.slotStepMinutes,
    bufferMinutes: draft.bufferMinutes,
    minNoticeHours: draft.minNoticeHours,
    horizonDays: draft.horizonDays,
  });
  return (
    <div aria-live="polite" className="text-sm text-slate-700" data-testid="schedule-changes-pending">
      {changes.length === 0 ? (
        <p>{scheduleChangeTexts.none}</p>
      ) : (
        <>
          <p className="font-semibold text-slate-900">{scheduleChangeTexts.intro}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The firm's weekly hours (each day closed or open in one or more ranges), the slot step, the buffer after each
 * consultation, the minimum notice and the booking horizon. Saved as a whole, only from its Save button (Enter in a
 * field does not save) and after saying what will change; checked by the domain's schedule schema
 * first; the server judges what only it knows (the services' session lengths against the step) and names the field.
 */
export function ScheduleEditor({ saved }: { saved: Schedule }) {
  const form = useSchemaForm(scheduleSchema, { defaultValues: saved });
  const weeklyHours = useWatch({ control: form.control, name: 'weeklyHours' });
  const save = useSaveSchedule();
  const { notify } = useNotify();

  async function send(schedule: Schedule): Promise<undefined> {
    const answer = await save.mutateAsync(schedule);
    form.reset(answer.schedule);
    notify({ type: 'success', title: 'Saved', message: 'Schedule saved' });
  }

  function refused(error: unknown, placed: boolean) {
    notify({
      type: 'error',
      title: 'Error',
      message: error instanceof Error ? error.message : String(error),
    });
    return failureNotice(error, placed);
  }

  return (
    <div className="space-y-6">
      <h2 id="schedule-heading" className="text-xl font-semibold text-slate-900">
        Opening hours
      </h2>
      <p className="text-sm text-slate-700" data-testid="hours-note">
        {openingHoursNote({ ...saved, weeklyHours })}
      </p>
      <SchemaForm
        form={form}
        onSubmit={send}
        onFailure={refused}
        errorPrefix="schedule."
        submitOnEnter={false}
        submit={{ label: 'Save Schedule', busy: 'Saving...' }}
        aria-labelledby="schedule-heading"
        className="space-y-6"
      >
        <fieldset className="space-y-3">
          <legend className="sr-only">Weekly hours</legend>
          {weekdaysMondayFirst.map((day) => (
            <DayHours key={day} form={form} day={day} />
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField form={form} name="slotStepMinutes" label="Slot step" parse={Number}>
            {scheduleLimits.slotSteps.map((step) => (
              <option key={step} value={String(step)}>
                {`Every ${duration(step)}`}
              </option>
            ))}
          </SelectField>
          {numberFields.map((field) => (
            <InputField key={field.name} form={form} {...field} inputMode="numeric" parse={wholeNumber} />
          ))}
        </div>
        <PendingChanges form={form} saved={saved} />
      </SchemaForm>
    </div>
  );
}
