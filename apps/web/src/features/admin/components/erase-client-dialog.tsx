import { adminErasureTexts, type ErasureBody, erasureBodySchema } from '@portal/domain';
import { useId } from 'react';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { refusalMessage } from '../../../lib/api-error';
import { useEraseClient } from '../api/erase-client';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';

/** The server's words for a refusal (a wrong password, erased already), in the form. */
function refused(error: unknown): Notice {
  const reason = refusalMessage(error, undefined);
  return {
    type: 'error',
    text: reason ? `${adminErasureTexts.failed}: ${reason}` : `${adminErasureTexts.failed}.`,
  };
}

/**
 * Asks the administrator for their own password before erasing a client's account (docs/product.md#administration):
 * what goes, what the firm keeps, then 'Delete Permanently'. A refusal stays in the form.
 */
export function EraseClientDialog({
  userId,
  client,
  onClose,
}: {
  userId: string;
  /** How the list names the client: their name, or their address. */
  client: string;
  onClose: () => void;
}) {
  const id = useId();
  const erase = useEraseClient();
  const { notify } = useNotify();
  const form = useSchemaForm(erasureBodySchema, { defaultValues: { password: '' } });

  async function send(values: ErasureBody): Promise<undefined> {
    const erased = await erase.mutateAsync({ userId, password: values.password });
    onClose();
    notify({
      type: 'success',
      title: adminErasureTexts.doneTitle,
      message: adminErasureTexts.done(erased.cancelled_bookings),
    });
  }

  return (
    <ModalDialog
      title={adminErasureTexts.dialogTitle}
      busy={erase.isPending}
      onClose={onClose}
      describedBy={`${id}-warning`}
    >
      <p id={`${id}-warning`} className="mt-3 text-slate-700">
        {adminErasureTexts.warning(client)}
      </p>
      <p className="mt-3 text-slate-700">{adminErasureTexts.passwordPrompt}</p>
      <SchemaForm
        form={form}
        onSubmit={send}
        onFailure={refused}
        submit={{ label: adminErasureTexts.submit, busy: adminErasureTexts.busy, className: danger }}
        onCancel={onClose}
        className="mt-4 space-y-4"
      >
        <InputField
          form={form}
          name="password"
          label="Your Password"
          type="password"
          autoComplete="current-password"
        />
      </SchemaForm>
    </ModalDialog>
  );
}
