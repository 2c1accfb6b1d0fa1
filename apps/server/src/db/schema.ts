import {
  adminChangeActions,
  adminChangeSubjects,
  bookingEventActors,
  bookingEventTypes,
  bookingStatuses,
  cardPaymentStatuses,
  contactOptions,
  dataRequestActors,
  dataRequestKinds,
  type FirmBilling,
  type IntakeQuestion,
  type InvoiceBuyer,
  type InvoiceLine,
  invoiceKinds,
  legalDocuments,
  type Schedule,
  type StoredBriefEntry,
  urgencyOptions,
  type WeeklyHours,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const emptyTextArray = sql`'{}'::text[]`;
const emptyJsonArray = sql`'[]'::jsonb`;

/** Raw bytes (a file's content): node-postgres and PGlite both read bytea as a Buffer / Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A moment in time (timestamptz): every time is stored as a UTC instant. */
const instant = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** When a row was made and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** The account a row belongs to; it goes when the account goes. */
const ownerId = () => text('user_id').references(() => users.id, { onDelete: 'cascade' });

/**
 * The service catalogue: seeded once, then the firm's to change from /admin. A retired service (`active` false)
 * leaves the public list and cannot be booked; its bookings keep their price snapshot. Served from a cache that
 * `cache_versions` invalidates in every process.
 */
export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Whole US dollars per hour. */
    hourlyRate: integer('hourly_rate').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    description: text('description').notNull(),
    longDescription: text('long_description').notNull().default(''),
    features: text('features').array().notNull().default(emptyTextArray),
    benefits: text('benefits').array().notNull().default(emptyTextArray),
    process: text('process').array().notNull().default(emptyTextArray),
    technologies: text('technologies').array().notNull().default(emptyTextArray),
    deliverables: text('deliverables').array().notNull().default(emptyTextArray),
    /** The intake questions asked when it is booked (docs/product.md#intake-questions). */
    questions: jsonb('questions').$type<IntakeQuestion[]>().notNull().default(emptyJsonArray),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    check('services_hourly_rate_not_negative', sql`${table.hourlyRate} >= 0`),
    check('services_duration_positive', sql`${table.durationMinutes} > 0`),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;

// ——— Accounts (better-auth's tables; the property names are the field names better-auth uses) ———

/** Accounts. `role` (admin plugin): 'client' by default, 'admin', or 'consultant' (docs/decisions/048). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('client'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: instant('ban_expires'),
    /** A second factor (an authenticator app) is set up and confirmed: better-auth's two-factor plugin. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the account was erased (docs/decisions/052): its name, address and everything the person wrote are gone;
     * the row stays, as 'Deleted client', so that the firm's bookings and invoices keep their client.
     */
    erasedAt: instant('erased_at'),
    ...timestamps(),
  },
  (table) => [
    check('users_role_known', sql`${table.role} in ('client', 'admin', 'consultant')`),
    // The administrators' new-user count reads a range of created_at.
    index('users_created_idx').on(table.createdAt),
  ],
);

/** A better-auth table whose rows belong to an account: an id, the owner, its own columns, and an index by owner. */
function ownedByAccount<Columns extends Record<string, PgColumnBuilderBase>>(name: string, columns: Columns) {
  return pgTable(
    name,
    { id: text('id').primaryKey(), userId: ownerId().notNull(), ...columns, ...timestamps() },
    (table) => [index(`${name}_user_id_idx`).on(table.userId)],
  );
}

const sessionColumns = {
  token: text('token').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  impersonatedBy: text('impersonated_by'),
  /** When a request last came with it (moved on at most every few minutes): the Profile's "last seen". */
  lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
};

