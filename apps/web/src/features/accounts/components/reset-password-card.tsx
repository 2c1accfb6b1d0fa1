import {
  accountErrorCodes,
  accountMessages,
  paths,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@portal/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { InputDefinition } from '../../../components/form/form-fields';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { useAccountActions } from '../../../lib/account-state';
import { ApiError } from '../../../lib/api-error';
import { errorCode } from '../api/errors';
import { useResetPassword } from '../api/reset-password';
import { AccountCard, AccountNotice } from './account-card';
import { cardSubmit, newPasswordField } from './account-fields';

const fields: readonly InputDefinition<ResetPasswordForm>[] = [
  { ...newPasswordField, name: 'newPassword', label: 'New Password' },
  { ...newPasswordField, name: 'confirmPassword', label: 'Confirm New Password' },
];
const submit: SubmitLabels = { label: 'Update Password', busy: 'Updating...', className: cardSubmit };

/** Password errors the accounts library explains well enough to show as they are. */
const explainedCodes: readonly string[] = [
  accountErrorCodes.passwordTooCommon,
  accountErrorCodes.passwordTooShort,
  accountErrorCodes.passwordTooLong,
];

function ResetForm({ token, onSpent }: { token: string; onSpent: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { refresh: refreshAccount } = useAccountActions();
  const { notify } = useNotify();
  const form = useSchemaForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  function refused(error: unknown): Notice | undefined {
    const code = errorCode(error);
    if (code === accountErrorCodes.invalidToken) {
      onSpent();
      return;
    }
    const explained = error instanceof ApiError && code !== undefined && explainedCodes.includes(code);
    return { type: 'error', text: explained ? error.message : accountMessages.passwordUpdateFailed };
  }

  async function update(values: ResetPasswordForm): Promise<undefined> {
    await reset.mutateAsync({ newPassword: values.newPassword, token });
    // Signed in by the reset (when the accounts library does so) → the dashboard; otherwise log in again.
    const session = await refreshAccount().catch(() => null);
    if (session) {
      notify({ type: 'success', title: 'Success', message: accountMessages.passwordUpdated });
      await navigate(paths.dashboard, { replace: true });
    } else {
      await navigate(paths.login, {
        replace: true,
        state: { message: accountMessages.passwordUpdatedLogIn },
      });
    }
  }

  return (
    <AccountCard title="Reset Password" lead="Choose a new password for your account.">
      <SchemaForm form={form} fields={fields} submit={submit} onSubmit={update} onFailure={refused} />
    </AccountCard>
  );
}

/** Sets a new password with the e-mailed link's token; a spent or expired link offers a new one. */
export function ResetPasswordCard() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [spent, setSpent] = useState(false);
  if (!token || searchParams.get('error') || spent) {
    return (
      <AccountNotice
        title="Reset Password"
        message={accountMessages.resetLinkInvalid}
        to={paths.forgotPassword}
        action="Request a new link"
      />
    );
  }
  return <ResetForm token={token} onSpent={() => setSpent(true)} />;
}
