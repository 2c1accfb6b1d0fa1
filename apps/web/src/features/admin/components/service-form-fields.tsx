import { type ServiceBody, serviceCategories, serviceFieldLabels, serviceListLabels } from '@portal/domain';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { ErrorText, Field } from '../../../components/form/field';
import { fieldError } from '../../../components/form/form-fields';
import { TextField } from '../../../components/form/text-field';
import { buttonStyles } from '../../../components/ui/button-styles';
import type { ListName, ServiceDraft } from './service-form-values';

type ServiceFormApi = UseFormReturn<ServiceDraft, unknown, ServiceBody>;

const otherCategory = 'other';

/** The category: one of the known four, or another typed in (lowercase words joined by hyphens). */
export function CategoryField({ form }: { form: ServiceFormApi }) {
  const { field, fieldState } = useController({ control: form.control, name: 'category' });
  const known = (serviceCategories as readonly string[]).includes(field.value);
  const [choice, setChoice] = useState(known ? field.value : otherCategory);
  const error = fieldState.error?.message;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={serviceFieldLabels.category} error={choice === otherCategory ? undefined : error}>
        {(control) => (
          <select
            {...control}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              field.onChange(event.target.value === otherCategory ? '' : event.target.value);
            }}
          >
            {serviceCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
            <option value={otherCategory}>Another category…</option>
          </select>
        )}
      </Field>
      {choice === otherCategory && (
        <TextField
          label="New category"
          hint="Lowercase words joined by hyphens; it gets the generic icon and texts."
          ref={field.ref}
          value={field.value}
          error={error}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </div>
  );
}

/** One of the detail lists: its items edited in place, removed, added; empty, the page shows the category's. */
export function ListField({ form, name }: { form: ServiceFormApi; name: ListName }) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  const items = field.value;
  const label = serviceListLabels[name];
  const listError = fieldState.error?.message ?? fieldState.error?.root?.message;
  return (
    <fieldset
      className="rounded-lg border border-slate-200 p-4"
      aria-describedby={listError ? `${id}-error` : undefined}
    >
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
              error={fieldError(form, `${name}.${index}`)}
              onChange={(event) =>
                field.onChange(items.map((old, at) => (at === index ? event.target.value : old)))
              }
            />
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-6 px-2 py-2`}
              aria-label={`Remove ${label} item ${index + 1}`}
              onClick={() => field.onChange(items.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      {listError && <ErrorText id={`${id}-error`}>{listError}</ErrorText>}
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3 px-3 py-1.5 text-sm`}
        onClick={() => field.onChange([...items, ''])}
      >
        <Plus aria-hidden="true" className="size-4" />
        {`Add ${label} item`}
      </button>
    </fieldset>
  );
}
