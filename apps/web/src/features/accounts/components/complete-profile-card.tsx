import {
  accountMessages,
  type CompleteProfileForm,
  completeProfileFormSchema,
  destinationParam,
  paths,
  sitePath,
  withDestination,
} from '@portal/domain';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { FieldEntry } from '../../../components/form/form-fields';
import { type Notice, SchemaForm, type SubmitLabels } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { useAccount } from '../../../lib/use-session';
import { apiAnswered, serverMessage } from '../api/errors';
import { useUpdateProfile } from '../api/update-profile';
import { AccountCard, AccountNotice } from './account-card';
import { cardSubmit, profileFields } from './account-fields';
import { AccountLoading, loginHref } from './route-guards';

const [firstName, lastName, phone, company] = profileFields<CompleteProfileForm>([
  'firstName',
  'lastName',
  'phone',
  'company',
]);
const fields: readonly FieldEntry<CompleteProfileForm>[] = [{ row: [firstName, lastName] }, phone, company];
const submit: SubmitLabels = { label: 'Complete Profile', busy: 'Saving...', className: cardSubmit };

function refused(error: unknown): Notice {
  const text = apiAnswered(error)
    ? (serverMessage(error) ?? accountMessages.profileCreateFailed)
    : accountMessages.profileCreateError(error instanceof Error ? error.message : String(error));
  return { type: 'error', text };
}

function ProfileCompletion({ next }: { next: string }) {
  const navigate = useNavigate();
  const { notify } = useNotify();
  const update = useUpdateProfile();
  const form = useSchemaForm(completeProfileFormSchema, {
    defaultValues: { firstName: '', lastName: '', phone: '', company: '' },
  });

  async function complete(values: CompleteProfileForm): Promise<undefined> {
    await update.mutateAsync(values);
    notify({ type: 'success', title: 'Success', message: accountMessages.profileCompleted });
    await navigate(next, { replace: true });
  }

  return (
    <AccountCard
      title="Complete Your Profile"
      lead="Tell us who you are before you book your first consultation."
    >
      <SchemaForm form={form} fields={fields} submit={submit} onSubmit={complete} onFailure={refused} />
    </AccountCard>
  );
}

/**
 * Needs a session but not a profile: signed out, it asks to log in instead of redirecting, and with a profile
 * already complete it goes on (docs/product.md#registration-and-verification). On is the page the user was going
 * to (`?redirect=`, a site path), else the dashboard.
 */
export function CompleteProfileCard() {
  const account = useAccount();
  const [searchParams] = useSearchParams();
  const destination = sitePath(searchParams.get(destinationParam));
  const next = destination ?? paths.dashboard;
  if (account.loading) return <AccountLoading />;
  if (!account.user) {
    return (
      <AccountNotice
        title="Complete Your Profile"
        message={accountMessages.loginToCompleteProfile}
        to={loginHref(withDestination(paths.completeProfile, destination))}
        action="Log In"
      />
    );
  }
  if (!account.needsProfileCompletion) return <Navigate to={next} replace />;
  return <ProfileCompletion next={next} />;
}
