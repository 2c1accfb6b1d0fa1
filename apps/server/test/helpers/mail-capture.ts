// An in-process SMTP server that keeps every message it receives, parsed, so tests read the real e-mails.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type Attachment, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  to: string;
  from: string;
  /** The Reply-To addresses, if any. */
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** The other parts: attachments, and alternatives such as a text/calendar invitation. */
  attachments: CapturedAttachment[];
  /** The message as it came over the wire (headers and every part, still encoded). */
  raw: string;
}

export interface CapturedAttachment {
  /** Lower case, without parameters: 'text/calendar', 'application/ics'… */
  contentType: string;
  filename: string | undefined;
  /** The METHOD parameter of a text/calendar part (REQUEST, CANCEL), upper case. */
  method: string | undefined;
  content: string;
}

/** What the server does with a message once it has read it (the default: accept it at once). */
export interface CaptureBehaviour {
  /** Answer a temporary failure (451) instead of accepting: the sender must try again. */
  refuse?: (mail: CapturedMail) => boolean;
  /**
   * Wait this long before answering (a stalled server). A message whose sender hung up meanwhile never got its
   * acceptance, so it is not counted as delivered.
   */
  holdMs?: (mail: CapturedMail) => number;
}

export interface MailCapture {
  port: number;
  url: string;
  /** The messages accepted (delivered). */
  messages: CapturedMail[];
  /** Every message the server read, accepted or not, in order: retries of one e-mail appear once each. */
  received: CapturedMail[];
  /** The first message to `to` (after `after` messages to it) matching `subject`, waiting up to `timeoutMs`. */
  waitFor(
    to: string,
    options?: { subject?: RegExp; after?: number; timeoutMs?: number },
  ): Promise<CapturedMail>;
  count(to: string): number;
  /** Resolves once no message is in hand: every one read has been accepted, refused or dropped (its sender gone). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

function addresses(parsed: ParsedMail, field: 'to' | 'from' | 'replyTo'): string {
  const value = parsed[field];
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).join(', ');
}

function attachmentOf(part: Attachment): CapturedAttachment {
  const header = part.headers.get('content-type');
  const params = typeof header === 'object' && header !== null && 'params' in header ? header.params : {};
  const method = (params as Record<string, string | undefined>).method;
  return {
    contentType: part.contentType.toLowerCase(),
    filename: part.filename,
    method: method?.toUpperCase(),
    content: part.content.toString('utf8'),
  };
}

/** Starts the capture server on `port` (0: any free port). */
export async function startMailCapture(port = 0, behaviour: CaptureBehaviour = {}): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const received: CapturedMail[] = [];
  const hungUp = new Set<string>();
  const inHand = new Set<Promise<void>>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      hungUp.add(session.id);
    },
    onData(stream, session, callback) {
      const handled = stream
        .toArray()
        .then((chunks: Buffer[]) => Buffer.concat(chunks))
        .then(async (bytes) => ({ bytes, parsed: await simpleParser(bytes) }))
        .then(
          async ({ bytes, parsed }) => {
            const mail: CapturedMail = {
              messageId: parsed.messageId ?? '',
              to: addresses(parsed, 'to').toLowerCase(),
              from: addresses(parsed, 'from'),
              replyTo: addresses(parsed, 'replyTo'),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              attachments: parsed.attachments.map(attachmentOf),
              raw: bytes.toString('latin1'),
            };
            received.push(mail);
            const holdMs = behaviour.holdMs?.(mail) ?? 0;
            // A wait on purpose: the stalled server the test asked for.
            if (holdMs > 0) await new Promise((done) => setTimeout(done, holdMs));
            if (hungUp.has(session.id)) return;
            if (behaviour.refuse?.(mail)) {
              // Worded as real servers do, naming the recipient (which must not reach our logs).
              callback(Object.assign(new Error(`<${mail.to}>: try again later`), { responseCode: 451 }));
              return;
            }
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      inHand.add(handled);
      // A failure still surfaces (as an unhandled rejection, as before), once.
      void handled.finally(() => inHand.delete(handled));
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const actualPort = (server.server.address() as AddressInfo).port;
  const matching = (to: string, subject?: RegExp) =>
    messages.filter((mail) => mail.to === to.toLowerCase() && (!subject || subject.test(mail.subject)));
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    received,
    count: (to) => matching(to).length,
    async waitFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const found = matching(to, options.subject)[options.after ?? 0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within the time limit`);
        await new Promise((done) => setTimeout(done, 25));
      }
    },
    async idle() {
      while (inHand.size > 0) await Promise.allSettled(inHand);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The first link in the text of a message that contains `fragment`. */
export function linkIn(mail: CapturedMail, fragment: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((url) => url.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in: ${mail.text}`);
  return link;
}
