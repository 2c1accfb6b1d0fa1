/**
 * Every page of the SPA that exists, as react-router patterns; the server answers 200 for these and 404 otherwise.
 * A trailing `/*` covers the path itself and every path below it.
 */
export const pageRoutes = {
  home: '/',
  services: '/services',
  service: '/services/:id',
  contact: '/contact',
  /** The Terms of Service: the booking, payment and refund rules as the portal is configured. */
  terms: '/terms',
  /** The Privacy Policy and the Cookie Policy, from the portal's settings. */
  privacy: '/privacy',
  cookies: '/cookies',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  completeProfile: '/complete-profile',
  dashboard: '/dashboard',
  profile: '/profile',
  myBookings: '/my-bookings',
  /** The booking wizard, at /book/{serviceId} and /services/{id}/book; signed in only. */
  book: '/book/:serviceId',
  serviceBook: '/services/:id/book',
  /** A booking's detail page: its facts, history and the actions it allows. */
  booking: '/booking/:id',
  /** A consultant's own schedule: today, this week and a week view of their consultations. */
  consultant: '/consultant',
  /** The admin dashboard and the administrators' pages (docs/product.md#pages). */
  admin: '/admin',
  /** Every booking, filtered and paged (the target of the dashboard's View All). */
  adminBookings: '/admin/bookings',
  /** The catalogue: every service, its form and the latest changes. */
  adminServices: '/admin/services',
  /** Opening hours, buffer, notice, horizon and closed dates. */
  adminSchedule: '/admin/schedule',
  /** The firm's consultants: their services and time off. */
  adminConsultants: '/admin/consultants',
  /** A week of every consultant's consultations side by side. */
  adminCalendar: '/admin/calendar',
  /** Every review, hidden ones too, to hide one that should not be public. */
  adminReviews: '/admin/reviews',
  /** The contact form's messages, newest first, each to mark answered. */
  adminMessages: '/admin/messages',
  /** Invoices and credit notes, the bank payments against them, and the accountant's CSV. */
  adminInvoices: '/admin/invoices',
  /** The firm's settings: its billing details, which invoices copy. */
  adminSettings: '/admin/settings',
} as const;

/** Links to the pages above. */
export const paths = {
  home: pageRoutes.home,
  services: pageRoutes.services,
  service: (id: number | string) => `/services/${id}`,
  contact: pageRoutes.contact,
  /** The contact form with a service preselected (a service's 'Get Free Consultation'). */
  contactAbout: (serviceId: number | string) => `/contact?service=${serviceId}`,
  terms: pageRoutes.terms,
  privacy: pageRoutes.privacy,
  cookies: pageRoutes.cookies,
  login: pageRoutes.login,
  register: pageRoutes.register,
  forgotPassword: pageRoutes.forgotPassword,
  resetPassword: pageRoutes.resetPassword,
  completeProfile: pageRoutes.completeProfile,
  dashboard: pageRoutes.dashboard,
  profile: pageRoutes.profile,
  myBookings: pageRoutes.myBookings,
  consultant: pageRoutes.consultant,
  admin: pageRoutes.admin,
  adminBookings: pageRoutes.adminBookings,
  /** All Bookings opened on one booking (the firm's e-mails link here). */
  adminBooking: (id: number | string) => `/admin/bookings?bookingId=${id}`,
  adminServices: pageRoutes.adminServices,
  adminSchedule: pageRoutes.adminSchedule,
  adminConsultants: pageRoutes.adminConsultants,
  adminCalendar: pageRoutes.adminCalendar,
  /** The admin calendar on the week of a day (its Monday). */
  adminCalendarWeek: (monday: string) => `${pageRoutes.adminCalendar}?week=${monday}`,
  adminReviews: pageRoutes.adminReviews,
  adminMessages: pageRoutes.adminMessages,
  adminInvoices: pageRoutes.adminInvoices,
  adminSettings: pageRoutes.adminSettings,
  /** The booking wizard of a service; signed in only. */
  book: (serviceId: number | string) => `/book/${serviceId}`,
  /** A booking's detail page. */
  booking: (id: number | string) => `/booking/${id}`,
} as const;

/** The largest id a path may carry: ids are PostgreSQL integers. */
export const maxPathId = 2_147_483_647;

/**
 * The id in a page's path ('/services/{id}'), or null when it is none: the rule of `idParamsSchema` (read as a
 * number, whole, positive, at most `maxPathId`) without zod, for the pages' first load (docs/decisions/035).
 */
export function pathId(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 && id <= maxPathId ? id : null;
}

/**
 * The id of the JSON data block in which the server's index.html carries the `{ services }` body of
 * `apiPaths.catalogue.services`, read by the app before its first render.
 */
export const catalogueDataId = 'catalogue-data';

function patternToRegExp(pattern: string): RegExp {
  const body = pattern.replace(/\/\*$/, '').replace(/:[a-zA-Z]+/g, '[^/]+');
  const tail = pattern.endsWith('/*') ? '(?:/.*)?' : '/?';
  return new RegExp(`^${body}${tail}$`);
}

// Compiled on first use: a top-level computation would stay in every bundle that imports this module.
let pagePatterns: { route: string; pattern: RegExp }[] | undefined;

/** The `pageRoutes` pattern a URL path is a page of (query and hash already stripped), if any. */
export function pageRouteOf(pathname: string): string | undefined {
  pagePatterns ??= Object.values(pageRoutes).map((route) => ({ route, pattern: patternToRegExp(route) }));
  return pagePatterns.find(({ pattern }) => pattern.test(pathname))?.route;
}

/**
 * The query parameter that carries where a visitor was going through sign-in, registration, e-mail verification
 * and profile completion (`/login?redirect=/book/3`), so that they end where they meant to go.
 */
export const destinationParam = 'redirect';

/** The longest destination carried: a page's path and query, never a document. */
export const maxDestinationLength = 2000;

/**
 * `value` when it is a path on this site (`/book/3?x=1`), else undefined: it starts with one `/`, and has no
 * backslash, whitespace or control character (browsers read `//host`, `/\host` and `/<tab>/host` as another site).
 * The web app follows only such destinations and the server puts only such in a verification link.
 */
export function sitePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > maxDestinationLength) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /^\/(?!\/)[^\\\s\u0000-\u001f\u007f]*$/.test(value) ? value : undefined;
}

/**
 * `page` carrying `destination` on when it is a site path (else `page` itself):
 * `withDestination('/login', '/book/3')` is `/login?redirect=%2Fbook%2F3`.
 */
export function withDestination(page: string, destination: string | undefined): string {
  const next = sitePath(destination);
  if (next === undefined) return page;
  return `${page}${page.includes('?') ? '&' : '?'}${destinationParam}=${encodeURIComponent(next)}`;
}
