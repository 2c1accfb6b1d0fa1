import {
  accountMessages,
  consentTexts,
  destinationParam,
  type LegalAcceptance,
  legalAcceptanceSchema,
  legalDocumentNames,
  paths,
  type RegisterForm,
  registerFormSchema,
  sitePath,
  withDestination,
} from '@portal/domain';
import { CalendarCheck, MailCheck, UserRoundPen } from 'lucide-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorText } from '../../../components/form/field';
import { fieldError, type InputDefinition } from '../../../components/form/form-fields';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useChallenge } from '../../../components/form/use-challenge';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { IconList } from '../../../components/ui/icon-list';
import { serverMessage } from '../api/errors';
import { useSignUp } from '../api/sign-up';
import { AccountCard, AccountLink } from './account-card';
import { cardSubmit, emailField, newPasswordField } from './account-fields';

/** The form's values: the sign-up's, and the box accepting the Terms and the Privacy Policy (not sent). */
type RegisterValues = RegisterForm & LegalAcceptance;
const registerSchema = registerFormSchema.and(legalAcceptanceSchema);

const fields: readonly InputDefinition<RegisterValues>[] = [
  { ...emailField, required: true },
  { ...newPasswordField, name: 'password', label: 'Password', required: true, hint: 'At least 6 characters' },
  { ...newPasswordField, name: 'confirmPassword', label: 'Confirm Password', required: true },
];
const submit: SubmitLabels = { label: 'Create Account', busy: 'Creating account...', className: cardSubmit };

function refused(error: unknown): Notice {
  return { type: 'error', text: serverMessage(error) ?? accountMessages.registrationFailed };
}

const nextSteps = [
  { icon: MailCheck, text: 'Verify your email address with the link we send you' },
  { icon: UserRoundPen, text: 'Complete your profile with your name and company' },
  { icon: CalendarCheck, text: 'Book consultation services with our experts' },
] as const;

/**
 * The required box accepting the Terms of Service and the Privacy Policy, each linked (opened beside the form, so
 * that what was typed stays); sign-up records the versions in force (docs/product.md#registration-and-verification).
 */
function AcceptLegalField({ form }: { form: UseFormReturn<RegisterValues, unknown, RegisterValues> }) {
  const id = useId();
  const error = fieldError(form, 'acceptLegal');
  const linkStyle = 'font-semibold text-blue-800 underline hover:text-blue-900';
  return (
    <div>
      <div className="flex items-start gap-2 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required
          className="mt-0.5 size-4 shrink-0 accent-blue-700"
          {...form.register('acceptLegal')}
        />
        <label htmlFor={id}>
          {consentTexts.checkbox.before}
          <Link to={paths.terms} target="_blank" className={linkStyle}>
            {legalDocumentNames.terms}
          </Link>
          {consentTexts.checkbox.between}
          <Link to={paths.privacy} target="_blank" className={linkStyle}>
            {legalDocumentNames.privacy}
          </Link>
          {consentTexts.checkbox.after}
        </label>
      </div>
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </div>
  );
}

/**
 * Registration, with the proof-of-work challenge solved meanwhile; on success, to the login page with the message
 * to verify the address, the address filled in. The page the visitor was going to (`?redirect=`) goes along: to
 * the login page and into the verification link, so they end there once signed in.
 */
export function RegisterCard() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = sitePath(searchParams.get(destinationParam));
  const signUp = useSignUp();
  const challenge = useChallenge();
  const form = useSchemaForm(registerSchema, {
    defaultValues: { email: '', password: '', confirmPassword: '', acceptLegal: false },
  });

  async function register(values: RegisterValues): Promise<undefined> {
    const email = values.email.trim();
    const altcha = await challenge.solution();
    try {
      await signUp.mutateAsync({ email, password: values.password, altcha, destination });
    } catch (error) {
      // The server may have taken the solution before refusing: the next attempt gets a new one.
      challenge.renew();
      throw error;
    }
    await navigate(withDestination(paths.login, destination), {
      state: { message: accountMessages.registrationSuccess, email },
    });
  }

  return (
    <AccountCard title="Create Your Account" lead="Register to book consultations with our experts.">
      <SchemaForm form={form} fields={fields} submit={submit} onSubmit={register} onFailure={refused}>
        <AcceptLegalField form={form} />
        {challenge.field}
      </SchemaForm>
      <AccountLink to={withDestination(paths.login, destination)} question="Already have an account?">
        Log in
      </AccountLink>
      <section aria-labelledby="whats-next" className="rounded-xl bg-slate-50 p-4">
        <h2 id="whats-next" className="text-base font-semibold text-slate-900">
          What's Next?
        </h2>
        <IconList
          items={nextSteps}
          ordered
          className="mt-3 space-y-2 text-sm text-slate-700"
          iconClassName="mt-0.5 size-4 text-blue-700"
        />
      </section>
    </AccountCard>
  );
}
