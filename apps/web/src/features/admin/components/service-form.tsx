import {
  type Schedule,
  type Service,
  type ServiceBody,
  serviceFieldLabels,
  sessionLengthStep,
} from '@portal/domain';
import { useMemo } from 'react';
import { InputField, TextAreaField } from '../../../components/form/form-fields';
import { SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { CategoryField, ListField } from './service-form-fields';
import { draftOf, listNames, serviceFormSchema } from './service-form-values';

/** A required whole number, from `min` in steps of `step`. */
function whole(min: number, step: number) {
  return { required: true, type: 'number', min, step, inputMode: 'numeric' } as const;
}

/**
 * A service's whole record: create (no `service`) or edit. Checked as the API checks it before it is sent, against
 * the firm's schedule (`schedule`: session lengths go by its slot step); the API's refusals are shown beside their
 * fields the same way, the first problem also at the top. `onSave` sends the record and tells how it went; it
 * fails when the server refuses it.
 */
export function ServiceForm({
  service,
  schedule,
  busy,
  onSave,
  onCancel,
}: {
  service?: Service;
  schedule: Pick<Schedule, 'slotStepMinutes'>;
  busy: boolean;
  onSave: (record: ServiceBody) => Promise<void>;
  onCancel: () => void;
}) {
  const step = sessionLengthStep(schedule);
  const schema = useMemo(() => serviceFormSchema(step), [step]);
  const form = useSchemaForm(schema, {
    defaultValues: draftOf(service),
    // Focus stays on the button, the first problem said at the top.
    shouldFocusError: false,
  });

  async function save(record: ServiceBody): Promise<undefined> {
    await onSave(record);
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={save}
      // The notification has told the failure; its fields and the summary show the rest.
      onFailure={() => undefined}
      summary
      submit={{ label: service ? 'Save Changes' : 'Create Service', busy: 'Saving...' }}
      onCancel={onCancel}
      busy={busy}
      aria-label={service ? `Edit ${service.name}` : 'New service'}
    >
      <InputField form={form} name="name" label={serviceFieldLabels.name} required />
      <CategoryField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          form={form}
          name="hourly_rate"
          label={`${serviceFieldLabels.hourly_rate} (dollars)`}
          {...whole(0, 1)}
        />
        <InputField
          form={form}
          name="duration"
          label={`${serviceFieldLabels.duration} (minutes)`}
          {...whole(step, step)}
          hint={`A multiple of ${step} minutes.`}
        />
      </div>
      <TextAreaField form={form} name="description" label={serviceFieldLabels.description} rows={2} />
      <TextAreaField form={form} name="longDescription" label={serviceFieldLabels.longDescription} rows={5} />
      {listNames.map((name) => (
        <ListField key={name} form={form} name={name} />
      ))}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...form.register('active')} />
        Offered: listed on the services page and bookable
      </label>
    </SchemaForm>
  );
}
