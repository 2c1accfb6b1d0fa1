// How long the portal keeps what it holds about people: the Privacy Policy states these, and housekeeping applies
// them (docs/product.md#housekeeping), so the two cannot drift apart.

const hour = 3_600_000;
const day = 24 * hour;

/** Each retention period, in days or hours as the Privacy Policy words it. */
export const retention = {
  /** An account whose address was never verified is deleted this long after it was made. */
  unverifiedAccountDays: 7,
  /** A session lasts this long from its last refresh… */
  sessionDays: 7,
  /** …and never longer than this after its sign-in. */
  sessionMaxDays: 30,
  /** Sent e-mail is kept this long (the dev mailbox and support read it), then deleted. */
  sentMailDays: 30,
  /** E-mail that could not be delivered (shown to administrators) is deleted this long after it was written. */
  undeliveredMailDays: 30,
  /** Messages sent with the contact form are deleted this long after they arrived. */
  contactMessageDays: 365,
  /** Counters of requests per network address and of failed sign-ins are deleted after this many hours. */
  counterHours: 24,
} as const;

/** A retention period in milliseconds, for the code that applies it. */
export const retentionMs = {
  unverifiedAccount: retention.unverifiedAccountDays * day,
  session: retention.sessionDays * day,
  sessionMax: retention.sessionMaxDays * day,
  sentMail: retention.sentMailDays * day,
  undeliveredMail: retention.undeliveredMailDays * day,
  contactMessage: retention.contactMessageDays * day,
  counter: retention.counterHours * hour,
} as const;
