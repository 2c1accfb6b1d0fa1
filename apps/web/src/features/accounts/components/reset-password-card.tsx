import {
  accountErrorCodes,
  accountMessages,
  paths,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@portal/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { FormMessage } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { errorCode } from '../api/errors';
import { useResetPassword } from '../api/reset-password';
import { useRefreshAuth } from '../api/use-refresh-auth';
import { newPasswordField } from './account-fields';
import { AccountForm, type FieldLayout, useAccountForm } from './account-form';
import { AuthCard, AuthNotice } from './auth-card';

const fields: FieldLayout<ResetPasswordForm> = [
  { ...newPasswordField, name: 'newPassword', label: 'New Password' },
  { ...newPasswordField, name: 'confirmPassword', label: 'Confirm New Password' },
];

/** Password errors the accounts service explains well enough to show as they are. */
const explainedCodes: readonly string[] = [
  accountErrorCodes.passwordTooCommon,
  accountErrorCodes.passwordTooShort,
  accountErrorCodes.passwordTooLong,
];

function ResetForm({ token, onSpent }: { token: string; onSpent: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const refreshAuth = useRefreshAuth();
  const { notify } = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAccountForm(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' });

  async function update(values: ResetPasswordForm) {
    setFailure(null);
    try {
      await reset.mutateAsync({ newPassword: values.newPassword, token });
    } catch (error) {
      const code = errorCode(error);
      if (code === accountErrorCodes.invalidToken) {
        onSpent();
        return;
      }
      const explained = error instanceof ApiError && code !== undefined && explainedCodes.includes(code);
      setFailure(explained ? error.message : accountMessages.passwordUpdateFailed);
      return;
    }
    // Signed in by the reset (when the accounts service does so) → the dashboard; otherwise log in again.
    const session = await refreshAuth().catch(() => null);
    if (session) {
      notify({ type: 'success', title: 'Success', message: 'Your password has been updated.' });
      await navigate(paths.dashboard, { replace: true });
    } else {
      await navigate(paths.login, {
        replace: true,
        state: { message: accountMessages.passwordUpdatedLogIn },
      });
    }
  }

  return (
    <AuthCard title="Reset Password" lead="Choose a new password for your account.">
      {failure && <FormMessage type="error">{failure}</FormMessage>}
      <AccountForm
        form={form}
        fields={fields}
        onSubmit={update}
        submitLabel="Update Password"
        busyLabel="Updating..."
      />
    </AuthCard>
  );
}

/** Sets a new password with the e-mailed link's token; a spent or expired link offers a new one. */
export function ResetPasswordCard() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [spent, setSpent] = useState(false);
  if (!token || searchParams.get('error') || spent) {
    return (
      <AuthNotice
        title="Reset Password"
        message={accountMessages.resetLinkInvalid}
        to={paths.forgotPassword}
        action="Request a new link"
      />
    );
  }
  return <ResetForm token={token} onSpent={() => setSpent(true)} />;
}