export const sessions = pgTable(
  'sessions',
  { id: text('id').primaryKey(), userId: ownerId().notNull(), ...sessionColumns, ...timestamps() },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    // Housekeeping deletes expired sessions.
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** Credentials: the password hash lives here (provider 'credential'). */
export const accounts = ownedByAccount('accounts', {
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: instant('access_token_expires_at'),
  refreshTokenExpiresAt: instant('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
});

/**
 * An account's second factor (better-auth's two-factor plugin): the authenticator app's secret and the one-time
 * recovery codes, both encrypted with the server's secret; `verified` once the first code from the app was right.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: ownerId().notNull(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: instant('locked_until'),
  },
  (table) => [uniqueIndex('two_factors_user_id_idx').on(table.userId)],
);

/** Which version of the Terms and of the Privacy Policy each account accepted, and when. */
export const consents = pgTable(
  'consents',
  {
    userId: ownerId().notNull(),
    document: text('document', { enum: legalDocuments }).notNull(),
    version: text('version').notNull(),
    acceptedAt: instant('accepted_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.document, table.version] }),
    check('consents_document_known', sql`${table.document} in ('terms', 'privacy')`),
  ],
);

/**
 * Every export and erasure of an account's data: whose (the account, which stays as an erased row), who asked (the
 * person themselves or an administrator) and when. Holds no personal data itself.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: dataRequestKinds }).notNull(),
    subjectUserId: text('subject_user_id')
      .notNull()
      .references(() => users.id),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The subject themselves, or an administrator. */
    actor: text('actor', { enum: dataRequestActors }).notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [
    index('data_requests_subject_idx').on(table.subjectUserId, table.at),
    index('data_requests_at_idx').on(table.at.desc(), table.id.desc()),
    check('data_requests_kind_known', sql`${table.kind} in ('export', 'erasure')`),
    check('data_requests_actor_known', sql`${table.actor} in ('self', 'admin')`),
  ],
);

/** Single-use tokens: e-mail verification and password reset. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('verifications_identifier_idx').on(table.identifier),
    index('verifications_expires_at_idx').on(table.expiresAt),
  ],
);

/** better-auth's per-IP rate-limit counters (storage 'database'), shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    count: integer('count').notNull(),
    /** Milliseconds since the epoch (better-auth's choice). */
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (table) => [index('rate_limits_last_request_idx').on(table.lastRequest)],
);

/** Failed sign-ins per account (normalized e-mail, known or not) in the current window. */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: instant('window_started_at').notNull(),
});

/**
 * State-changing API requests per signed-in user in the current fixed one-minute window (the write rate limit),
 * counted by one upsert per request so every server process shares the count.
 */
export const writeRateLimits = pgTable('write_rate_limits', {
  userId: ownerId().primaryKey(),
  windowStartedAt: instant('window_started_at').notNull(),
  count: integer('count').notNull(),
});

/** The client's profile; absent until the user completes it. */
export const userProfiles = pgTable('user_profiles', {
  userId: ownerId().primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  company: text('company'),
  /** What the client's invoices are addressed to (several lines), and their tax id: copied onto each at issue. */
  billingAddress: text('billing_address'),
  taxId: text('tax_id'),
  ...timestamps(),
});

/**
 * Each account's calendar feed (docs/decisions/023): the token in its private subscription URL, kept so the profile
 * can show the URL again, and its SHA-256, by which a feed request finds it (every token asked for, real or not,
 * takes the same path: hash, one index lookup). A reset replaces both; the row is made on the first profile read.
 */
/**
 * Each account's calendar feed (docs/decisions/040): the token is derived from the server's secret and the
 * generation, so only its hash is kept; a reset counts the generation up and forgets the hash.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: ownerId().primaryKey(),
  /** The token in clear, from before tokens were derived: always null now; to be dropped in a later release. */
  token: text('token'),
  generation: integer('generation').notNull().default(0),
  /** SHA-256 of the current generation's token; null from a reset until the owner's next read of the URL. */
  tokenHash: text('token_hash').unique(),
  ...timestamps(),
});

// ——— Mail ———

