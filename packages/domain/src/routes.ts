/** Every page of the SPA that exists, as react-router patterns; the server answers 200 for these and 404 otherwise. */
export const pageRoutes = {
  home: '/',
  services: '/services',
  service: '/services/:id',
  contact: '/contact',
} as const;

/** Links for the pages above, and for targets the spec links to. */
export const paths = {
  home: pageRoutes.home,
  services: pageRoutes.services,
  service: (id: number | string) => `/services/${id}`,
  contact: pageRoutes.contact,
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  /** The booking wizard of a service (spec: /book/{serviceId}); signed in only. */
  book: (serviceId: number | string) => `/book/${serviceId}`,
} as const;

/** The API's own paths, shared by the server routes and the web client. */
export const apiPaths = {
  health: '/api/health',
  services: '/api/services',
  service: (id: number | string) => `/api/services/${id}`,
  docs: '/api/docs',
} as const;

const pagePatterns = Object.values(pageRoutes).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

/** Whether a URL path is one of the SPA's pages (query and hash already stripped). */
export function isPageRoute(pathname: string): boolean {
  return pagePatterns.some((pattern) => pattern.test(pathname));
}
