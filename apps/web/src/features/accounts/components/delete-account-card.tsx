import { type ErasureBody, erasureBodySchema, erasureTexts, paths } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAccountActions } from '../../../lib/account-state';
import { forgetUnsent } from '../../../lib/unsent-bookings-storage';
import { useDeleteAccount } from '../api/delete-account';
import { serverMessage } from '../api/errors';

const danger =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-3 text-base font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70';

/** The server's words for a refusal (a wrong password, too many attempts), else the product's own. */
function refused(error: unknown): Notice {
  return { type: 'error', text: serverMessage(error) ?? erasureTexts.failed };
}

/**
 * Asks for the password, then erases the account. Nobody is signed in afterwards: the answers held for them go, and
 * the home page says the account was deleted. A refusal stays in the form, still signed in.
 */
function DeleteDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const erase = useDeleteAccount();
  const queryClient = useQueryClient();
  const { forget } = useAccountActions();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const form = useSchemaForm(erasureBodySchema, { defaultValues: { password: '' } });

  async function send(values: ErasureBody): Promise<undefined> {
    await erase.mutateAsync(values);
    onClose();
    // Forgotten in the same render that leaves the Profile: the guarded page never sees the account go (it would
    // send the person to /login instead of home).
    startTransition(() => {
      void navigate(paths.home, { replace: true });
      forget();
    });
    queryClient.clear();
    forgetUnsent(); // bookings kept unsent in this browser belonged to the account
    notify({ type: 'success', title: erasureTexts.doneTitle, message: erasureTexts.done });
  }

  return (
    <ModalDialog
      title={erasureTexts.dialogTitle}
      busy={erase.isPending}
      onClose={onClose}
      describedBy={`${id}-warning`}
    >
      <p id={`${id}-warning`} className="mt-3 text-slate-700">
        {erasureTexts.warning}
      </p>
      <SchemaForm
        form={form}
        onSubmit={send}
        onFailure={refused}
        submit={{ label: erasureTexts.submit, busy: erasureTexts.busy, className: danger }}
        onCancel={onClose}
        className="mt-4 space-y-4"
      >
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

/** Profile → Your data: "Delete my account", what goes and what the firm keeps, confirmed in a dialog. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <div className="rounded-xl border border-red-200 p-5">
      <h3 className="text-lg font-semibold text-red-800">{erasureTexts.heading}</h3>
      <p className="mt-2 text-slate-700">{erasureTexts.explanation}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="font-semibold text-slate-900">{erasureTexts.erasedHeading}</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {erasureTexts.erased.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-semibold text-slate-900">{erasureTexts.keptHeading}</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {erasureTexts.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <button type="button" className={`${danger} mt-4`} onClick={() => setOpen(true)}>
        {erasureTexts.open}
      </button>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
