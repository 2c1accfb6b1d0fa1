// The per-mailbox limit of the accounts e-mails (docs/product.md#limits): whoever asks, from whichever address, a
// mailbox gets at most `accountMailsPerMailbox` reset e-mails and as many verification e-mails an hour. Counted in
// the database, so every server process shares the count.
import { accountMailsPerMailbox } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { countRequest } from '../../db/rate-limit-counters.ts';
import { mailboxKey } from '../limit-keys.ts';

/**
 * The kinds counted apart: asking for resets never keeps a verification e-mail away, nor the other way round. The
 * notice that an address already has an account is what a sign-up mails instead of a verification e-mail, so it
 * counts as one.
 */
export type AccountMailKind = 'password-reset' | 'verification';

/** Counts one e-mail of this kind to the mailbox of `email`, and answers whether it may go out. */
export async function mayMailMailbox(db: Database, kind: AccountMailKind, email: string): Promise<boolean> {
  const { allowed } = await countRequest(db, `account-mail:${kind}:${mailboxKey(email)}`, {
    max: accountMailsPerMailbox.max,
    windowSeconds: accountMailsPerMailbox.windowSeconds,
  });
  return allowed;
}
