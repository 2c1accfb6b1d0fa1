import {
  accountMessages,
  dataExportTexts,
  type ProfileForm,
  type ProfileUser,
  profileFormSchema,
  roleLabels,
  runtimeTimeZone,
  shortDateIn,
  twoFactorMessages,
} from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { InputField, TextAreaField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { useAccount } from '../../../lib/use-session';
import { apiAnswered } from '../api/errors';
import { useUpdateProfile } from '../api/update-profile';
import { profileFields } from './account-fields';
import { CalendarFeedCard } from './calendar-feed-card';
import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { DownloadDataCard } from './download-data-card';
import { AccountLoading } from './route-guards';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const fields = profileFields<ProfileForm>(['first_name', 'last_name', 'phone', 'company']);

/** The client's billing details, which each invoice copies as it is issued. */
const billingLabels = { billing_address: 'Billing Address', tax_id: 'Tax ID' } as const;

function refused(error: unknown): Notice {
  const text = apiAnswered(error) ? accountMessages.profileUpdateFailed : accountMessages.profileUpdateError;
  return { type: 'error', text };
}

function formValues(profile: ProfileUser): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? '',
    company: profile.company ?? '',
    billing_address: profile.billing_address ?? '',
    tax_id: profile.tax_id ?? '',
  };
}

function memberSince(createdAt: string): string {
  if (Number.isNaN(Date.parse(createdAt))) return accountMessages.notProvided;
  // The day the account was made on the viewer's own calendar, as it always was.
  return shortDateIn(createdAt, runtimeTimeZone());
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      {children}
    </div>
  );
}

/** The profile, read-only until Edit Profile; saving puts the answer in the account state. */
function ProfileCard({ profile, email }: { profile: ProfileUser; email: string }) {
  const { notify } = useNotify();
  const account = useAccount();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(profileFormSchema, { defaultValues: formValues(profile) });

  async function save(values: ProfileForm): Promise<Notice | undefined> {
    if (!account.session) return { type: 'error', text: accountMessages.noActiveSession };
    const saved = await update.mutateAsync(values);
    form.reset(formValues(saved));
    notify({ type: 'success', title: 'Success', message: accountMessages.profileUpdated });
    setEditing(false);
  }

  function cancel() {
    form.reset(formValues(profile));
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
      {editing ? (
        <div className="mt-6 space-y-4">
          <SchemaForm
            form={form}
            fields={[{ row: fields }]}
            submit={{ label: 'Save Changes', busy: 'Saving...' }}
            onSubmit={save}
            onFailure={refused}
            onCancel={cancel}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextAreaField
                form={form}
                name="billing_address"
                label={billingLabels.billing_address}
                hint={accountMessages.billingDetailsHint}
                autoComplete="street-address"
                rows={3}
              />
              <InputField form={form} name="tax_id" label={billingLabels.tax_id} />
            </div>
            <TextField
              label="Email"
              type="email"
              value={email}
              readOnly
              disabled
              hint={accountMessages.emailReadOnly}
            />
          </SchemaForm>
        </div>
      ) : (
        <>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2">
            {fields.map((field) => (
              <Fact key={field.name} term={field.label}>
                <dd className="mt-1 text-slate-900">{profile[field.name] || accountMessages.notProvided}</dd>
              </Fact>
            ))}
            <Fact term={billingLabels.billing_address}>
              <dd className="mt-1 whitespace-pre-line text-slate-900">
                {profile.billing_address || accountMessages.notProvided}
              </dd>
            </Fact>
            <Fact term={billingLabels.tax_id}>
              <dd className="mt-1 text-slate-900">{profile.tax_id || accountMessages.notProvided}</dd>
            </Fact>
            <Fact term="Email">
              <dd className="mt-1 text-slate-900">{email}</dd>
              <dd className="mt-1 text-sm text-slate-600">{accountMessages.emailReadOnly}</dd>
            </Fact>
            <Fact term="Member Since">
              <dd className="mt-1 text-slate-900">{memberSince(profile.created_at)}</dd>
            </Fact>
          </dl>
          <button type="button" onClick={() => setEditing(true)} className={`${buttonStyles.primary} mt-6`}>
            Edit Profile
          </button>
        </>
      )}
    </div>
  );
}

/** The signed-in user's profile page: its states while the account state loads or fails, then the profile. */
export function ProfileDetails() {
  const account = useAccount();
  let body: ReactNode;
  if (account.loading) body = <AccountLoading />;
  else if (!account.session) body = <FormMessage type="error">{accountMessages.noActiveSession}</FormMessage>;
  else if (!account.profile)
    body = (
      <FormMessage type="error">
        {account.error ? accountMessages.profileLoadFailed : accountMessages.profileLoadError}
      </FormMessage>
    );
  else
    body = (
      <>
        <ProfileCard profile={account.profile} email={account.session.user.email} />
        <CalendarFeedCard profile={account.profile} />
        <section
          aria-labelledby="security-heading"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="security-heading" className="text-xl font-semibold text-slate-900">
            {twoFactorMessages.securityHeading}
          </h2>
          <div className="mt-4 space-y-4">
            <TwoFactorCard />
            <ChangePasswordCard />
            <SessionsCard />
          </div>
        </section>
        <section
          aria-labelledby="your-data-heading"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="your-data-heading" className="text-xl font-semibold text-slate-900">
            {dataExportTexts.sectionHeading}
          </h2>
          <div className="mt-4 space-y-4">
            <DownloadDataCard />
            <DeleteAccountCard />
          </div>
        </section>
      </>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Profile</h1>
      {body}
    </div>
  );
}
