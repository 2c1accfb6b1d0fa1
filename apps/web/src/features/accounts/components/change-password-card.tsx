import {
  accountErrorCodes,
  type ChangePasswordForm,
  changePasswordFormSchema,
  changePasswordMessages,
} from '@portal/domain';
import type { InputDefinition } from '../../../components/form/form-fields';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';
import { errorCode } from '../api/errors';
import { newPasswordField } from './account-fields';

const fields: readonly InputDefinition<ChangePasswordForm>[] = [
  {
    name: 'currentPassword',
    label: changePasswordMessages.currentPassword,
    type: 'password',
    autoComplete: 'current-password',
  },
  { ...newPasswordField, name: 'newPassword', label: changePasswordMessages.newPassword },
  { ...newPasswordField, name: 'confirmPassword', label: changePasswordMessages.confirmPassword },
];
const submit: SubmitLabels = { label: changePasswordMessages.submit, busy: changePasswordMessages.busy };
const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Refusals the server words well enough to show as they are. */
const explainedCodes: readonly string[] = [
  accountErrorCodes.invalidPassword,
  accountErrorCodes.passwordTooCommon,
  accountErrorCodes.passwordTooShort,
  accountErrorCodes.passwordTooLong,
  accountErrorCodes.tooManyFailedSignIns,
  accountErrorCodes.tooManyRequests,
];

function refused(error: unknown): Notice {
  const code = errorCode(error);
  const explained = error instanceof ApiError && code !== undefined && explainedCodes.includes(code);
  return { type: 'error', text: explained ? error.message : changePasswordMessages.failed };
}

/**
 * Change password: the current one, the new one twice. Every other session ends; this device stays signed in
 * (the answer sets its new session).
 */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordFormSchema, { defaultValues: empty });

  async function save(values: ChangePasswordForm): Promise<Notice> {
    await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    form.reset(empty);
    return { type: 'success', text: changePasswordMessages.changed };
  }

  return (
    <section aria-labelledby="change-password-heading" className="rounded-xl border border-slate-200 p-5">
      <h3 id="change-password-heading" className="text-lg font-semibold text-slate-900">
        {changePasswordMessages.heading}
      </h3>
      <p className="mt-2 mb-4 text-slate-700">{changePasswordMessages.lead}</p>
      <SchemaForm
        form={form}
        fields={fields}
        submit={submit}
        onSubmit={save}
        onFailure={refused}
        aria-labelledby="change-password-heading"
      />
    </section>
  );
}