/** `dead`: given up after MAIL_MAX_ATTEMPTS failed attempts; shown to administrators, never retried. */
export const outboxStatuses = ['pending', 'sending', 'sent', 'dead'] as const;

/** A calendar part of an e-mail: an iCalendar object and its METHOD (an invitation or its cancellation). */
export interface OutboxCalendarEvent {
  method: 'REQUEST' | 'CANCEL';
  /** The whole VCALENDAR text. */
  content: string;
}

/**
 * Every e-mail, written by requests and delivered by the mail worker (retries with backoff, never dropped).
 * Without SMTP the rows themselves are the dev mailbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Where answers go instead of the sender (the firm's copy of a contact-form message: the person who wrote). */
    replyTo: text('reply_to'),
    /** Optional calendar invitation or cancellation (sent as a text/calendar part and as invite.ics). */
    icalEvent: jsonb('ical_event').$type<OutboxCalendarEvent>(),
    /**
     * The e-mail carries a one-time link (reset, verification): once an SMTP server has taken it, its text and
     * HTML are replaced by a note, so that the outbox keeps no usable token (docs/decisions/040).
     */
    oneTimeLink: boolean('one_time_link').notNull().default(false),
    /** An invoice or credit note attached as its PDF, drawn when the letter is sent (docs/decisions/049). */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The current claim (a fencing token): only the worker holding it may record the outcome. */
    claimId: uuid('claim_id'),
    /**
     * Messages with the same key and recipient are one letter while unsent: later news rewrites it instead of
     * adding another (the firm's notices about one booking, docs/decisions/042).
     */
    coalesceKey: text('coalesce_key'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('outbox_coalesce_idx')
      .on(table.coalesceKey, table.to, table.createdAt)
      .where(sql`${table.coalesceKey} is not null`),
    index('outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index('outbox_to_idx').on(table.to, table.createdAt),
    // Housekeeping deletes sent mail by age; the admin dashboard lists the dead letters.
    index('outbox_sent_idx').on(table.sentAt).where(sql`${table.status} = 'sent'`),
    index('outbox_dead_idx').on(table.createdAt).where(sql`${table.status} = 'dead'`),
    check('outbox_status_known', sql`${table.status} in ('pending', 'sending', 'sent', 'dead')`),
  ],
);

// ——— The contact form ———

/**
 * Messages sent with the contact form (docs/product.md#contact-form), newest first in /admin/messages. The sender's address
 * on the network is not kept with them (docs/decisions/029): the rate limits count it for an hour at most.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    serviceId: integer('service_id').references(() => services.id),
    /** When an administrator marked it answered; null while it waits for an answer. */
    answeredAt: instant('answered_at'),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_newest_idx').on(table.createdAt, table.id)],
);

// ——— Bookings ———

