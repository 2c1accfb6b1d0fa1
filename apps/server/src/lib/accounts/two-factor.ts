// Our rules around better-auth's two-factor plugin (docs/product.md#two-factor-sign-in, docs/decisions/053): the
// password its set-up, turn-off and new-codes endpoints ask for is checked first as a sign-in is (a wrong one brings
// the failed sign-in lock nearer, and answers our 401 INVALID_PASSWORD); 'trust this device', a custom issuer and a
// code check without a session are no options of the portal's; and who must have a second factor before the firm's
// API answers them.
import { type AdminTwoFactorMode, type Role, twoFactorRequiredFor } from '@portal/domain';
import { getSessionFromCtx } from 'better-auth/api';
import type { Database } from '../../db/client.ts';
import type { LibraryContext } from './library-hooks.ts';
import { confirmPasswordWith } from './password-check.ts';

/** The plugin's endpoints that take the account's password. */
const passwordPaths: ReadonlySet<string> = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/**
 * Body fields the plugin takes that the portal does not offer: a device trusted for 30 days (a cookie the Cookie
 * Policy does not name, and a second factor skipped), a recovery code checked without starting the session it was
 * typed for, and an issuer other than the firm's name.
 */
const droppedFields: Readonly<Record<string, readonly string[]>> = {
  '/two-factor/verify-totp': ['trustDevice'],
  '/two-factor/verify-backup-code': ['trustDevice', 'disableSession'],
  '/two-factor/enable': ['issuer'],
};

/**
 * Before the plugin's endpoints: drops the fields the portal does not offer, and checks the password where one is
 * asked. Changes `body` (and the body better-auth parsed) in place.
 */
export async function twoFactorRequestRules(
  db: Database,
  ctx: LibraryContext,
  body: Record<string, unknown>,
): Promise<void> {
  // From the body it parsed too: better-auth lays the hook's body over that one, so a field left out of ours stays.
  const parsed: unknown = ctx.body;
  for (const field of droppedFields[ctx.path] ?? []) {
    Reflect.deleteProperty(body, field);
    if (typeof parsed === 'object' && parsed !== null) Reflect.deleteProperty(parsed, field);
  }
  if (!passwordPaths.has(ctx.path) || typeof body.password !== 'string') return;
  // Signed out, the plugin answers its own 401.
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  if (!session) return;
  // Checked as the export's and erasure's is: counted before it is checked, given back when right.
  await confirmPasswordWith(db, ctx.context.password, session.user, body.password);
}

/**
 * Whether the firm's API is closed to this caller until they set up a second factor: an administrator or consultant
 * without a confirmed one, under ADMIN_TWO_FACTOR=required.
 */
export function mustSetUpTwoFactor(
  caller: { role: Role; twoFactorEnabled: boolean },
  mode: AdminTwoFactorMode,
): boolean {
  return twoFactorRequiredFor(caller.role, mode) && !caller.twoFactorEnabled;
}
