import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, type ForgotPasswordForm, forgotPasswordFormSchema, paths } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { AuthCard, linkStyle, submitStyle } from '../../features/accounts/components/auth-card';
import { ApiError } from '../../lib/api-error';
import { requestPasswordReset } from '../../lib/auth-client';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  const [result, setResult] = useState<{ type: 'success' | 'error'; message: string } | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await requestPasswordReset(values.email.trim());
      setResult({ type: 'success', message: accountMessages.resetEmailSent });
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      setResult({ type: 'error', message: limited ? error.message : accountMessages.resetEmailFailed });
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      lead="Enter your email address and we will send you a link to set a new password."
    >
      <div className="space-y-4">
        {result && <FormMessage type={result.type}>{result.message}</FormMessage>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <button type="submit" disabled={isSubmitting} className={submitStyle}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
        <p className="text-center text-sm">
          <Link to={paths.login} className={linkStyle}>
            Back to Login
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
