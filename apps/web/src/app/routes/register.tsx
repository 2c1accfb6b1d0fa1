import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, paths, type RegisterForm, registerFormSchema } from '@portal/domain';
import { CalendarCheck, MailCheck, UserRoundPen } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { serverMessage } from '../../features/accounts/api/errors';
import { AuthCard, linkStyle, submitStyle } from '../../features/accounts/components/auth-card';
import { signUp } from '../../lib/auth-client';
import { useDocumentTitle } from '../../lib/use-document-title';

const nextSteps = [
  { icon: MailCheck, text: 'Verify your email address with the link we send you' },
  { icon: UserRoundPen, text: 'Complete your profile with your name and company' },
  { icon: CalendarCheck, text: 'Book consultation services with our experts' },
] as const;

export function RegisterRoute() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await signUp({ email, password: values.password });
    } catch (error) {
      setFailure(serverMessage(error) ?? accountMessages.registrationFailed);
      return;
    }
    await navigate(paths.login, { state: { message: accountMessages.registrationSuccess, email } });
  });

  return (
    <AuthCard title="Create Your Account" lead="Register to book consultations with our experts.">
      <div className="space-y-4">
        {failure && <FormMessage type="error">{failure}</FormMessage>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <button type="submit" disabled={isSubmitting} className={submitStyle}>
            {isSubmitting ? 'Creating account...' : 'Create Account'}
          </button>
        </form>
        <p className="text-center text-sm text-slate-700">
          Already have an account?{' '}
          <Link to={paths.login} className={linkStyle}>
            Log in
          </Link>
        </p>
        <section aria-labelledby="whats-next" className="rounded-xl bg-slate-50 p-4">
          <h2 id="whats-next" className="text-base font-semibold text-slate-900">
            What's Next?
          </h2>
          <ol className="mt-3 space-y-2 text-sm text-slate-700">
            {nextSteps.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
                {text}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </AuthCard>
  );
}
