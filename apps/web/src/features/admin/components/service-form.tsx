import {
  durationProblem,
  type FieldError,
  type Schedule,
  type Service,
  type ServiceBody,
  serviceBodySchema,
  serviceCategories,
  serviceFieldLabels,
  serviceListLabels,
  sessionLengthStep,
} from '@portal/domain';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/form/text-field';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';

type ListName = keyof typeof serviceListLabels;
const listNames = Object.keys(serviceListLabels) as ListName[];
const otherCategory = 'other';

/** What the form holds: numbers as typed, so that a half-typed value is not lost. */
interface Draft extends Omit<ServiceBody, 'hourly_rate' | 'duration'> {
  hourly_rate: string;
  duration: string;
}

function draftOf(service: Service | undefined): Draft {
  if (!service) {
    return {
      name: '',
      category: serviceCategories[0],
      hourly_rate: '',
      // An hour: every slot step divides it.
      duration: '60',
      description: '',
      longDescription: '',
      features: [],
      benefits: [],
      process: [],
      technologies: [],
      deliverables: [],
      active: true,
    };
  }
  const { id: _id, icon: _icon, rating: _rating, hourly_rate, duration, ...rest } = service;
  return { ...rest, hourly_rate: String(hourly_rate), duration: String(duration) };
}

/** A number field's text as the API wants it: a number when it reads as one, else the text (refused by name). */
function asNumber(text: string): number | string {
  return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/** The draft checked by the API's own schema and the session-length step: the record, or every problem. */
function check(draft: Draft, step: number): { record: ServiceBody } | { errors: FieldError[] } {
  const duration = asNumber(draft.duration);
  const parsed = serviceBodySchema.safeParse({
    ...draft,
    hourly_rate: asNumber(draft.hourly_rate),
    duration,
  });
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), msg: issue.message }));
  const stepProblem = typeof duration === 'number' ? durationProblem(duration, step) : undefined;
  if (stepProblem && !errors.some((error) => error.path === 'duration')) {
    errors.push({ path: 'duration', msg: stepProblem });
  }
  return parsed.success && errors.length === 0 ? { record: parsed.data } : { errors };
}

function ListEditor({
  name,
  items,
  errors,
  onChange,
}: {
  name: ListName;
  items: string[];
  errors: FieldError[];
  onChange: (items: string[]) => void;
}) {
  const label = serviceListLabels[name];
  const listError = errors.find((error) => error.path === name)?.msg;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {items.length === 0 && (
        <p className="text-sm text-slate-600">Empty: the page shows the category's usual list.</p>
      )}
      <ol className="space-y-2">
        {items.map((item, index) => (
          // Items are edited in place: their position is their identity while the form is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-start gap-2">
            <TextField
              className="flex-1"
              label={`${label} item ${index + 1}`}
              value={item}
              error={errors.find((error) => error.path === `${name}.${index}`)?.msg}
              onChange={(event) =>
                onChange(items.map((old, at) => (at === index ? event.target.value : old)))
              }
            />
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-6 px-2 py-2`}
              aria-label={`Remove ${label} item ${index + 1}`}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      {listError && <p className="mt-2 text-sm text-red-700">{listError}</p>}
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3 px-3 py-1.5 text-sm`}
        onClick={() => onChange([...items, ''])}
      >
        <Plus aria-hidden="true" className="size-4" />
        {`Add ${label} item`}
      </button>
    </fieldset>
  );
}

/**
 * A service's whole record: create (no `service`) or edit. Checked as the API checks it before it is sent, against
 * the firm's schedule (`schedule`: session lengths go by its slot step); the API's refusals (`serverErrors`) are
 * shown beside their fields the same way.
 */
export function ServiceForm({
  service,
  schedule,
  busy,
  serverErrors,
  onSave,
  onCancel,
}: {
  service?: Service;
  schedule: Pick<Schedule, 'slotStepMinutes'>;
  busy: boolean;
  serverErrors: FieldError[];
  onSave: (record: ServiceBody) => void;
  onCancel: () => void;
}) {
  const step = sessionLengthStep(schedule);
  const [draft, setDraft] = useState(() => draftOf(service));
  const [checked, setChecked] = useState<FieldError[]>([]);
  const known = (serviceCategories as readonly string[]).includes(draft.category);
  const [choice, setChoice] = useState(known ? draft.category : otherCategory);
  const categoryId = useId();
  const errors = checked.length > 0 ? checked : serverErrors;
  const errorOf = (path: string) => errors.find((error) => error.path === path)?.msg;
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((old) => ({ ...old, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = check(draft, step);
    if ('errors' in result) {
      setChecked(result.errors);
      return;
    }
    setChecked([]);
    onSave(result.record);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={service ? `Edit ${service.name}` : 'New service'}>
      <div className="space-y-4">
        {errors.length > 0 && (
          <FormMessage type="error">
            {errors[0]?.msg ?? 'Please correct the fields marked below.'}
          </FormMessage>
        )}
        <TextField
          label={serviceFieldLabels.name}
          required
          value={draft.name}
          error={errorOf('name')}
          onChange={(event) => set('name', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={categoryId} className="text-sm font-medium text-slate-800">
              {serviceFieldLabels.category}
            </label>
            <select
              id={categoryId}
              value={choice}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
              onChange={(event) => {
                setChoice(event.target.value);
                set('category', event.target.value === otherCategory ? '' : event.target.value);
              }}
            >
              {serviceCategories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
              <option value={otherCategory}>Another category…</option>
            </select>
          </div>
          {choice === otherCategory && (
            <TextField
              label="New category"
              hint="Lowercase words joined by hyphens; it gets the generic icon and texts."
              value={draft.category}
              error={errorOf('category')}
              onChange={(event) => set('category', event.target.value)}
            />
          )}
          {choice !== otherCategory && errorOf('category') && (
            <p className="text-sm text-red-700">{errorOf('category')}</p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${serviceFieldLabels.hourly_rate} (dollars)`}
            required
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={draft.hourly_rate}
            error={errorOf('hourly_rate')}
            onChange={(event) => set('hourly_rate', event.target.value)}
          />
          <TextField
            label={`${serviceFieldLabels.duration} (minutes)`}
            required
            type="number"
            min={step}
            step={step}
            inputMode="numeric"
            hint={`A multiple of ${step} minutes.`}
            value={draft.duration}
            error={errorOf('duration')}
            onChange={(event) => set('duration', event.target.value)}
          />
        </div>
        <TextArea
          label={serviceFieldLabels.description}
          rows={2}
          value={draft.description}
          error={errorOf('description')}
          onChange={(value) => set('description', value)}
        />
        <TextArea
          label={serviceFieldLabels.longDescription}
          rows={5}
          value={draft.longDescription}
          error={errorOf('longDescription')}
          onChange={(value) => set('longDescription', value)}
        />
        {listNames.map((name) => (
          <ListEditor
            key={name}
            name={name}
            items={draft[name]}
            errors={errors}
            onChange={(items) => set(name, items)}
          />
        ))}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          Offered: listed on the services page and bookable
        </label>
        <div className="flex flex-wrap gap-3">
          <BusyButton type="submit" busy={busy} busyLabel="Saving..." className={buttonStyles.primary}>
            {service ? 'Save Changes' : 'Create Service'}
          </BusyButton>
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}

function TextArea({
  label,
  rows,
  value,
  error,
  onChange,
}: {
  label: string;
  rows: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 ${error ? 'border-red-600' : 'border-slate-300'}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
