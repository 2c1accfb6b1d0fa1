import { accountMessages, type ForgotPasswordForm, forgotPasswordFormSchema, paths } from '@portal/domain';
import { ApiError } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailField } from './account-fields';
import { AccountForm, type AccountFormDefinition, type Notice, useAccountForm } from './account-form';
import { AuthCard, AuthLink } from './auth-card';

const resetRequest: AccountFormDefinition<ForgotPasswordForm, ForgotPasswordForm> = {
  schema: forgotPasswordFormSchema,
  fields: [emailField],
  submit: 'Send Reset Link',
  busy: 'Sending...',
};

/** Asks for a reset link by e-mail; a refusal for too many requests is shown in the server's words. */
export function ForgotPasswordCard() {
  const requestReset = useRequestPasswordReset();
  const form = useAccountForm(resetRequest, { email: '' });

  async function send(values: ForgotPasswordForm): Promise<Notice> {
    try {
      await requestReset.mutateAsync(values.email.trim());
      return { type: 'success', text: accountMessages.resetEmailSent };
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      return { type: 'error', text: limited ? error.message : accountMessages.resetEmailFailed };
    }
  }

  return (
    <AuthCard
      title="Forgot Password"
      lead="Enter your email address and we will send you a link to set a new password."
    >
      <AccountForm form={form} definition={resetRequest} onSubmit={send} />
      <AuthLink to={paths.login}>Back to Login</AuthLink>
    </AuthCard>
  );
}
