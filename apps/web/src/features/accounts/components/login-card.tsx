import {
  accountErrorCodes,
  accountMessages,
  destinationParam,
  type LoginForm,
  loginFormSchema,
  paths,
  sitePath,
  withDestination,
} from '@portal/domain';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { InputDefinition } from '../../../components/form/form-fields';
import { SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { FormMessage } from '../../../components/ui/form-message';
import { useAccountActions } from '../../../lib/account-state';
import { ApiError } from '../../../lib/api-error';
import { errorCode, serverMessage } from '../api/errors';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { useSignIn } from '../api/sign-in';
import { AccountCard, AccountLink, linkStyle } from './account-card';
import { cardSubmit, emailField } from './account-fields';
import { TwoFactorSignIn } from './two-factor-sign-in';

const fields: readonly InputDefinition<LoginForm>[] = [
  emailField,
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];
const submit: SubmitLabels = { label: 'Log In', busy: 'Logging in...', className: cardSubmit };

/** What other pages hand to the login page: a message to show, an address to prefill, where to go back to. */
interface LoginState {
  message?: string | undefined;
  email?: string | undefined;
  from?: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The navigation state another page left, keeping only what the login page understands. */
function loginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  return {
    message: 'message' in state ? text(state.message) : undefined,
    email: 'email' in state ? text(state.email) : undefined,
    from: 'from' in state ? text(state.from) : undefined,
  };
}

type Problem = { kind: 'verify'; email: string } | { kind: 'error'; message: string };

/** The product's message for a refused or failed sign-in (docs/product.md#sign-in). */
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
  return { kind: 'error', message: serverMessage(error) ?? accountMessages.unexpectedError };
}

function ResendVerification({ email, destination }: { email: string; destination: string | undefined }) {
  const resend = useSendVerificationEmail();
  return (
    <div className="space-y-3">
      <FormMessage type="error">{accountMessages.verifyBeforeLogin}</FormMessage>
      <button
        type="button"
        onClick={() => resend.mutate({ email, destination })}
        disabled={resend.isPending}
        className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        Resend Verification Email
      </button>
      {resend.isSuccess && <FormMessage type="success">{accountMessages.verificationEmailSent}</FormMessage>}
      {resend.isError && <FormMessage type="error">{accountMessages.verificationEmailFailed}</FormMessage>}
    </div>
  );
}

/**
 * Sign-in; on success, on to the page first asked for (only a path of this site), else the dashboard. That page is
 * carried on to registration and the resent verification link, so a newcomer ends there too.
 */
export function LoginCard() {
  const location = useLocation();
  const state = loginState(location.state);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { refresh: refreshAccount } = useAccountActions();
  const { notify } = useNotify();
  const [problem, setProblem] = useState<Problem | null>(null);
  // The password was right and the account has a second factor: its code is asked next.
  const [codeAsked, setCodeAsked] = useState(false);
  const asked = sitePath(state.from) ?? sitePath(searchParams.get(destinationParam));
  const requested = asked ?? paths.dashboard;
  // The verification link lands here: `?verified=1`, with `&error=…` when it was spent or expired (a link mailed
  // before it stopped signing in lands on its old target with `?error=…` and, signed out, here too).
  const staleLinkFailed = /[?&]error=/.test(requested);
  const verificationFailed = searchParams.has('error') || staleLinkFailed;
  const verified = searchParams.has('verified') && !verificationFailed;
  const target = staleLinkFailed ? (requested.split('?')[0] ?? paths.dashboard) : requested;
  /** Where a newcomer registering from here (or resending the link) goes on to, when a page was asked for. */
  const destination = asked === undefined ? undefined : target;
  const form = useSchemaForm(loginFormSchema, { defaultValues: { email: state.email ?? '', password: '' } });

  async function logIn(values: LoginForm): Promise<undefined> {
    setProblem(null);
    const outcome = await signIn.mutateAsync({ email: values.email.trim(), password: values.password });
    if (outcome.twoFactor) setCodeAsked(true);
    else await signedIn();
  }

  async function signedIn(): Promise<void> {
    notify({ type: 'success', title: 'Success', message: accountMessages.loginSuccess });
    await refreshAccount();
    await navigate(target, { replace: true });
  }

  /** Back to the password (the code step ran out, or the person chose to). */
  function restart(message?: string): void {
    form.setValue('password', '');
    setCodeAsked(false);
    setProblem(message ? { kind: 'error', message } : null);
  }

  // A sign-in's problems are shown above the form rather than as its notice: one of them offers a new e-mail.
  function refused(error: unknown): undefined {
    setProblem(problemOf(error, form.getValues('email').trim()));
  }

  if (codeAsked) return <TwoFactorSignIn onSignedIn={signedIn} onRestart={restart} />;

  return (
    <AccountCard title="Welcome Back" lead="Log in to book consultations and manage your account.">
      {state.message && <FormMessage type="success">{state.message}</FormMessage>}
      {verified && !problem && <FormMessage type="success">{accountMessages.emailVerifiedLogIn}</FormMessage>}
      {verificationFailed && !problem && (
        <FormMessage type="info">{accountMessages.verificationLinkInvalid}</FormMessage>
      )}
      {problem?.kind === 'verify' && <ResendVerification email={problem.email} destination={destination} />}
      {problem?.kind === 'error' && <FormMessage type="error">{problem.message}</FormMessage>}
      <SchemaForm form={form} fields={fields} submit={submit} onSubmit={logIn} onFailure={refused}>
        <div className="text-right text-sm">
          <Link to={paths.forgotPassword} className={linkStyle}>
            Forgot Your Password?
          </Link>
        </div>
      </SchemaForm>
      <AccountLink to={withDestination(paths.register, destination)} question="Don't have an account?">
        Register
      </AccountLink>
      <AccountLink to={paths.home}>Back to Home</AccountLink>
    </AccountCard>
  );
}
