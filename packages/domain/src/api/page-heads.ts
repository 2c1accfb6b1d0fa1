import type { pageRoutes } from './pages.ts';

/** The firm's name as pages and link previews give it. */
export const siteName = 'OT Consulting';

/** The line after the firm's name in the home page's title. */
export const siteTagline = 'IT consulting for growing businesses';

/** A page's document title: 'Services | OT Consulting'; the home page's: 'OT Consulting | {tagline}'. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${siteName}` : `${siteName} | ${siteTagline}`;
}

/** The picture of a shared link (apps/web/public): 1200×630, as Open Graph and Twitter's large card want it. */
export const socialCard = {
  path: '/social-card.png',
  width: 1200,
  height: 630,
  alt: `${siteName}: technology expertise that moves your business forward`,
} as const;

/** What a page's head says of it: its title (none for the home page, see `pageTitle`) and its description. */
export interface PageHead {
  title?: string;
  description: string;
}

/**
 * Heads are keyed by the page's path itself, not read from `pageRoutes`, and read nothing from each other: a
 * property read at a module's top level is kept by the bundler in case it has effects, and the web app's first
 * load then carried every description here, which it never shows. The type still refuses a path that is no page.
 */
type PageRoute = (typeof pageRoutes)[keyof typeof pageRoutes];

const homeDescription =
  'OT Consulting helps companies build better software, design reliable data platforms, put AI to work and plan their IT with confidence. Book a consultation with an expert in minutes.';

/**
 * The public pages that stand on their own (a service's page takes its name and description from the
 * service): their heads, and the order the sitemap lists them in. Other public pages (a password reset needs its
 * link) get a head but stay out of the sitemap.
 */
export const publicPageHeads = {
  '/': { description: homeDescription },
  '/services': {
    title: 'Services',
    description:
      'Web development, database architecture, AI solutions and IT consulting: see what each consultation covers, its rate and length, and book a session with one of our consultants.',
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Tell OT Consulting about your project and we will find the right consultant for it: write to us, or call us during business hours. We answer within one business day.',
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'How booking a consultation with OT Consulting works: requests and confirmation, changes and cancellation, prices, payment and refunds.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'What the OT Consulting portal holds about you, why and for how long, who else processes it, and how to download or delete your data.',
  },
  '/cookies': {
    title: 'Cookie Policy',
    description:
      'The only cookies the OT Consulting portal sets are those that keep you signed in: no trackers, no analytics, no advertising.',
  },
  '/login': {
    title: 'Login',
    description: 'Log in to the OT Consulting client portal to book, follow and review your consultations.',
  },
  '/register': {
    title: 'Register',
    description:
      'Create your OT Consulting account to book a consultation in a free slot of our schedule and follow it online.',
  },
} as const satisfies Partial<Record<PageRoute, PageHead>>;

/** Public pages with a head that the sitemap leaves out. */
export const unlistedPageHeads = {
  '/forgot-password': {
    title: 'Forgot Password',
    description: 'Forgot your OT Consulting password? Ask for a link to choose a new one.',
  },
  '/reset-password': {
    title: 'Reset Password',
    description: 'Choose a new password for your OT Consulting account.',
  },
} as const satisfies Partial<Record<PageRoute, PageHead>>;

/** The head of a page that is no public page (a signed-in page, a missing one): never indexed. */
export const privatePageHead: PageHead = {
  description: homeDescription,
};

/** The head of a path that is no page. */
export const pageNotFoundHead: PageHead = {
  title: 'Page Not Found',
  description: 'The page you are looking for does not exist or has moved.',
};

/** The head of a service's page whose id is no service. */
export const serviceNotFoundHead: PageHead = {
  title: 'Service Not Found',
  description: 'Service not found: it may have been retired, or the link may be mistyped.',
};

/**
 * Paths crawlers are asked to leave alone (robots.txt): the API and every page behind a sign-in. A service's
 * booking page (`/services/{id}/book`) is named by its pattern.
 */
export const crawlersDisallowed = [
  '/api/',
  '/admin',
  '/dashboard',
  '/profile',
  '/my-bookings',
  '/consultant',
  '/booking/',
  '/book/',
  '/services/*/book',
  '/complete-profile',
  '/reset-password',
  '/dev/',
] as const;

/** The files crawlers ask for, served by the server beside the pages. */
export const crawlerPaths = { robots: '/robots.txt', sitemap: '/sitemap.xml' } as const;