/**
 * Consultations booked by clients, each with one consultant, with the price snapshot taken when booked. Two active
 * (pending or confirmed) bookings of one consultant never overlap, buffer included, whatever their services: the
 * exclusion constraint `bookings_no_overlap` (migrations 0003, 0009 and 0020, btree_gist) enforces it in the
 * database (docs/decisions/046).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** Who delivers it; kept when the consultant retires (docs/decisions/046). */
    consultantId: integer('consultant_id')
      .notNull()
      .references(() => consultants.id),
    status: text('status', { enum: bookingStatuses }).notNull().default('pending'),
    projectDescription: text('project_description').notNull(),
    urgency: text('urgency', { enum: urgencyOptions }).notNull(),
    preferredContact: text('preferred_contact', { enum: contactOptions }).notNull(),
    additionalNotes: text('additional_notes'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /**
     * The end plus the buffer the schedule kept after it when booked: `bookings_no_overlap` compares these ranges,
     * so no two active bookings of a consultant come closer than the buffer (migrations 0009, 0020).
     */
    blockedUntil: instant('blocked_until').notNull(),
    /** Price snapshot: whole dollars per hour, minutes and whole dollars, as they were when booked. */
    hourlyRate: integer('hourly_rate').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    totalCost: integer('total_cost').notNull(),
    /** The same snapshot in cents, rounded once (amountCents): what the invoice bills (docs/decisions/049). */
    amountCents: integer('amount_cents').notNull(),
    /** CURRENCY when booked, ISO 4217 lower case. */
    currency: text('currency').notNull(),
    /** The client's Idempotency-Key, and a hash of the normalized request it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /**
     * The client address it was booked from, as the pending limit per address counts it (clientAddressKey: IPv4
     * as is, IPv6 by /64). Personal data: kept only while the booking is pending and ahead; housekeeping clears
     * it after (docs/product.md#housekeeping).
     */
    clientAddress: text('client_address'),
    /** The service's intake questions as they were asked, with the client's answers. */
    brief: jsonb('brief').$type<StoredBriefEntry[]>().notNull().default(emptyJsonArray),
    /**
     * Its own video room, made when booked from MEETING_URL_TEMPLATE and a random token: kept as the full URL, so
     * a reschedule, or a later change of the template, never moves a meeting the client was already sent.
     */
    meetingUrl: text('meeting_url').notNull(),
    /** Where the firm meets the client instead of the room (an office address, a phone number), when set. */
    location: text('location'),
    /** The firm's summary of a completed consultation, and when the client was told it is ready. */
    summary: text('summary'),
    summaryNotifiedAt: instant('summary_notified_at'),
    ...timestamps(),
  },
  (table) => [
    // The pending limit per client address and the admin filter by address; housekeeping finds the addresses
    // to clear. Small: only bookings still pending keep one for long.
    index('bookings_client_address_idx')
      .on(table.clientAddress, table.startsAt)
      .where(sql`${table.clientAddress} is not null`),
    index('bookings_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The administrators' list (newest first, keyset on created_at, id; by status or service), statistics (a
    // range of created_at: the trailing columns make them index-only scans) and upcoming schedule (active
    // bookings by start time).
    index('bookings_created_idx').on(
      table.createdAt,
      table.id,
      table.serviceId,
      table.status,
      table.totalCost,
      table.userId,
    ),
    index('bookings_service_created_idx').on(table.serviceId, table.createdAt, table.id),
    // The dashboard's utilisation: each consultant's booked minutes of the consultations starting in a range, of
    // every status (an index-only scan of the range, where the partial upcoming index holds only active ones).
    index('bookings_starts_idx').on(table.startsAt, table.consultantId, table.durationMinutes, table.status),
    index('bookings_status_created_idx').on(table.status, table.createdAt, table.id),
    index('bookings_upcoming_idx')
      .on(table.startsAt, table.id)
      .where(sql`${table.status} in ('pending', 'confirmed')`),
    uniqueIndex('bookings_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    check(
      'bookings_status_known',
      sql`${table.status} in ('pending', 'confirmed', 'completed', 'cancelled')`,
    ),
    check('bookings_urgency_known', sql`${table.urgency} in ('low', 'normal', 'high', 'urgent')`),
    check('bookings_contact_known', sql`${table.preferredContact} in ('email', 'phone', 'video')`),
    check('bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
    check('bookings_blocked_through_end', sql`${table.blockedUntil} >= ${table.endsAt}`),
    check(
      'bookings_price_not_negative',
      sql`${table.hourlyRate} >= 0 and ${table.totalCost} >= 0 and ${table.amountCents} >= 0`,
    ),
    check('bookings_duration_positive', sql`${table.durationMinutes} > 0`),
  ],
);

/** Every status change of a booking: who, from what (null when created), to what, and when. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who made the change: the booking's client, an administrator, or the system (no user). */
    actor: text('actor', { enum: bookingEventActors }).notNull(),
    /** What happened: created, status_changed, rescheduled, reviewed (a reschedule keeps the status). */
    type: text('type', { enum: bookingEventTypes }).notNull(),
    fromStatus: text('from_status', { enum: bookingStatuses }),
    toStatus: text('to_status', { enum: bookingStatuses }).notNull(),
    /** A reschedule's old and new start. */
    fromStartsAt: instant('from_starts_at'),
    toStartsAt: instant('to_starts_at'),
    /** A reassignment's consultants, by their names then (the history reads as it happened). */
    fromConsultantName: text('from_consultant_name'),
    toConsultantName: text('to_consultant_name'),
    /** A client's reschedule sent with an Idempotency-Key: a retry with the key finds this event. */
    idempotencyKey: text('idempotency_key'),
    at: instant('at').notNull().defaultNow(),
  },
  (table) => [
    index('booking_events_booking_idx').on(table.bookingId, table.at),
    uniqueIndex('booking_events_idempotency_key_idx')
      .on(table.bookingId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    check('booking_events_actor_known', sql`${table.actor} in ('client', 'admin', 'system')`),
    check(
      'booking_events_type_known',
      sql`${table.type} in ('created', 'status_changed', 'rescheduled', 'reassigned', 'reviewed', 'location_changed')`,
    ),
    check(
      'booking_events_reassigned_has_consultants',
      sql`${table.type} <> 'reassigned' or (${table.fromConsultantName} is not null and ${table.toConsultantName} is not null)`,
    ),
    check(
      'booking_events_rescheduled_has_starts',
      sql`${table.type} <> 'rescheduled' or (${table.fromStartsAt} is not null and ${table.toStartsAt} is not null)`,
    ),
    check(
      'booking_events_system_has_no_user',
      sql`${table.actor} <> 'system' or ${table.actorUserId} is null`,
    ),
  ],
);

// ——— Around a booking: its documents and its conversation ———

/**
 * Documents attached to a booking by its client or the firm, stored in the database with the booking so that every
 * server process serves them and a backup holds them. The type is the one recognised from the content.
 */
export const bookingFiles = pgTable(
  'booking_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Who attached it; only they may delete it. Null once their account is gone: the file stays with the booking. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytes('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('booking_files_booking_idx').on(table.bookingId, table.id),
    check('booking_files_size_matches', sql`${table.size} = octet_length(${table.content})`),
  ],
);

