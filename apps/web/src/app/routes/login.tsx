import { zodResolver } from '@hookform/resolvers/zod';
import { accountErrorCodes, accountMessages, type LoginForm, loginFormSchema, paths } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { errorCode, safeRedirect, serverMessage } from '../../features/accounts/api/errors';
import { useRefreshAuth } from '../../features/accounts/api/use-refresh-auth';
import { AuthCard, linkStyle, submitStyle } from '../../features/accounts/components/auth-card';
import { ApiError } from '../../lib/api-error';
import { sendVerificationEmail, signIn } from '../../lib/auth-client';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What other pages hand to the login page: a message to show, an address to prefill, where to go back to. */
interface LoginState {
  message?: string;
  email?: string;
  from?: string;
}

type Problem = { kind: 'verify'; email: string } | { kind: 'error'; message: string };

/** The message the spec gives for a refused or failed sign-in. */
function problemOf(error: unknown, email: string): Problem {
  if (errorCode(error) === accountErrorCodes.emailNotVerified) return { kind: 'verify', email };
  if (error instanceof ApiError && error.status === 429) {
    return { kind: 'error', message: error.message || accountMessages.tooManyRequests };
  }
  if (
    error instanceof ApiError &&
    (error.status === 401 || errorCode(error) === accountErrorCodes.invalidCredentials)
  ) {
    return { kind: 'error', message: accountMessages.loginFailed };
  }
  const message = serverMessage(error);
  if (message) return { kind: 'error', message };
  return { kind: 'error', message: accountMessages.unexpectedError };
}

function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  async function resend() {
    setState('sending');
    try {
      await sendVerificationEmail(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="space-y-3">
      <FormMessage type="error">{accountMessages.verifyBeforeLogin}</FormMessage>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={state === 'sending'}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        Resend verification email
      </button>
      {state === 'sent' && <FormMessage type="success">{accountMessages.verificationEmailSent}</FormMessage>}
      {state === 'failed' && (
        <FormMessage type="error">{accountMessages.verificationEmailFailed}</FormMessage>
      )}
    </div>
  );
}

export function LoginRoute() {
  useDocumentTitle('Login');
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const { notify } = useNotify();
  const [problem, setProblem] = useState<Problem | null>(null);
  const requested = safeRedirect(state.from) ?? safeRedirect(searchParams.get('redirect')) ?? paths.dashboard;
  // A spent or expired verification link lands on its target with `?error=…` and, signed out, here.
  const verificationFailed = /[?&]error=/.test(requested);
  const target = verificationFailed ? (requested.split('?')[0] ?? paths.dashboard) : requested;

  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: state.email ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const email = values.email.trim();
    try {
      await signIn({ email, password: values.password });
    } catch (error) {
      setProblem(problemOf(error, email));
      return;
    }
    notify({ type: 'success', title: 'Success', message: accountMessages.loginSuccess });
    await refreshAuth();
    await navigate(target, { replace: true });
  });

  return (
    <AuthCard title="Welcome Back" lead="Log in to book consultations and manage your account.">
      <div className="space-y-4">
        {state.message && <FormMessage type="success">{state.message}</FormMessage>}
        {verificationFailed && !problem && (
          <FormMessage type="info">{accountMessages.verificationLinkInvalid}</FormMessage>
        )}
        {problem?.kind === 'verify' && <ResendVerification email={problem.email} />}
        {problem?.kind === 'error' && <FormMessage type="error">{problem.message}</FormMessage>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="text-right text-sm">
            <Link to={paths.forgotPassword} className={linkStyle}>
              Forgot your password?
            </Link>
          </div>
          <button type="submit" disabled={isSubmitting} className={submitStyle}>
            {isSubmitting ? 'Logging in...' : 'Log In'}
          </button>
        </form>
        <p className="text-center text-sm text-slate-700">
          Don't have an account?{' '}
          <Link to={paths.register} className={linkStyle}>
            Register
          </Link>
        </p>
        <p className="text-center text-sm">
          <Link to={paths.home} className={linkStyle}>
            Back to Home
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
