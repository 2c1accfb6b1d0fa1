import {
  type DataExportForm,
  dataExportFormats,
  dataExportFormSchema,
  dataExportTexts,
} from '@portal/domain';
import { useId, useState } from 'react';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useDownloadData } from '../api/download-data';
import { serverMessage } from '../api/errors';

/** The server's words for a refusal (a wrong password, too many attempts), else the product's own. */
function refused(error: unknown): Notice {
  return { type: 'error', text: serverMessage(error) ?? dataExportTexts.failed };
}

/** Asks for the password and the format, then downloads the file; a refusal stays in the form, signed in. */
function DownloadDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const download = useDownloadData();
  const { notify } = useNotify();
  const form = useSchemaForm(dataExportFormSchema, { defaultValues: { password: '', format: 'json' } });

  async function send(values: DataExportForm): Promise<undefined> {
    await download.mutateAsync(values);
    onClose();
    notify({ type: 'success', title: dataExportTexts.doneTitle, message: dataExportTexts.done });
  }

  return (
    <ModalDialog
      title={dataExportTexts.dialogTitle}
      busy={download.isPending}
      onClose={onClose}
      describedBy={`${id}-prompt`}
    >
      <p id={`${id}-prompt`} className="mt-3 text-slate-700">
        {dataExportTexts.passwordPrompt}
      </p>
      <SchemaForm
        form={form}
        onSubmit={send}
        onFailure={refused}
        submit={{ label: dataExportTexts.submit, busy: dataExportTexts.busy }}
        onCancel={onClose}
        className="mt-4 space-y-4"
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{dataExportTexts.formatLegend}</legend>
          <div className="mt-2 space-y-2">
            {dataExportFormats.map((format) => (
              <label key={format} className="flex items-center gap-2 text-slate-900">
                <input type="radio" value={format} className="h-4 w-4" {...form.register('format')} />
                {dataExportTexts.formatLabels[format]}
              </label>
            ))}
          </div>
        </fieldset>
        <InputField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
      </SchemaForm>
    </ModalDialog>
  );
}

/** Profile → Your data: "Download my data", everything the portal holds about the caller as a file. */
export function DownloadDataCard() {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-xl border border-slate-200 p-5">
      <h3 className="text-lg font-semibold text-slate-900">{dataExportTexts.heading}</h3>
      <p className="mt-2 text-slate-700">{dataExportTexts.explanation}</p>
      <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={() => setOpen(true)}>
        {dataExportTexts.open}
      </button>
      {open && <DownloadDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
