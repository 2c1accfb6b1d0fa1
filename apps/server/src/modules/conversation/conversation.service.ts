// The conversation about a booking between its client and the firm (docs/product.md#the-bookings-conversation):
// reading the thread (which marks it read for the caller) and writing a message, which tells the other side by one
// letter per burst (docs/decisions/042). Who may: the booking's owner, administrators, the booking's consultant.
import {
  bookingMessages as bookingTexts,
  type ConversationMessage,
  type ConversationResponse,
  type ConversationSide,
  conversationTexts,
  maxConversationMessagesQuoted,
  maxConversationMessagesShown,
  type PostConversationMessageRequest,
  type Role,
} from '@portal/domain';
import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Database, type Transaction, transactionRetryingDeadlocks } from '../../db/client.ts';
import {
  bookingMessageReads,
  bookingMessages,
  bookings,
  consultants,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { lockLiveAccount } from '../../lib/accounts/live-account.ts';
import { NotFound } from '../../lib/errors.ts';
import {
  type ConversationBurst,
  conversationClientEmail,
  conversationFirmEmail,
} from '../../lib/mail/conversation-emails.ts';
import { firmNoticeRecipients } from '../../lib/mail/firm-recipients.ts';
import {
  type GatheredRecipient,
  type GatheringTimes,
  gatherLetters,
  lockGathering,
} from '../../lib/mail/gathered-letters.ts';
import { type Reader, readableBy, selectBookings, toBooking } from '../bookings/booking-read-model.ts';

/** What the conversation follows, given once to its routes. */
export interface ConversationSettings extends GatheringTimes {
  /** BUSINESS_TIMEZONE: the letters' times. */
  timeZone: string;
  /** APP_URL: the letters' links. */
  appUrl: string;
  /** FIRM_EMAIL; empty: every administrator hears of the client's messages. */
  firmEmails: readonly string[];
}

/** Who asks: the signed-in caller. */
export interface ConversationCaller {
  id: string;
  role: Role;
}

/** The messages with what names their authors: the account, a client's profile, a consultant's record. */
function selectMessages(db: Reader) {
  return db
    .select({
      id: bookingMessages.id,
      body: bookingMessages.body,
      side: bookingMessages.side,
      createdAt: bookingMessages.createdAt,
      authorId: bookingMessages.authorId,
      accountName: users.name,
      accountRole: users.role,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      consultantName: consultants.name,
    })
    .from(bookingMessages)
    .leftJoin(users, eq(users.id, bookingMessages.authorId))
    .leftJoin(userProfiles, eq(userProfiles.userId, bookingMessages.authorId))
    .leftJoin(consultants, eq(consultants.userId, bookingMessages.authorId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['where']>>[number];

/**
 * Who wrote, as a real firm shows its people to the client: a client by their profile's name, a consultant by
 * their record's, an administrator by their account's; each falls back on the next name known, then on the side's
 * own ('The client', the firm's name). An account that is gone leaves a neutral name.
 */
function authorOf(row: MessageRow): ConversationMessage['author'] {
  if (row.authorId === null) {
    return { name: conversationTexts.deletedAuthor, role: row.side === 'client' ? 'client' : 'admin' };
  }
  const profileName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  // Until a profile names the person, an account's name is its e-mail address (docs/decisions/024): never shown.
  const accountName = row.accountName?.includes('@') ? '' : (row.accountName?.trim() ?? '');
  if (row.side === 'client') {
    return { name: profileName || accountName || conversationTexts.theClient, role: 'client' };
  }
  // By the account's role: an administrator linked to a consultant's record still writes as the firm's.
  if (row.accountRole === 'consultant') {
    return {
      name: row.consultantName?.trim() || accountName || profileName || conversationTexts.theFirm,
      role: 'consultant',
    };
  }
  return { name: accountName || profileName || conversationTexts.theFirm, role: 'admin' };
}

function toMessage(row: MessageRow): ConversationMessage {
  return { id: row.id, body: row.body, author: authorOf(row), created_at: row.createdAt.toISOString() };
}

/** The booking the caller may read, or a 404 that never reveals someone else's. */
async function readableBooking(db: Reader, bookingId: number, caller: ConversationCaller) {
  const [row] = await selectBookings(db).where(readableBy(bookingId, caller));
  if (!row) throw new NotFound(bookingTexts.bookingNotFound);
  return row;
}

/**
 * The thread, oldest first (its latest messages), which the caller has now read: their read marker moves to its
 * last message, never backwards (a slower, older read cannot undo a newer one).
 */
export async function readConversation(
  db: Database,
  bookingId: number,
  caller: ConversationCaller,
): Promise<ConversationResponse> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(readableBy(bookingId, caller));
  if (!booking) throw new NotFound(bookingTexts.bookingNotFound);
  const rows = await selectMessages(db)
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(desc(bookingMessages.id))
    .limit(maxConversationMessagesShown);
  rows.reverse();
  const last = rows.at(-1);
  if (last) {
    await db
      .insert(bookingMessageReads)
      .values({ bookingId, userId: caller.id, lastReadMessageId: last.id })
      .onConflictDoUpdate({
        target: [bookingMessageReads.bookingId, bookingMessageReads.userId],
        set: { lastReadMessageId: sql`excluded.last_read_message_id`, updatedAt: sql`now()` },
        setWhere: sql`${bookingMessageReads.lastReadMessageId} < excluded.last_read_message_id`,
      });
  }
  return { messages: rows.map(toMessage) };
}

/** The side's messages from `since` on: how many, and the latest, oldest first, for a letter to quote. */
async function burstSince(
  tx: Transaction,
  bookingId: number,
  side: ConversationSide,
  since: SQL,
): Promise<ConversationBurst> {
  const ofBurst = and(
    eq(bookingMessages.bookingId, bookingId),
    eq(bookingMessages.side, side),
    gte(bookingMessages.createdAt, since),
  );
  const [total] = await tx.select({ count: count() }).from(bookingMessages).where(ofBurst);
  const latest = await selectMessages(tx)
    .where(ofBurst)
    .orderBy(desc(bookingMessages.id))
    .limit(maxConversationMessagesQuoted);
  return { count: Number(total?.count ?? 0), quoted: latest.reverse().map(toMessage) };
}

/**
 * Writes the caller's message in the booking's conversation, in every status, for its side: 'client' when the
 * booking's owner writes, else 'firm'. The other side is told in the same transaction, by the letter of the burst:
 * the client's messages go to the firm's addresses and the booking's consultant, the firm's to the client.
 */
export async function postMessage(
  db: Database,
  bookingId: number,
  caller: ConversationCaller,
  request: PostConversationMessageRequest,
  settings: ConversationSettings,
): Promise<ConversationMessage> {
  return transactionRetryingDeadlocks(db, async (tx) => {
    await lockLiveAccount(tx, caller.id);
    const row = await readableBooking(tx, bookingId, caller);
    const booking = toBooking(row, settings.timeZone);
    const side: ConversationSide = row.booking.userId === caller.id ? 'client' : 'firm';
    const key = `conversation|${bookingId}|${side}`;
    // Taken before the message is written, which is timed by the clock then (not the transaction's start): a side's
    // messages are timed in the order they are told, so a waiting letter's burst (its messages from when it began)
    // is exactly what it has yet to tell, however many processes write at once.
    await lockGathering(tx, key);
    const [written] = await tx
      .insert(bookingMessages)
      .values({ bookingId, authorId: caller.id, side, body: request.body, createdAt: sql`clock_timestamp()` })
      .returning({ id: bookingMessages.id });
    if (!written) throw new Error('The message insert returned no row');
    const burst = (since: SQL) => burstSince(tx, bookingId, side, since);
    const recipients: GatheredRecipient[] =
      side === 'client'
        ? (await firmNoticeRecipients(tx, booking.consultant.id, settings.firmEmails)).map(
            ({ to, reader }) => ({
              to,
              letter: async (since) =>
                conversationFirmEmail(booking, await burst(since), to, reader, settings.appUrl),
            }),
          )
        : [
            {
              to: booking.user_profiles.email,
              letter: async (since) => conversationClientEmail(booking, await burst(since), settings.appUrl),
            },
          ];
    await gatherLetters(
      tx,
      key,
      recipients,
      settings,
      // A new letter begins with this message.
      sql`(select ${bookingMessages.createdAt} from ${bookingMessages} where ${bookingMessages.id} = ${written.id})`,
    );
    const [message] = await selectMessages(tx).where(eq(bookingMessages.id, written.id));
    if (!message) throw new Error(`Message ${written.id} vanished`);
    return toMessage(message);
  });
}