/** The conversation of a booking between its client and the firm, oldest first by id. */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone: the message stays in the booking's conversation. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's side when written: the booking's client, or the firm (an administrator or its consultant). */
    side: text('side', { enum: ['client', 'firm'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('booking_messages_booking_idx').on(table.bookingId, table.id),
    check('booking_messages_side_known', sql`${table.side} in ('client', 'firm')`),
  ],
);

/** How far each account has read a booking's conversation: the unread counts start after this message. */
export const bookingMessageReads = pgTable(
  'booking_message_reads',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: ownerId().notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.bookingId, table.userId] })],
);

// ——— Reviews ———

/**
 * A client's review of a completed consultation: one per booking. Hidden reviews (by an administrator) stay for
 * the firm but never reach the public list or the figures (docs/decisions/017).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    hidden: boolean('hidden').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    // A service's public page (newest first) and its figures read only the shown reviews.
    index('reviews_service_shown_idx')
      .on(table.serviceId, table.createdAt.desc(), table.id.desc())
      .where(sql`not ${table.hidden}`),
    // The administrators' list, newest first.
    index('reviews_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

// ——— Reminders ———

/**
 * The reminders given to the outbox (docs/decisions/021): one row per booking, start and reminder hours, written
 * in the transaction that enqueues the e-mail, so a reminder is recorded exactly when its e-mail is. Keyed by the
 * start, so a reschedule re-arms the reminders by itself. Reminders covered by another sent at the same time (a
 * late confirmation) share its e-mail. `outbox_id` lets a cancellation withdraw an e-mail not yet sent; it is
 * null once housekeeping has deleted the sent e-mail.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    hours: integer('hours').notNull(),
    outboxId: uuid('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.startsAt, table.hours] }),
    // Deleting sent mail (housekeeping) and withdrawing a reminder find the rows by their e-mail.
    index('booking_reminders_outbox_idx').on(table.outboxId),
  ],
);

// ——— Housekeeping ———

/**
 * Periodic jobs shared by every server process: a process runs a job only after moving its `next_run_at` on in
 * one UPDATE, so each period's run happens once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: instant('next_run_at').notNull().defaultNow(),
  lastStartedAt: instant('last_started_at'),
  lastFinishedAt: instant('last_finished_at'),
  /** What the last run did (counts per table), or its error. */
  lastOutcome: jsonb('last_outcome'),
});

