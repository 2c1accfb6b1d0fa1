import { pageRoutes } from '@portal/domain';
import { type ComponentType, isValidElement, lazy, Suspense } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { useAccount } from '../lib/use-session';
import { RouteErrorBoundary } from './route-error';

/** How each lazily loaded component's module is loaded, to start loading it before it renders. */
const loaders = new Map<unknown, () => Promise<unknown>>();

/** A component whose module is loaded on its first render (its own chunk), or earlier by AppRoutes. */
function lazily<P extends object>(load: () => Promise<ComponentType<P>>) {
  const component = lazy(async () => ({ default: await load() }));
  loaders.set(component, load);
  return component;
}

const guards = () => import('../features/accounts/components/route-guards');
const accountPages = () => import('./routes/accounts');
/** The admin pages load as one chunk: an administrator moves between them, nobody else ever loads them. */
const adminPages = () => import('./routes/admin');

/** The query cache, with its library: every page but the home page reads the API through it (docs/decisions/035). */
const QueryCache = lazily(async () => (await import('../lib/query-client')).QueryCache);
const HomeRoute = lazily(async () => (await import('./routes/home')).HomeRoute);
const ServicesRoute = lazily(async () => (await import('./routes/services')).ServicesRoute);
const ServiceDetailRoute = lazily(async () => (await import('./routes/service-detail')).ServiceDetailRoute);
const ContactRoute = lazily(async () => (await import('./routes/contact')).ContactRoute);
const TermsRoute = lazily(async () => (await import('./routes/terms')).TermsRoute);
const PrivacyRoute = lazily(async () => (await import('./routes/privacy')).PrivacyRoute);
const CookiesRoute = lazily(async () => (await import('./routes/cookies')).CookiesRoute);
/** The bar asking a signed-in account to accept a new version of the Terms or the Privacy Policy. */
const ConsentBanner = lazy(async () => ({
  default: (await import('../features/legal/components/consent-banner')).ConsentBanner,
}));
const LoginRoute = lazily(async () => (await accountPages()).LoginRoute);
const RegisterRoute = lazily(async () => (await accountPages()).RegisterRoute);
const ForgotPasswordRoute = lazily(async () => (await accountPages()).ForgotPasswordRoute);
const ResetPasswordRoute = lazily(async () => (await accountPages()).ResetPasswordRoute);
const CompleteProfileRoute = lazily(async () => (await accountPages()).CompleteProfileRoute);
const ProfileRoute = lazily(async () => (await accountPages()).ProfileRoute);
const RequireSignIn = lazily(async () => (await guards()).RequireSignIn);
const RequireAdmin = lazily(async () => (await guards()).RequireAdmin);
const RequireConsultant = lazily(async () => (await guards()).RequireConsultant);
const DashboardRoute = lazily(async () => (await import('./routes/dashboard')).DashboardRoute);
const MyBookingsRoute = lazily(async () => (await import('./routes/my-bookings')).MyBookingsRoute);
const ConsultantRoute = lazily(async () => (await import('./routes/consultant')).ConsultantRoute);
const BookingDetailRoute = lazily(async () => (await import('./routes/booking-detail')).BookingDetailRoute);
/** The booking wizard answers at two paths (docs/product.md#pages); one chunk for both. */
const BookRoute = lazily(async () => (await import('./routes/book')).BookRoute);
const AdminLayoutRoute = lazily(async () => (await adminPages()).AdminLayoutRoute);
const AdminDashboardRoute = lazily(async () => (await adminPages()).AdminDashboardRoute);
const AdminBookingsRoute = lazily(async () => (await adminPages()).AdminBookingsRoute);
const AdminServicesRoute = lazily(async () => (await adminPages()).AdminServicesRoute);
const AdminScheduleRoute = lazily(async () => (await adminPages()).AdminScheduleRoute);
const AdminConsultantsRoute = lazily(async () => (await adminPages()).AdminConsultantsRoute);
const AdminCalendarRoute = lazily(async () => (await adminPages()).AdminCalendarRoute);
const AdminReviewsRoute = lazily(async () => (await adminPages()).AdminReviewsRoute);
const AdminMessagesRoute = lazily(async () => (await adminPages()).AdminMessagesRoute);
const AdminInvoicesRoute = lazily(async () => (await adminPages()).AdminInvoicesRoute);
const AdminSettingsRoute = lazily(async () => (await adminPages()).AdminSettingsRoute);
const NotFoundRoute = lazily(async () => (await import('./routes/not-found')).NotFoundRoute);

