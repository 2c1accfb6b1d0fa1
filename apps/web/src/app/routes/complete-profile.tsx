import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, type CompleteProfileForm, completeProfileFormSchema, paths } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications/use-notify';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormMessage, TextField } from '../../components/ui/text-field';
import { apiAnswered, serverMessage } from '../../features/accounts/api/errors';
import { useUpdateProfile } from '../../features/accounts/api/update-profile';
import { AuthCard, submitStyle } from '../../features/accounts/components/auth-card';
import { AuthLoading, loginHref } from '../../features/accounts/components/route-guards';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/use-session';

function ProfileCompletion() {
  const navigate = useNavigate();
  const { notify } = useNotify();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompleteProfileForm>({
    resolver: zodResolver(completeProfileFormSchema),
    defaultValues: { firstName: '', lastName: '', phone: '', company: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
    } catch (error) {
      setFailure(
        apiAnswered(error)
          ? (serverMessage(error) ?? accountMessages.profileCreateFailed)
          : accountMessages.profileCreateError(error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    notify({ type: 'success', title: 'Success', message: accountMessages.profileCompleted });
    await navigate(paths.dashboard, { replace: true });
  });

  return (
    <AuthCard
      title="Complete Your Profile"
      lead="Tell us who you are before you book your first consultation."
    >
      <div className="space-y-4">
        {failure && <FormMessage type="error">{failure}</FormMessage>}
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              autoComplete="given-name"
              required
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              required
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextField
            label="Company"
            autoComplete="organization"
            error={errors.company?.message}
            {...form.register('company')}
          />
          <button type="submit" disabled={isSubmitting} className={submitStyle}>
            {isSubmitting ? 'Saving...' : 'Complete Profile'}
          </button>
        </form>
      </div>
    </AuthCard>
  );
}

/** Needs a session but not a profile: signed out, it asks to log in (spec §5) instead of redirecting. */
export function CompleteProfileRoute() {
  useDocumentTitle('Complete Profile');
  const auth = useAuth();
  if (auth.loading) return <AuthLoading />;
  if (!auth.user) {
    return (
      <AuthCard title="Complete Your Profile">
        <div className="space-y-6">
          <FormMessage type="error">{accountMessages.loginToCompleteProfile}</FormMessage>
          <Link to={loginHref(paths.completeProfile)} className={`${buttonStyles.primary} w-full`}>
            Log In
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!auth.needsProfileCompletion) return <Navigate to={paths.dashboard} replace />;
  return <ProfileCompletion />;
}
