import { accountMessages, type ForgotPasswordForm, forgotPasswordFormSchema, paths } from '@portal/domain';
import { useState } from 'react';
import { FormMessage } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailField } from './account-fields';
import { AccountForm, useAccountForm } from './account-form';
import { AuthCard, AuthLink } from './auth-card';

/** Asks for a reset link by e-mail; a refusal for too many requests is shown in the server's words. */
export function ForgotPasswordCard() {
  const requestReset = useRequestPasswordReset();
  const [result, setResult] = useState<{ type: 'success' | 'error'; message: string } | null>(null);
  const form = useAccountForm(forgotPasswordFormSchema, { email: '' });

  async function send(values: ForgotPasswordForm) {
    setResult(null);
    try {
      await requestReset.mutateAsync(values.email.trim());
      setResult({ type: 'success', message: accountMessages.resetEmailSent });
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      setResult({ type: 'error', message: limited ? error.message : accountMessages.resetEmailFailed });
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      lead="Enter your email address and we will send you a link to set a new password."
    >
      {result && <FormMessage type={result.type}>{result.message}</FormMessage>}
      <AccountForm
        form={form}
        fields={[emailField]}
        onSubmit={send}
        submitLabel="Send Reset Link"
        busyLabel="Sending..."
      />
      <AuthLink to={paths.login}>Back to Login</AuthLink>
    </AuthCard>
  );
}
