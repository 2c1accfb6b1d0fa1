// Delivery over SMTP with nodemailer: every wait on the server is bounded, so a send gives up well within the
// claim lease derived from the same timeout (see claimLeaseMs).
import nodemailer from 'nodemailer';
import { type AttachmentsOf, type Deliver, nodemailerMessage, type Sender } from './worker.ts';

export interface SmtpDelivery {
  deliver: Deliver;
  close(): void;
}

export function smtpDelivery(
  options: Sender & { url: string; timeoutMs: number; attachmentsOf: AttachmentsOf },
): SmtpDelivery {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    deliver: async (message) => {
      await transport.sendMail(nodemailerMessage(message, options, await options.attachmentsOf(message)));
    },
    close: () => transport.close(),
  };
}