// ——— The firm's schedule and who changed what ———

/** The firm's weekly hours, slot step, buffer, notice and horizon: one row; none means the defaults. */
export const firmSchedule = pgTable(
  'firm_schedule',
  {
    id: integer('id').primaryKey().default(1),
    schedule: jsonb('schedule').$type<Schedule>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('firm_schedule_one_row', sql`${table.id} = 1`)],
);

/** Dates the firm is closed (both ends included), with the reason. */
export const closures = pgTable(
  'closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('closures_end_date_idx').on(table.endDate),
    check('closures_dates_in_order', sql`${table.startDate} <= ${table.endDate}`),
  ],
);

/** Every change an administrator makes to a service, the schedule, a closure, a consultant or their time off: who, when, before and after. */
export const adminChanges = pgTable(
  'admin_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator's address when they made the change (kept if the account goes). */
    actorEmail: text('actor_email').notNull(),
    subject: text('subject', { enum: adminChangeSubjects }).notNull(),
    /** The service's, closure's, consultant's or time off's id; null for the schedule. */
    subjectId: integer('subject_id'),
    action: text('action', { enum: adminChangeActions }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('admin_changes_subject_idx').on(table.subject, table.at.desc(), table.id.desc()),
    check(
      'admin_changes_subject_known',
      sql`${table.subject} in ('service', 'schedule', 'closure', 'consultant', 'time_off', 'firm_billing')`,
    ),
    check('admin_changes_action_known', sql`${table.action} in ('created', 'updated', 'deleted')`),
  ],
);

// ——— The firm's consultants (docs/decisions/045) ———

/**
 * The people who deliver the services. `weekly_hours` null means the firm's hours, whatever they become; a
 * consultant retired (`active` false) keeps their row. `user_id` is the account they log in with, if any.
 */
export const consultants = pgTable(
  'consultants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    title: text('title').notNull().default(''),
    bio: text('bio').notNull().default(''),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>(),
    active: boolean('active').notNull().default(true),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('consultants_email_lower_idx').on(sql`lower(${table.email})`)],
);

/**
 * Which services a consultant delivers. The portal retires services and never deletes one; a row removed by hand
 * takes its links with it rather than being blocked by them (bookings keep their own reference).
 */
export const consultantServices = pgTable(
  'consultant_services',
  {
    consultantId: integer('consultant_id')
      .notNull()
      .references(() => consultants.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.consultantId, table.serviceId] }),
    index('consultant_services_service_idx').on(table.serviceId),
  ],
);

/** A consultant's days away (both ends included), with the reason. */
export const consultantTimeOff = pgTable(
  'consultant_time_off',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    consultantId: integer('consultant_id')
      .notNull()
      .references(() => consultants.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('consultant_time_off_consultant_idx').on(table.consultantId, table.endDate),
    check('consultant_time_off_dates_in_order', sql`${table.startDate} <= ${table.endDate}`),
  ],
);

export type ConsultantRow = typeof consultants.$inferSelect;

