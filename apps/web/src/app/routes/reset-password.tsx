import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountErrorCodes,
  accountMessages,
  paths,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { errorCode } from '../../features/accounts/api/errors';
import { useRefreshAuth } from '../../features/accounts/api/use-refresh-auth';
import { AuthCard, submitStyle } from '../../features/accounts/components/auth-card';
import { ApiError } from '../../lib/api-error';
import { resetPassword } from '../../lib/auth-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The reset link is spent or expired (or the page was opened without one): say so and offer a new one. */
function LinkInvalid() {
  return (
    <AuthCard title="Reset Password">
      <div className="space-y-6">
        <FormMessage type="error">{accountMessages.resetLinkInvalid}</FormMessage>
        <Link to={paths.forgotPassword} className={`${buttonStyles.primary} w-full`}>
          Request a new link
        </Link>
      </div>
    </AuthCard>
  );
}

/** Password errors the accounts service explains well enough to show as they are. */
const explainedCodes: readonly string[] = [
  accountErrorCodes.passwordTooCommon,
  accountErrorCodes.passwordTooShort,
  accountErrorCodes.passwordTooLong,
];

export function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const { notify } = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      await resetPassword({ newPassword: values.newPassword, token });
    } catch (error) {
      const code = errorCode(error);
      if (code === accountErrorCodes.invalidToken) {
        setSpent(true);
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
  });

  if (!token || searchParams.get('error') || spent) return <LinkInvalid />;

  return (
    <AuthCard title="Reset Password" lead="Choose a new password for your account.">
      <div className="space-y-4">
        {failure && <FormMessage type="error">{failure}</FormMessage>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <button type="submit" disabled={isSubmitting} className={submitStyle}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </button>
        </form>
      </div>
    </AuthCard>
  );
}
