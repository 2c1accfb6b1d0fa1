// The password asked again before an account's data is exported or erased: counted like a sign-in (a wrong one
// brings the failed sign-in lock nearer, docs/product.md#limits), so a stolen session cannot guess its way to them.
import { accountErrorCodes, accountMessages } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { TooManyRequests, Unauthorized } from '../errors.ts';
import type { AccountsLibrary } from './library.ts';
import { releaseSignInAttempt, reserveSignInAttempt } from './sign-in-failures.ts';

/** better-auth's password hasher, from the library or from the context its hooks are given. */
export interface PasswordVerifier {
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** A password hasher better-auth can be given in place of its own (docs/decisions/055). */
export interface PasswordHasher extends PasswordVerifier {
  hash(password: string): Promise<string>;
}

/**
 * Resolves when `password` is the account's; otherwise 401 `INVALID_PASSWORD` (the attempt counted toward the
 * address's failed sign-ins), or 429 once the address is locked.
 */
export async function confirmPasswordWith(
  db: Database,
  passwords: PasswordVerifier,
  account: { id: string; email: string },
  password: string,
): Promise<void> {
  if (!(await reserveSignInAttempt(db, account.email))) {
    throw new TooManyRequests(accountMessages.tooManyFailedSignIns, {
      code: accountErrorCodes.tooManyFailedSignIns,
    });
  }
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, account.id), eq(accounts.providerId, 'credential')));
  const right = credential?.hash != null && (await passwords.verify({ hash: credential.hash, password }));
  if (!right) throw new Unauthorized(accountMessages.passwordIncorrect, accountErrorCodes.invalidPassword);
  // A right password is no failed attempt: it gives its place back (the count others made stays).
  await releaseSignInAttempt(db, account.email);
}

/** `confirmPasswordWith` the accounts library's hasher, for our own routes. */
export async function confirmPassword(
  db: Database,
  library: AccountsLibrary,
  account: { id: string; email: string },
  password: string,
): Promise<void> {
  await confirmPasswordWith(db, (await library.$context).password, account, password);
}
