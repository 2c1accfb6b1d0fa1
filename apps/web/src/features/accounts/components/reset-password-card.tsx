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
import { ApiError } from '../../../lib/api-error';
import { useAuthActions } from '../../../lib/auth-state';
import { errorCode } from '../api/errors';
import { useResetPassword } from '../api/reset-password';
import { newPasswordField } from './account-fields';
import { AccountForm, type AccountFormDefinition, type Notice, useAccountForm } from './account-form';
import { AuthCard, AuthNotice } from './auth-card';

const passwordReset: AccountFormDefinition<ResetPasswordForm, ResetPasswordForm> = {
  schema: resetPasswordFormSchema,
  fields: [
    { ...newPasswordField, name: 'newPassword', label: 'New Password' },
    { ...newPasswordField, name: 'confirmPassword', label: 'Confirm New Password' },
  ],
  submit: 'Update Password',
  busy: 'Updating...',
};

/** Password errors the accounts service explains well enough to show as they are. */
const explainedCodes: readonly string[] = [
  accountErrorCodes.passwordTooCommon,
  accountErrorCodes.passwordTooShort,
  accountErrorCodes.passwordTooLong,
];

function ResetForm({ token, onSpent }: { token: string; onSpent: () => void }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const { refresh: refreshAuth } = useAuthActions();
  const { notify } = useNotify();
  const form = useAccountForm(passwordReset, { newPassword: '', confirmPassword: '' });

  async function update(values: ResetPasswordForm): Promise<Notice | undefined> {
    try {
      await reset.mutateAsync({ newPassword: values.newPassword, token });
    } catch (error) {
      const code = errorCode(error);
      if (code === accountErrorCodes.invalidToken) {
        onSpent();
        return;
      }
      const explained = error instanceof ApiError && code !== undefined && explainedCodes.includes(code);
      return { type: 'error', text: explained ? error.message : accountMessages.passwordUpdateFailed };
    }
    // Signed in by the reset (when the accounts service does so) → the dashboard; otherwise log in again.
    const session = await refreshAuth().catch(() => null);
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
    <AuthCard title="Reset Password" lead="Choose a new password for your account.">
      <AccountForm form={form} definition={passwordReset} onSubmit={update} />
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
