import { accountMessages, paths } from '@portal/domain';
import { ShieldAlert } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { MessagePage } from '../../../components/ui/message-page';
import { useAuth } from '../../../lib/use-session';

/** 'Loading...' while the session (and profile) load, announced politely. */
export function AuthLoading() {
  return (
    <p role="status" className="py-24 text-center text-lg text-slate-700">
      {accountMessages.loading}
    </p>
  );
}

/** The login address that brings the user back to `to` after signing in. */
export function loginHref(to: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(to)}`;
}

/**
 * Pages that need a session (docs/product.md#sessions-and-the-auth-state): 'Loading...' while it loads; signed out → /login and back
 * after login; signed in with an incomplete profile → /complete-profile.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.loading) return <AuthLoading />;
  const here = location.pathname + location.search;
  if (!auth.user) return <Navigate to={loginHref(here)} replace state={{ from: here }} />;
  if (auth.needsProfileCompletion)
    return <Navigate to={paths.completeProfile} replace state={{ from: here }} />;
  return <Outlet />;
}

/** Admin-only pages (inside RequireAuth): a non-admin sees Access Denied. */
export function RequireAdmin() {
  const auth = useAuth();
  if (!auth.isAdmin) return <AccessDenied />;
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
