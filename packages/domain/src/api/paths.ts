// Every path of the API, by area: the server registers its routes with these and the web app calls them, so a
// path is written once. No zod here: the web app's first load imports it.

/** Where the accounts library (better-auth) is mounted; every path below it is the library's. */
const accountsLibrary = '/api/identity';

export const apiPaths = {
  health: '/api/health',
  /** Readiness: 503 once shutting down or while the database does not answer. */
  ready: '/api/health/ready',
  docs: '/api/docs',
  accounts: {
    library: accountsLibrary,
    signUp: `${accountsLibrary}/sign-up/email`,
    signIn: `${accountsLibrary}/sign-in/email`,
    signOut: `${accountsLibrary}/sign-out`,
    session: `${accountsLibrary}/get-session`,
    sendVerificationEmail: `${accountsLibrary}/send-verification-email`,
    verifyEmail: `${accountsLibrary}/verify-email`,
    requestPasswordReset: `${accountsLibrary}/request-password-reset`,
    resetPassword: `${accountsLibrary}/reset-password`,
    /** A signed-in person's new password (the current one with it); every other session of theirs ends. */
    changePassword: `${accountsLibrary}/change-password`,
    /** The second factor (better-auth's two-factor plugin): set up, confirm or sign in with a code, turn off. */
    twoFactor: {
      enable: `${accountsLibrary}/two-factor/enable`,
      disable: `${accountsLibrary}/two-factor/disable`,
      verifyTotp: `${accountsLibrary}/two-factor/verify-totp`,
      verifyBackupCode: `${accountsLibrary}/two-factor/verify-backup-code`,
      generateBackupCodes: `${accountsLibrary}/two-factor/generate-backup-codes`,
    },
    /** The caller's sessions (DELETE: every one but this one), and one of them (DELETE: ends it). */
    sessions: '/api/account/sessions',
    accountSession: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
    /** Everything the portal holds about the caller, as JSON (`?format=zip`: with their files). */
    dataExport: '/api/account/export',
    /** The caller's account erased (docs/decisions/052). */
    erasure: '/api/account/delete',
    /** The versions of the Terms and the Privacy Policy the caller has accepted, and where they accept new ones. */
    consents: '/api/account/consents',
    profile: '/api/auth/profile',
    userStats: '/api/auth/users/stats',
    /** Replaces the caller's calendar feed token: the old feed URL answers 404 from then on. */
    calendarFeedReset: '/api/auth/calendar-feed/reset',
  },
  catalogue: {
    services: '/api/services',
    service: (id: number | string) => `/api/services/${id}`,
    adminServices: '/api/admin/services',
    adminService: (id: number | string) => `/api/admin/services/${id}`,
    /** A service's intake questions, which the booking wizard asks (the whole list, replaced). */
    adminServiceQuestions: (id: number | string) => `/api/admin/services/${id}/questions`,
    /** Who changed which service, newest first. */
    adminChanges: '/api/admin/services/changes',
  },
  consultants: {
    /** Public: the active consultants (`?serviceId=`: those who deliver it). */
    public: '/api/consultants',
    admin: '/api/admin/consultants',
    adminConsultant: (id: number | string) => `/api/admin/consultants/${id}`,
    timeOff: (id: number | string) => `/api/admin/consultants/${id}/time-off`,
    timeOffEntry: (id: number | string, timeOffId: number | string) =>
      `/api/admin/consultants/${id}/time-off/${timeOffId}`,
    /** The signed-in consultant's own bookings (`?from=&to=`). */
    ownBookings: '/api/consultant/bookings',
  },
  schedule: {
    /** Public: what the booking wizard needs to grey out days. */
    public: '/api/schedule',
    admin: '/api/admin/schedule',
    /** Who changed the schedule or the closed dates, newest first. */
    changes: '/api/admin/schedule/changes',
    /** Bookings kept closer together than the buffer (it was raised after they were made). */
    tooClose: '/api/admin/schedule/too-close',
    closures: '/api/admin/closures',
    closure: (id: number | string) => `/api/admin/closures/${id}`,
  },
  bookings: {
    availability: (serviceId: number | string) => `/api/services/${serviceId}/availability`,
    create: '/api/bookings',
    myBookings: '/api/bookings/my-bookings',
    booking: (id: number | string) => `/api/bookings/${id}`,
    reschedule: (id: number | string) => `/api/bookings/${id}/reschedule`,
    /** The booking's calendar file (.ics). */
    calendar: (id: number | string) => `/api/bookings/${id}/calendar.ics`,
    /** The booking's latest invoice, and the credit note that cancels it, as PDFs. */
    invoicePdf: (id: number | string) => `/api/bookings/${id}/invoice.pdf`,
    creditNotePdf: (id: number | string) => `/api/bookings/${id}/credit-note.pdf`,
    /** A day's slots the caller's booking could move to (its own time not counted as taken). */
    rescheduleAvailability: (id: number | string) => `/api/bookings/${id}/availability`,
    /** The caller's latest history entries across their bookings (the dashboard's Recent Activity). */
    activity: '/api/bookings/activity',
    /** The booking's documents: the list, and where one is attached (multipart). */
    files: (id: number | string) => `/api/bookings/${id}/files`,
    /** One document: its download, and where its uploader deletes it. */
    file: (id: number | string, fileId: number | string) => `/api/bookings/${id}/files/${fileId}`,
    /** The booking's conversation between its client and the firm: the thread, and where a message is written. */
    messages: (id: number | string) => `/api/bookings/${id}/messages`,
    /** The firm's summary of a completed consultation (administrators and the booking's consultant write it). */
    summary: (id: number | string) => `/api/bookings/${id}/summary`,
  },
  /** An account's calendar feed; the token is the feed's only credential (calendar apps have no session). */
  calendarFeed: (token: string) => `/api/calendar/${token}.ics`,
  reviews: {
    review: (bookingId: number | string) => `/api/bookings/${bookingId}/review`,
    serviceReviews: (serviceId: number | string) => `/api/services/${serviceId}/reviews`,
    adminReviews: '/api/admin/reviews',
    adminReview: (id: number | string) => `/api/admin/reviews/${id}`,
  },
  /** What the legal pages say, from the portal's settings: the firm, processors, retention, versions. */
  legal: '/api/legal',
  /** A proof-of-work challenge for the forms that require one (sign-up, the contact form). */
  challenge: '/api/challenge',
  contact: {
    send: '/api/contact',
    adminMessages: '/api/admin/messages',
    adminMessage: (id: number | string) => `/api/admin/messages/${id}`,
  },
  admin: {
    stats: '/api/bookings/admin/stats',
    all: '/api/bookings/admin/all',
    upcoming: '/api/bookings/admin/upcoming',
    export: '/api/bookings/admin/export',
    status: (id: number | string) => `/api/bookings/admin/${id}/status`,
    /** Cancels every pending booking of one client or one client address (the All Bookings bulk action). */
    cancelPending: '/api/admin/bookings/cancel-pending',
    /** The firm moves a booking to another consultant. */
    consultant: (id: number | string) => `/api/admin/bookings/${id}/consultant`,
    /** Where the firm meets the client instead of the booking's video room (null brings the room back). */
    location: (id: number | string) => `/api/admin/bookings/${id}/location`,
    /** E-mails given up on (dead), for the dashboard's warning. */
    undeliveredMail: '/api/admin/undelivered-mail',
    /** Invoices and credit notes, and the bank payments recorded against an invoice. */
    invoices: '/api/admin/invoices',
    invoicesExport: '/api/admin/invoices/export',
    invoicePayments: (id: number | string) => `/api/admin/invoices/${id}/payments`,
    /** What waits for the firm: pending bookings and unanswered messages, for the admin navigation. */
    counts: '/api/admin/counts',
    /** The firm's settings: its billing details, which invoices copy. */
    settings: '/api/admin/settings',
    /** An administrator erases a client's account, as the client can themselves. */
    clientErasure: (userId: string) => `/api/admin/clients/${encodeURIComponent(userId)}/delete`,
    /** Every export and erasure of an account's data, newest first. */
    dataRequests: '/api/admin/data-requests',
  },
  /** Where Stripe posts its signed events (PAYMENTS=stripe only). */
  stripeWebhook: '/api/payments/stripe/webhook',
  /** The local channel `npm run set-role` uses to reach a running server (embedded database only). */
  operatorSetRole: '/api/operator/set-role',
} as const;

/** Whether a request path belongs to the accounts library itself, whose 401s mean "wrong credentials". */
export function isAccountsLibraryPath(path: string): boolean {
  return path.startsWith(`${accountsLibrary}/`);
}
