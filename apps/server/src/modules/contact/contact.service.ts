// The contact form: a message stored with the firm's copies and the sender's acknowledgment in the outbox, all in one
// transaction, after the limits per address and per e-mail; the bot trap; the administrators' list and the
// answered mark (docs/product.md#contact-form).
import {
  type AdminContactMessage,
  type AdminContactMessagesQuery,
  type AdminContactMessagesResponse,
  type ContactRequest,
  contactRateLimits,
  contactMessages as contactTexts,
  pagingMessages,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { newestFirstPaging } from '../../db/newest-first.ts';
import { countRequest, type RateLimitRule } from '../../db/rate-limit-counters.ts';
import { contactMessages, services } from '../../db/schema.ts';
import { type ChallengeGate, takeChallengeSolution } from '../../lib/challenge.ts';
import { invalidField, NotFound, TooManyRequests } from '../../lib/errors.ts';
import { clientAddressKey, mailboxKey } from '../../lib/limit-keys.ts';
import { contactAcknowledgmentEmail, contactFirmEmail } from '../../lib/mail/contact-emails.ts';
import { firmRecipients } from '../../lib/mail/firm-recipients.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { loadCatalogue } from '../catalogue/catalogue.service.ts';

export interface ContactOptions {
  appUrl: string;
  /** FIRM_EMAIL; empty: every administrator. */
  firmEmails: readonly string[];
  /** The proof-of-work challenge a message must carry solved. */
  challenge: ChallengeGate;
}

async function limit(tx: Transaction, key: string, rule: RateLimitRule): Promise<void> {
  const { allowed, retryAfterSeconds } = await countRequest(tx, key, rule);
  if (!allowed) throw new TooManyRequests(contactTexts.tooMany(retryAfterSeconds), { retryAfterSeconds });
}

/** The name of the service a message is about; a 400 naming serviceId for one that does not exist. */
async function serviceName(db: Database, serviceId: number | null): Promise<string | null> {
  if (serviceId === null) return null;
  // A retired service still names itself: a message about it is still about it.
  const service = (await loadCatalogue(db)).services.find((candidate) => candidate.id === serviceId);
  if (!service) throw invalidField('serviceId', contactTexts.serviceInvalid);
  return service.name;
}

/**
 * Takes a contact-form message from `address` (the client's address as Fastify sees it), with its solved challenge
 * (a 400 naming `altcha` without one). Counted against both
 * limits first, bots included, so that the trap answers exactly as a person's message does; a filled honeypot is
 * then dropped: 'dropped', nothing stored or sent. The limits' counts, the message and its e-mails are written in
 * one transaction: all of them or none.
 */
export async function takeContactMessage(
  db: Database,
  message: ContactRequest,
  address: string,
  options: ContactOptions,
): Promise<'stored' | 'dropped'> {
  const about = await serviceName(db, message.serviceId);
  return db.transaction(async (tx) => {
    // The solved challenge first, bots' too: taken in this transaction, so a message refused by a limit below
    // leaves it unused.
    await takeChallengeSolution(tx, options.challenge, message.altcha);
    // Always the address first, then the e-mail: two requests never wait on each other's counter in a circle.
    // Counted as the firm would tell senders apart: a mailbox without its +tag and letter case, an IPv6 sender by
    // its /64, so that neither a tag nor a fresh address of one's own network starts a new count.
    await limit(tx, `contact:address:${clientAddressKey(address)}`, contactRateLimits.perAddress);
    await limit(tx, `contact:email:${mailboxKey(message.email)}`, contactRateLimits.perEmail);
    if (message.website?.trim()) return 'dropped';
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        serviceId: message.serviceId,
      })
      .returning({ id: contactMessages.id });
    if (!stored) throw new Error('The contact message insert returned no row');
    const facts = { id: stored.id, message, serviceName: about };
    for (const to of await firmRecipients(tx, options.firmEmails)) {
      await enqueueMail(tx, contactFirmEmail(to, facts, options.appUrl));
    }
    await enqueueMail(tx, contactAcknowledgmentEmail(message.email));
    return 'stored';
  });
}

// ——— The administrators' list ———

const paging = newestFirstPaging(
  { table: contactMessages, createdAt: contactMessages.createdAt, id: contactMessages.id },
  'm1',
  pagingMessages.cursorInvalid,
);

function selectMessages(db: Pick<Database, 'select'>) {
  return db
    .select({ message: contactMessages, serviceName: services.name })
    .from(contactMessages)
    .leftJoin(services, eq(services.id, contactMessages.serviceId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toAdminMessage({ message, serviceName }: MessageRow): AdminContactMessage {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    service_id: message.serviceId,
    service_name: serviceName,
    answered: message.answeredAt !== null,
    answered_at: message.answeredAt?.toISOString() ?? null,
    created_at: message.createdAt.toISOString(),
  };
}

/** Every message, newest first. */
export async function listContactMessages(
  db: Database,
  query: AdminContactMessagesQuery,
): Promise<AdminContactMessagesResponse> {
  const rows = await selectMessages(db)
    .where(query.cursor === undefined ? undefined : paging.after(query.cursor))
    .orderBy(...paging.order)
    .limit(query.limit + 1);
  const { page, nextCursor } = paging.pageOf(rows, query.limit, (row) => row.message.id);
  return { messages: page.map(toAdminMessage), nextCursor };
}

/** Marks a message answered (now, unless it already was) or not answered. */
export async function setContactMessageAnswered(
  db: Database,
  id: number,
  answered: boolean,
): Promise<AdminContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ answeredAt: answered ? sql`coalesce(${contactMessages.answeredAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!row) throw new NotFound(contactTexts.messageNotFound);
  const [changed] = await selectMessages(db).where(eq(contactMessages.id, id));
  if (!changed) throw new NotFound(contactTexts.messageNotFound);
  return toAdminMessage(changed);
}
