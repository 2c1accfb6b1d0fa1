import { pageRoutes, paths } from '@portal/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteError } from './route-error';

/** Nothing is drawn until the first page's code has arrived; the layout and page then appear together. */
function HydrateFallback() {
  return null;
}

type PageModule<K extends string> = Record<K, ComponentType>;

/** A route's `lazy`: the component `name` of a module loaded on the route's first visit (its own chunk). */
function page<K extends string, M extends PageModule<K>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** The route of one page at `path`. */
function route<K extends string, M extends PageModule<K>>(path: string, load: () => Promise<M>, name: K) {
  return { path, lazy: page(load, name) };
}

const guards = () => import('../features/accounts/components/route-guards');
const accountPages = () => import('./routes/accounts');
/** The admin pages load as one chunk: an administrator moves between them, nobody else ever loads them. */
const adminPages = () => import('./routes/admin');
const notFound = page(() => import('./routes/not-found'), 'NotFoundRoute');
/** The booking wizard answers at two paths (docs/product.md#pages); one chunk for both. */
const book = page(() => import('./routes/book'), 'BookRoute');

/**
 * Exactly the domain's `pageRoutes` (the server answers 200 for those), each page its own lazily loaded chunk: the
 * browser's router (router.tsx) and the server's first paint (entry-first-paint.tsx) both route by this table.
 */
export const routeTable: RouteObject[] = [
  {
    Component: SiteLayout,
    HydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      route(pageRoutes.home, () => import('./routes/home'), 'HomeRoute'),
      route(pageRoutes.services, () => import('./routes/services'), 'ServicesRoute'),
      route(pageRoutes.service, () => import('./routes/service-detail'), 'ServiceDetailRoute'),
      route(pageRoutes.contact, () => import('./routes/contact'), 'ContactRoute'),
      route(pageRoutes.login, accountPages, 'LoginRoute'),
      route(pageRoutes.register, accountPages, 'RegisterRoute'),
      route(pageRoutes.forgotPassword, accountPages, 'ForgotPasswordRoute'),
      route(pageRoutes.resetPassword, accountPages, 'ResetPasswordRoute'),
      // Needs a session but not a profile: signed out, it says so itself (docs/product.md#registration-and-verification).
      route(pageRoutes.completeProfile, accountPages, 'CompleteProfileRoute'),
      {
        // Signed in with a completed profile (docs/product.md#sessions-and-the-auth-state).
        lazy: page(guards, 'RequireAuth'),
        children: [
          route(pageRoutes.dashboard, () => import('./routes/dashboard'), 'DashboardRoute'),
          route(pageRoutes.profile, accountPages, 'ProfileRoute'),
          route(pageRoutes.myBookings, () => import('./routes/my-bookings'), 'MyBookingsRoute'),
          route(pageRoutes.booking, () => import('./routes/booking-detail'), 'BookingDetailRoute'),
          { path: pageRoutes.book, lazy: book },
          { path: pageRoutes.serviceBook, lazy: book },
          {
            // Administrators only; a client sees Access Denied.
            lazy: page(guards, 'RequireAdmin'),
            children: [
              {
                // pageRoutes.admin is '/admin/*' (the server serves the SPA for all of it); here its pages.
                path: paths.admin,
                children: [
                  { index: true, lazy: page(adminPages, 'AdminDashboardRoute') },
                  { path: paths.adminBookings, lazy: page(adminPages, 'AdminBookingsRoute') },
                  { path: paths.adminServices, lazy: page(adminPages, 'AdminServicesRoute') },
                  { path: paths.adminSchedule, lazy: page(adminPages, 'AdminScheduleRoute') },
                  { path: paths.adminReviews, lazy: page(adminPages, 'AdminReviewsRoute') },
                  { path: paths.adminMessages, lazy: page(adminPages, 'AdminMessagesRoute') },
                  { path: '*', lazy: notFound },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];