/**
 * Only a signed-in account has versions to accept: a visitor's first load never fetches the bar's code. Its own
 * boundary, so the page never waits for it.
 */
function ConsentBannerWhenSignedIn() {
  const { session } = useAccount();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}

/**
 * Exactly the domain's `pageRoutes` (the server answers 200 for those), each page its own lazily loaded chunk,
 * routed in React Router's declarative mode (docs/decisions/036).
 */
const routeTable: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      // Drawn without the query cache, so that the home page's first load carries no query library.
      { path: pageRoutes.home, element: <HomeRoute /> },
      {
        element: (
          <QueryCache>
            <ConsentBannerWhenSignedIn />
            <Outlet />
          </QueryCache>
        ),
        children: [
          { path: pageRoutes.services, element: <ServicesRoute /> },
          { path: pageRoutes.service, element: <ServiceDetailRoute /> },
          { path: pageRoutes.contact, element: <ContactRoute /> },
          { path: pageRoutes.terms, element: <TermsRoute /> },
          { path: pageRoutes.privacy, element: <PrivacyRoute /> },
          { path: pageRoutes.cookies, element: <CookiesRoute /> },
          { path: pageRoutes.login, element: <LoginRoute /> },
          { path: pageRoutes.register, element: <RegisterRoute /> },
          { path: pageRoutes.forgotPassword, element: <ForgotPasswordRoute /> },
          { path: pageRoutes.resetPassword, element: <ResetPasswordRoute /> },
          // Needs a session but not a profile: signed out, it says so itself (docs/product.md#registration-and-verification).
          { path: pageRoutes.completeProfile, element: <CompleteProfileRoute /> },
          {
            // Signed in with a completed profile (docs/product.md#sessions-and-the-account-state).
            element: <RequireSignIn />,
            children: [
              { path: pageRoutes.dashboard, element: <DashboardRoute /> },
              { path: pageRoutes.profile, element: <ProfileRoute /> },
              { path: pageRoutes.myBookings, element: <MyBookingsRoute /> },
              { path: pageRoutes.booking, element: <BookingDetailRoute /> },
              {
                element: <RequireConsultant />,
                children: [{ path: pageRoutes.consultant, element: <ConsultantRoute /> }],
              },
              { path: pageRoutes.book, element: <BookRoute /> },
              { path: pageRoutes.serviceBook, element: <BookRoute /> },
              {
                // Administrators only; a client sees Access Denied.
                element: <RequireAdmin />,
                children: [
                  {
                    // Every admin page under the admin navigation (docs/product.md#administration).
                    path: pageRoutes.admin,
                    element: <AdminLayoutRoute />,
                    children: [
                      { index: true, element: <AdminDashboardRoute /> },
                      { path: pageRoutes.adminBookings, element: <AdminBookingsRoute /> },
                      { path: pageRoutes.adminServices, element: <AdminServicesRoute /> },
                      { path: pageRoutes.adminSchedule, element: <AdminScheduleRoute /> },
                      { path: pageRoutes.adminConsultants, element: <AdminConsultantsRoute /> },
                      { path: pageRoutes.adminCalendar, element: <AdminCalendarRoute /> },
                      { path: pageRoutes.adminReviews, element: <AdminReviewsRoute /> },
                      { path: pageRoutes.adminMessages, element: <AdminMessagesRoute /> },
                      { path: pageRoutes.adminInvoices, element: <AdminInvoicesRoute /> },
                      { path: pageRoutes.adminSettings, element: <AdminSettingsRoute /> },
                      { path: '*', element: <NotFoundRoute /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/**
 * The page at the current address, inside the site's layout: what the browser's router (app.tsx) and the server's
 * first paint (entry-first-paint.tsx) both draw. A page that fails to render, or whose code cannot be loaded, shows
 * the error page until the address changes.
 */
export function AppRoutes() {
  const location = useLocation();
  // Nested lazily loaded routes (the query cache, a guard, the page) would each start loading only once the one
  // above has rendered: all those of the address start at once. A module asked for twice loads once, and a
  // failure is the lazy component's to report.
  for (const { route } of matchRoutes(routeTable, location) ?? []) {
    if (isValidElement(route.element))
      loaders
        .get(route.element.type)?.()
        .catch(() => undefined);
  }
  const page = useRoutes(routeTable, location);
  return <RouteErrorBoundary pathname={location.pathname}>{page}</RouteErrorBoundary>;
}
