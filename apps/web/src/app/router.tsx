import { pageRoutes, paths } from '@portal/domain';
import { createBrowserRouter } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteError } from './route-error';

/** Nothing is drawn until the first page's code has arrived; the layout and page then appear together. */
function HydrateFallback() {
  return null;
}

/** The booking wizard answers at two paths (spec §2); one chunk for both. */
const bookRoute = async () => ({ Component: (await import('./routes/book')).BookRoute });

/** The admin pages load as one chunk: an administrator moves between them, nobody else ever loads them. */
const adminPages = () => import('./routes/admin');

/** Exactly the domain's `pageRoutes` (the server answers 200 for those), each page its own lazily loaded chunk. */
export const router = createBrowserRouter([
  {
    Component: SiteLayout,
    HydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        path: pageRoutes.home,
        lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
      },
      {
        path: pageRoutes.services,
        lazy: async () => ({ Component: (await import('./routes/services')).ServicesRoute }),
      },
      {
        path: pageRoutes.service,
        lazy: async () => ({ Component: (await import('./routes/service-detail')).ServiceDetailRoute }),
      },
      {
        path: pageRoutes.contact,
        lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }),
      },
      {
        path: pageRoutes.login,
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: pageRoutes.register,
        lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
      },
      {
        path: pageRoutes.forgotPassword,
        lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }),
      },
      {
        path: pageRoutes.resetPassword,
        lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
      },
      {
        // Needs a session but not a profile; it handles being signed out itself (spec §5).
        path: pageRoutes.completeProfile,
        lazy: async () => ({ Component: (await import('./routes/complete-profile')).CompleteProfileRoute }),
      },
      {
        // Signed in with a completed profile (spec, Route guard).
        lazy: async () => ({
          Component: (await import('../features/accounts/components/route-guards')).RequireAuth,
        }),
        children: [
          {
            path: pageRoutes.dashboard,
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
          },
          {
            path: pageRoutes.profile,
            lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
          },
          {
            path: pageRoutes.myBookings,
            lazy: async () => ({ Component: (await import('./routes/my-bookings')).MyBookingsRoute }),
          },
          {
            path: pageRoutes.booking,
            lazy: async () => ({ Component: (await import('./routes/booking-detail')).BookingDetailRoute }),
          },
          {
            path: pageRoutes.book,
            lazy: bookRoute,
          },
          {
            path: pageRoutes.serviceBook,
            lazy: bookRoute,
          },
          {
            // Administrators only; a client sees Access Denied.
            lazy: async () => ({
              Component: (await import('../features/accounts/components/route-guards')).RequireAdmin,
            }),
            children: [
              {
                // pageRoutes.admin is '/admin/*' (the server serves the SPA for all of it); here its pages.
                path: paths.admin,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await adminPages()).AdminDashboardRoute }),
                  },
                  {
                    path: paths.adminBookings,
                    lazy: async () => ({ Component: (await adminPages()).AdminBookingsRoute }),
                  },
                  {
                    path: '*',
                    lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
]);
