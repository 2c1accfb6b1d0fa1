import { pageRoutes, paths } from '@portal/domain';
import { type ComponentType, lazy } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteErrorBoundary } from './route-error';

type PageModule<K extends string> = Record<K, ComponentType>;

/** The component `name` of a module loaded on its first render (its own chunk). */
function page<K extends string, M extends PageModule<K>>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const guards = () => import('../features/accounts/components/route-guards');
const accountPages = () => import('./routes/accounts');
/** The admin pages load as one chunk: an administrator moves between them, nobody else ever loads them. */
const adminPages = () => import('./routes/admin');

const HomeRoute = page(() => import('./routes/home'), 'HomeRoute');
const ServicesRoute = page(() => import('./routes/services'), 'ServicesRoute');
const ServiceDetailRoute = page(() => import('./routes/service-detail'), 'ServiceDetailRoute');
const ContactRoute = page(() => import('./routes/contact'), 'ContactRoute');
const LoginRoute = page(accountPages, 'LoginRoute');
const RegisterRoute = page(accountPages, 'RegisterRoute');
const ForgotPasswordRoute = page(accountPages, 'ForgotPasswordRoute');
const ResetPasswordRoute = page(accountPages, 'ResetPasswordRoute');
const CompleteProfileRoute = page(accountPages, 'CompleteProfileRoute');
const ProfileRoute = page(accountPages, 'ProfileRoute');
const RequireAuth = page(guards, 'RequireAuth');
const RequireAdmin = page(guards, 'RequireAdmin');
const DashboardRoute = page(() => import('./routes/dashboard'), 'DashboardRoute');
const MyBookingsRoute = page(() => import('./routes/my-bookings'), 'MyBookingsRoute');
const BookingDetailRoute = page(() => import('./routes/booking-detail'), 'BookingDetailRoute');
/** The booking wizard answers at two paths (docs/product.md#pages); one chunk for both. */
const BookRoute = page(() => import('./routes/book'), 'BookRoute');
const AdminDashboardRoute = page(adminPages, 'AdminDashboardRoute');
const AdminBookingsRoute = page(adminPages, 'AdminBookingsRoute');
const AdminServicesRoute = page(adminPages, 'AdminServicesRoute');
const AdminScheduleRoute = page(adminPages, 'AdminScheduleRoute');
const AdminReviewsRoute = page(adminPages, 'AdminReviewsRoute');
const AdminMessagesRoute = page(adminPages, 'AdminMessagesRoute');
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute');

/**
 * Exactly the domain's `pageRoutes` (the server answers 200 for those), each page its own lazily loaded chunk,
 * routed in React Router's declarative mode (docs/decisions/126).
 */
const routeTable: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: pageRoutes.home, element: <HomeRoute /> },
      { path: pageRoutes.services, element: <ServicesRoute /> },
      { path: pageRoutes.service, element: <ServiceDetailRoute /> },
      { path: pageRoutes.contact, element: <ContactRoute /> },
      { path: pageRoutes.login, element: <LoginRoute /> },
      { path: pageRoutes.register, element: <RegisterRoute /> },
      { path: pageRoutes.forgotPassword, element: <ForgotPasswordRoute /> },
      { path: pageRoutes.resetPassword, element: <ResetPasswordRoute /> },
      // Needs a session but not a profile: signed out, it says so itself (docs/product.md#registration-and-verification).
      { path: pageRoutes.completeProfile, element: <CompleteProfileRoute /> },
      {
        // Signed in with a completed profile (docs/product.md#sessions-and-the-auth-state).
        element: <RequireAuth />,
        children: [
          { path: pageRoutes.dashboard, element: <DashboardRoute /> },
          { path: pageRoutes.profile, element: <ProfileRoute /> },
          { path: pageRoutes.myBookings, element: <MyBookingsRoute /> },
          { path: pageRoutes.booking, element: <BookingDetailRoute /> },
          { path: pageRoutes.book, element: <BookRoute /> },
          { path: pageRoutes.serviceBook, element: <BookRoute /> },
          {
            // Administrators only; a client sees Access Denied.
            element: <RequireAdmin />,
            children: [
              {
                // pageRoutes.admin is '/admin/*' (the server serves the SPA for all of it); here its pages.
                path: paths.admin,
                children: [
                  { index: true, element: <AdminDashboardRoute /> },
                  { path: paths.adminBookings, element: <AdminBookingsRoute /> },
                  { path: paths.adminServices, element: <AdminServicesRoute /> },
                  { path: paths.adminSchedule, element: <AdminScheduleRoute /> },
                  { path: paths.adminReviews, element: <AdminReviewsRoute /> },
                  { path: paths.adminMessages, element: <AdminMessagesRoute /> },
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
];

/**
 * The page at the current address, inside the site's layout: what the browser's router (app.tsx) and the server's
 * first paint (entry-first-paint.tsx) both draw. A page that fails to render, or whose code cannot be loaded, shows
 * the error page until the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(routeTable);
  return <RouteErrorBoundary pathname={pathname}>{page}</RouteErrorBoundary>;
}
