// A service, a booking and a profile as the API returns them, for browser tests (booking wizard, My Bookings,
// admin, accounts, contact).
import {
  type AdminBooking,
  apiPaths,
  type Booking,
  defaultBusinessTimeZone,
  defaultClientChangeNoticeHours,
  defaultMaxUploadMegabytes,
  defaultPendingExpiryHours,
  defaultScheduleWithClosures,
  type ProfileUser,
  type PublicSchedule,
  type ScheduleWithClosures,
  type Service,
} from '@portal/domain';

/** Web Development, $150 an hour for 90 minutes, with empty detail lists. */
export function serviceFixture(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    name: 'Web Development',
    category: 'web-development',
    hourly_rate: 150,
    duration: 90,
    description: 'Modern web applications.',
    icon: 'code',
    longDescription: 'Long text',
    features: [],
    benefits: [],
    process: [],
    technologies: [],
    deliverables: [],
    active: true,
    rating: null,
    questions: [],
    ...overrides,
  };
}

/** Web Development, Mon 7 Jan 2030 09:00–10:30 MST, pending; the confirmation code follows the id. */
export function bookingFixture(overrides: Partial<Booking> = {}): Booking {
  const id = overrides.id ?? 1;
  return {
    id,
    service_id: 1,
    consultant: { id: 1, name: 'Maya Thompson' },
    status: 'pending',
    project_description: 'A customer portal with online booking.',
    created_at: '2030-01-02T17:00:00.000Z',
    updated_at: '2030-01-02T17:00:00.000Z',
    booking_date: '2030-01-07',
    services: { name: 'Web Development', duration: 90, hourly_rate: 150 },
    time_slots: [{ start_time: '09:00', end_time: '10:30', availability: { date: '2030-01-07' } }],
    user_profiles: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com' },
    starts_at: '2030-01-07T16:00:00.000Z',
    ends_at: '2030-01-07T17:30:00.000Z',
    time_zone: defaultBusinessTimeZone,
    urgency: 'high',
    preferred_contact: 'video',
    additional_notes: null,
    total_cost: 225,
    confirmation_code: `OT-2030-${String(id).padStart(3, '0')}`,
    review: null,
    invoice: null,
    payment: { method: 'invoice', status: 'not_invoiced', amount_cents: 22_500, currency: 'usd' },
    brief: [],
    meeting_url: null,
    location: null,
    summary: null,
    ...overrides,
  };
}

/** A booking as the admin list answers it: whose it is (user 'u1'), and where a pending one was made from. */
export function adminBookingFixture(overrides: Partial<AdminBooking> = {}): AdminBooking {
  const booking = bookingFixture(overrides);
  return {
    ...booking,
    user_id: 'u1',
    client_address: booking.status === 'pending' ? '203.0.113.7' : null,
    ...overrides,
  };
}

/** Jane Doe's complete profile (a client unless told otherwise), as GET /api/auth/profile answers `user`. */
export function profileFixture(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 'u1',
    email: 'jane@example.com',
    role: 'client',
    first_name: 'Jane',
    last_name: 'Doe',
    phone: null,
    company: null,
    billing_address: null,
    tax_id: null,
    created_at: '2026-01-15T10:00:00.000Z',
    updated_at: '2026-01-15T10:00:00.000Z',
    firstName: 'Jane',
    lastName: 'Doe',
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    email_verified: true,
    calendar_feed_url: 'http://localhost:3000/api/calendar/feed-token.ics',
    ...overrides,
  };
}

/** GET /api/schedule answered with the firm's original schedule (or the one given), as the server gives it. */
export function scheduleAnswer(
  call: { method: string; path: string },
  scheduleWithClosures: ScheduleWithClosures = defaultScheduleWithClosures,
): { status: number; body: PublicSchedule } | undefined {
  if (call.method !== 'GET' || call.path !== apiPaths.schedule.public) return undefined;
  return {
    status: 200,
    body: {
      ...scheduleWithClosures,
      closures: [...scheduleWithClosures.closures],
      timeZone: defaultBusinessTimeZone,
      client_change_notice_hours: defaultClientChangeNoticeHours,
      ...defaultTermsSettings,
      max_upload_mb: defaultMaxUploadMegabytes,
    },
  };
}

/** The pending expiry and payment rules of a default configuration, as GET /api/schedule states them. */
export const defaultTermsSettings: Pick<PublicSchedule, 'pending_expiry_hours' | 'payments'> = {
  pending_expiry_hours: defaultPendingExpiryHours,
  payments: {
    mode: 'invoice',
    currency: 'usd',
    tax_rate_percent: 0,
    invoice_due_days: 14,
    checkout_expiry_minutes: null,
  },
};

/**
 * A challenge as GET /api/challenge answers it, made once with altcha-lib (PBKDF2, 10 rounds, answer 7) under a key
 * of its own, without the expiry the server's carry (a fixed one would lapse): the widget solves it for real, and
 * no server would take its solution.
 */
export const challengeFixture = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    keyLength: 32,
    keyPrefix: '3c87a7d875dbc33cf10e8aa35157b430',
    keySignature: '4d90d298f437fb19e208804ee234db1521ad535f80988cf81a709d013d1d5e79',
    nonce: 'e8fd1d708070653b87e606f12450557e',
    salt: 'ad3495c30fc654a751ef61f90b219928',
  },
  signature: '06f4323575852ec4f4740770c8865368655ba968e29157df27fea5bcf38de874',
} as const;

/** GET /api/challenge answered with the fixture. */
export function challengeAnswer(call: { method: string; path: string }) {
  if (call.method !== 'GET' || call.path !== apiPaths.challenge) return undefined;
  return { status: 200, body: challengeFixture };
}
