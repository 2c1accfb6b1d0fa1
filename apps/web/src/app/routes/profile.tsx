import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  type ProfileForm,
  type ProfileUser,
  profileFormSchema,
  roleLabels,
} from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { apiAnswered } from '../../features/accounts/api/errors';
import { useUpdateProfile } from '../../features/accounts/api/update-profile';
import { AuthLoading } from '../../features/accounts/components/route-guards';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/use-session';

const fields = [
  { name: 'first_name', label: 'First Name', autoComplete: 'given-name', type: 'text' },
  { name: 'last_name', label: 'Last Name', autoComplete: 'family-name', type: 'text' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'company', label: 'Company', autoComplete: 'organization', type: 'text' },
] as const;

function formValues(profile: ProfileUser): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? '',
    company: profile.company ?? '',
  };
}

function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return accountMessages.notProvided;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function ProfileDetails({ profile, email }: { profile: ProfileUser; email: string }) {
  const { notify } = useNotify();
  const auth = useAuth();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValues(profile),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!auth.session) {
      setFailure(accountMessages.noActiveSession);
      return;
    }
    try {
      const saved = await update.mutateAsync(values);
      form.reset(formValues(saved));
    } catch (error) {
      setFailure(
        apiAnswered(error) ? accountMessages.profileUpdateFailed : accountMessages.profileUpdateError,
      );
      return;
    }
    notify({ type: 'success', title: 'Success', message: accountMessages.profileUpdated });
    setEditing(false);
  });

  function cancel() {
    form.reset(formValues(profile));
    setFailure(null);
    setEditing(false);
  }

  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-xl font-semibold text-slate-900">Personal Information</h2>
        <span className="rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold text-blue-800">
          {roleLabels[profile.role] ?? roleLabels.client}
        </span>
      </div>
      {failure && (
        <div className="mt-4">
          <FormMessage type="error">{failure}</FormMessage>
        </div>
      )}
      {editing ? (
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <TextField
                key={field.name}
                label={field.label}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.name === 'first_name' || field.name === 'last_name'}
                error={errors[field.name]?.message}
                {...form.register(field.name)}
              />
            ))}
          </div>
          <TextField
            label="Email"
            type="email"
            value={email}
            readOnly
            disabled
            hint={accountMessages.emailReadOnly}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </button>
            <button type="button" onClick={cancel} className={buttonStyles.secondary}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2">
            {fields.map((field) => (
              <div key={field.name}>
                <dt className="text-sm font-medium text-slate-600">{field.label}</dt>
                <dd className="mt-1 text-slate-900">{profile[field.name] || accountMessages.notProvided}</dd>
              </div>
            ))}
            <div>
              <dt className="text-sm font-medium text-slate-600">Email</dt>
              <dd className="mt-1 text-slate-900">{email}</dd>
              <dd className="mt-1 text-sm text-slate-600">{accountMessages.emailReadOnly}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">Member Since</dt>
              <dd className="mt-1 text-slate-900">{memberSince(profile.created_at)}</dd>
            </div>
          </dl>
          <button type="button" onClick={() => setEditing(true)} className={`${buttonStyles.primary} mt-6`}>
            Edit Profile
          </button>
        </>
      )}
    </div>
  );
}

export function ProfileRoute() {
  useDocumentTitle('Profile');
  const auth = useAuth();
  let body: React.ReactNode;
  if (auth.loading) body = <AuthLoading />;
  else if (!auth.session) body = <FormMessage type="error">{accountMessages.noActiveSession}</FormMessage>;
  else if (!auth.profile)
    body = (
      <FormMessage type="error">
        {auth.error ? accountMessages.profileLoadFailed : accountMessages.profileLoadError}
      </FormMessage>
    );
  else body = <ProfileDetails profile={auth.profile} email={auth.session.user.email} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Profile</h1>
      {body}
    </div>
  );
}
