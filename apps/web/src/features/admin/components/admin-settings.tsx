import {
  type FirmBilling,
  firmBillingInputSchema,
  firmBillingRules,
  firmBillingTexts as texts,
} from '@portal/domain';
import { useId } from 'react';
import { InputField, TextAreaField } from '../../../components/form/form-fields';
import { failureNotice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useFirmSettings, useSaveFirmBilling } from '../api/firm-settings';
import { DataRequests } from './data-requests';

const settingsTexts: ListTexts = { loading: texts.loading, failed: texts.failed, empty: '' };

/**
 * The firm's billing details, saved as a whole. Checked by the domain's schema first; the server names the field
 * of anything it refuses, and the form shows it there.
 */
function BillingForm({ saved }: { saved: FirmBilling }) {
  const headingId = useId();
  const form = useSchemaForm(firmBillingInputSchema, { defaultValues: saved });
  const save = useSaveFirmBilling();
  const { notify } = useNotify();

  async function send(billing: FirmBilling): Promise<undefined> {
    const answer = await save.mutateAsync(billing);
    form.reset(answer.billing);
    notify({ type: 'success', title: 'Saved', message: texts.saved });
  }

  function refused(error: unknown, placed: boolean) {
    notify({
      type: 'error',
      title: 'Error',
      message: error instanceof Error ? error.message : texts.saveFailed,
    });
    return failureNotice(error, placed);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {texts.billingHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{texts.billingIntro}</p>
      <SchemaForm
        form={form}
        onSubmit={send}
        onFailure={refused}
        errorPrefix="billing."
        submit={{ label: texts.save, busy: texts.saving }}
        aria-labelledby={headingId}
        className="mt-6 space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            form={form}
            name="legalName"
            label={firmBillingRules.legalName.label}
            hint={texts.hints.legalName}
            autoComplete="organization"
            required
          />
          <InputField form={form} name="taxId" label={firmBillingRules.taxId.label} />
        </div>
        <TextAreaField
          form={form}
          name="address"
          label={firmBillingRules.address.label}
          hint={texts.hints.address}
          rows={4}
        />
        <TextAreaField
          form={form}
          name="bankDetails"
          label={firmBillingRules.bankDetails.label}
          hint={texts.hints.bankDetails}
          rows={4}
        />
        <InputField
          form={form}
          name="footer"
          label={firmBillingRules.footer.label}
          hint={texts.hints.footer}
        />
      </SchemaForm>
    </section>
  );
}

/** /admin/settings: the firm's billing details, which every invoice issued from then on prints. */
export function AdminSettings() {
  const settings = useFirmSettings();
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{texts.heading}</h1>
      <QueryStates query={settings} texts={settingsTexts} isEmpty={() => false}>
        {/* Keyed by what is stored: a save elsewhere resets the form to it. */}
        {(answer) => <BillingForm key={JSON.stringify(answer.billing)} saved={answer.billing} />}
      </QueryStates>
      <DataRequests />
    </div>
  );
}