/**
 * A version per cached thing ('catalogue', 'schedule'), raised in the transaction that changes it: every server
 * process compares its cache's version with this row before serving (docs/decisions/010).
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// ——— Invoices, credit notes and payments (docs/decisions/049) ———

/** The firm's billing details printed on every invoice: one row; none means the defaults. */
export const firmBilling = pgTable(
  'firm_billing',
  {
    id: integer('id').primaryKey().default(1),
    billing: jsonb('billing').$type<FirmBilling>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('firm_billing_one_row', sql`${table.id} = 1`)],
);

/**
 * Invoices and credit notes. A row never changes once written (a trigger refuses UPDATE and DELETE): payments, the
 * credit note and reminders are rows beside it, and its status is read from them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    /** INV-{year}-{0001} / CN-{year}-{0001}: `year` and `sequence` from invoice_counters. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** A credit note's invoice. */
    creditsInvoiceId: integer('credits_invoice_id').references((): AnyPgColumn => invoices.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** Null on a credit note. */
    dueOn: date('due_on', { mode: 'string' }),
    currency: text('currency').notNull(),
    seller: jsonb('seller').$type<FirmBilling>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    line: jsonb('line').$type<InvoiceLine>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** Thousandths of a percent (8875: 8.875%). */
    taxRate: integer('tax_rate').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The payment reference: the booking's confirmation code. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    uniqueIndex('invoices_kind_year_sequence_idx').on(table.kind, table.year, table.sequence),
    uniqueIndex('invoices_credits_invoice_idx')
      .on(table.creditsInvoiceId)
      .where(sql`${table.creditsInvoiceId} is not null`),
    index('invoices_booking_idx').on(table.bookingId, table.id),
    index('invoices_issued_idx').on(table.issuedOn, table.id),
    check('invoices_kind_known', sql`${table.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_credit_note_shape',
      sql`(${table.kind} = 'invoice' and ${table.creditsInvoiceId} is null and ${table.dueOn} is not null and ${table.totalCents} >= 0)
        or (${table.kind} = 'credit_note' and ${table.creditsInvoiceId} is not null and ${table.dueOn} is null and ${table.totalCents} <= 0)`,
    ),
    check('invoices_total_adds_up', sql`${table.totalCents} = ${table.subtotalCents} + ${table.taxCents}`),
    check('invoices_sequence_positive', sql`${table.sequence} > 0`),
  ],
);

/** The last number handed out per kind and year: incremented in the issuing transaction (no gaps). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.year] })],
);

/** Money received against an invoice: bank transfers recorded by an administrator. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId),
    check('invoice_payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/** The one reminder of an overdue invoice: its key makes it once, whichever process sends it. */
export const invoiceReminders = pgTable('invoice_reminders', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  sentAt: instant('sent_at').notNull().defaultNow(),
});

// ——— Card payments with Stripe (docs/decisions/050) ———

/**
 * A booking paid by card: its Checkout Session, then the PaymentIntent the card was authorised on. A booking made
 * while PAYMENTS=stripe has one; its status moves only forward (awaiting → authorized → paid → refunded, or to
 * voided / expired).
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    status: text('status', { enum: cardPaymentStatuses }).notNull().default('awaiting'),
    checkoutSessionId: text('checkout_session_id').notNull(),
    checkoutUrl: text('checkout_url').notNull(),
    checkoutExpiresAt: instant('checkout_expires_at').notNull(),
    paymentIntentId: text('payment_intent_id'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('card_payments_checkout_session_idx').on(table.checkoutSessionId),
    uniqueIndex('card_payments_payment_intent_idx')
      .on(table.paymentIntentId)
      .where(sql`${table.paymentIntentId} is not null`),
    index('card_payments_awaiting_idx').on(table.checkoutExpiresAt).where(sql`${table.status} = 'awaiting'`),
    check(
      'card_payments_status_known',
      sql`${table.status} in ('awaiting', 'authorized', 'paid', 'voided', 'refunded', 'expired')`,
    ),
  ],
);

/** Every Stripe event handled, by its id: a replayed event finds its row and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingEventRow = typeof bookingEvents.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
