import { accountMessages, paths, withDestination } from '@portal/domain';
import { ShieldAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { MessagePage } from '../../../components/ui/message-page';
import { useAccountActions } from '../../../lib/account-state';
import { setTwoFactorRequiredHandler } from '../../../lib/api-client';
import { useAccount } from '../../../lib/use-session';

/** 'Loading...' while the session (and profile) load, announced politely. */
export function AccountLoading() {
  return (
    <p role="status" className="py-24 text-center text-lg text-slate-700">
      {accountMessages.loading}
    </p>
  );
}

/** The login address that brings the user on to `to` after signing in (`/login?redirect=…`). */
export function loginHref(to: string | undefined): string {
  return withDestination(paths.login, to);
}

/** Where the profile's two-factor card is: the page an account the firm requires it of is sent to. */
export const twoFactorCardId = 'two-factor';

/**
 * Pages that need a session (docs/product.md#sessions-and-the-account-state): 'Loading...' while it loads; signed
 * out → /login and back after login; signed in with an incomplete profile → /complete-profile and on after it; an
 * administrator or consultant the firm requires a second factor of, without one → the profile's two-factor card
 * and on after it (docs/product.md#two-factor-sign-in).
 */
export function RequireSignIn() {
  const account = useAccount();
  const location = useLocation();
  const { refresh } = useAccountActions();
  // The API's 403 TWO_FACTOR_REQUIRED (the second factor turned off elsewhere, a new role): read the account again.
  useEffect(() => {
    setTwoFactorRequiredHandler(() => {
      refresh().catch(() => undefined);
    });
    return () => setTwoFactorRequiredHandler(undefined);
  }, [refresh]);
  if (account.loading) return <AccountLoading />;
  const here = location.pathname + location.search;
  if (!account.user) return <Navigate to={loginHref(here)} replace state={{ from: here }} />;
  if (account.needsProfileCompletion) {
    // The dashboard is where completing the profile goes anyway: only another page is carried.
    const onward = withDestination(paths.completeProfile, here === paths.dashboard ? undefined : here);
    return <Navigate to={onward} replace state={{ from: here }} />;
  }
  if (account.mustSetUpTwoFactor && location.pathname !== paths.profile) {
    const onward = withDestination(paths.profile, here === paths.dashboard ? undefined : here);
    return <Navigate to={`${onward}#${twoFactorCardId}`} replace state={{ from: here }} />;
  }
  return <Outlet />;
}

/** Admin-only pages (inside RequireSignIn): a non-admin sees Access Denied. */
export function RequireAdmin() {
  const account = useAccount();
  if (!account.isAdmin) return <AccessDenied />;
  return <Outlet />;
}

/** A consultant's own pages (inside RequireSignIn); an administrator too (their linked record's, if any). */
export function RequireConsultant() {
  const account = useAccount();
  if (!account.isConsultant && !account.isAdmin) return <AccessDenied />;
  return <Outlet />;
}

function AccessDenied() {
  return (
    <MessagePage
      mark={<ShieldAlert aria-hidden="true" className="mx-auto size-12 text-red-700" />}
      title={accountMessages.accessDenied}
      text={accountMessages.adminRequired}
      action={
        <Link to={paths.dashboard} className={buttonStyles.primary}>
          Go to Dashboard
        </Link>
      }
    />
  );
}
