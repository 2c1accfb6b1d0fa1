import { pageRoutes } from '@portal/domain';
import { createBrowserRouter } from 'react-router';
import { SiteLayout } from '../components/layout/site-layout';
import { RouteError } from './route-error';

/** Nothing is drawn until the first page's code has arrived; the layout and page then appear together. */
function HydrateFallback() {
  return null;
}

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
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
]);
