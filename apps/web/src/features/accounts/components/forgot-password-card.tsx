import { accountMessages, type ForgotPasswordForm, forgotPasswordFormSchema, paths } from '@portal/domain';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AccountCard, AccountLink } from './account-card';
import { cardSubmit, emailField } from './account-fields';

const submit: SubmitLabels = { label: 'Send Reset Link', busy: 'Sending...', className: cardSubmit };

/** A refusal for too many requests is said in the server's words. */
function refused(error: unknown): Notice {
  const limited = error instanceof ApiError && error.status === 429;
  return { type: 'error', text: limited ? error.message : accountMessages.resetEmailFailed };
}

/** Asks for a reset link by e-mail. */
export function ForgotPasswordCard() {
  const requestReset = useRequestPasswordReset();
  const form = useSchemaForm(forgotPasswordFormSchema, { defaultValues: { email: '' } });

  async function send(values: ForgotPasswordForm): Promise<Notice> {
    await requestReset.mutateAsync(values.email.trim());
    return { type: 'success', text: accountMessages.resetEmailSent };
  }

  return (
    <AccountCard
      title="Forgot Password"
      lead="Enter your email address and we will send you a link to set a new password."
    >
      <SchemaForm form={form} fields={[emailField]} submit={submit} onSubmit={send} onFailure={refused} />
      <AccountLink to={paths.login}>Back to Login</AccountLink>
    </AccountCard>
  );
}
