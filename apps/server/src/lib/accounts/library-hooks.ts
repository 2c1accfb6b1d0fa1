// Our rules inside better-auth's own request pipeline (its hooks), so that they judge the body better-auth parsed,
// whatever its encoding (docs/decisions/024): the one text rule for the fields it stores or looks up (normalized,
// then checked), the common-password rule wherever a password is set, the account's first name, the lock after
// failed sign-ins, the sign-in after a password reset and what a reset ends, and the hand-over of an account not
// verified yet to whoever signs up with its address again. Refusals are our typed errors: better-auth lets them
// through (onAPIError.throw) to the app's one error handler.
import {
  accountErrorCodes,
  accountMessages,
  accountsLibraryTextMax,
  accountsLibraryTextRules,
  challengeField,
  minPasswordLength,
  normalizeText,
  textProblem,
} from '@portal/domain';
import type { User } from 'better-auth';
import {
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
  sendVerificationEmailFn,
} from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userProfiles, users } from '../../db/schema.ts';
import { type ChallengeGate, takeChallengeSolution } from '../challenge.ts';
import { BadRequest, invalidField, TooManyRequests } from '../errors.ts';
import { isCommonPassword } from './common-passwords.ts';
import { endWhatTheOldPasswordReached } from './credentials.ts';
import { clearFailedSignIns, releaseSignInAttempt, reserveSignInAttempt } from './sign-in-failures.ts';
import { twoFactorRequestRules } from './two-factor.ts';

/** Fields that carry a password: hashed, never stored as text, so under the password limits instead. */
const passwordFields: ReadonlySet<string> = new Set(['password', 'newPassword', 'currentPassword']);

/**
 * Every endpoint that sets a password, and the field carrying it. Those the portal does not call are unreachable
 * over HTTP (the allow-list in library.routes.ts), but a server-side call still meets the rule.
 */
const passwordSettingFields: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
  '/admin/create-user': 'password',
  '/admin/set-user-password': 'newPassword',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text under the one text rule: normalized (trimmed), then checked; a breach is a 400 naming the field. */
function checkedText(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = normalizeText(value);
  const problem = textProblem(
    text,
    accountsLibraryTextRules[name] ?? { label: name, max: accountsLibraryTextMax },
  );
  if (problem) throw invalidField(name, problem);
  return text;
}

/**
 * The fields (body or query) with every text normalized as the one text rule says, so that better-auth stores
 * 'Ada', not '  Ada  '; PostgreSQL never sees a text the rule refuses. Passwords stay exactly as typed.
 */
export function checkedTexts(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      passwordFields.has(name)
        ? value
        : Array.isArray(value)
          ? value.map((item) => checkedText(name, item))
          : checkedText(name, value),
    ]),
  );
}

/** Case-insensitive; a password under the minimum gets better-auth's own "too short" answer instead. */
function refuseCommonPassword(password: unknown): void {
  if (typeof password === 'string' && password.length >= minPasswordLength && isCommonPassword(password)) {
    throw new BadRequest(accountMessages.passwordTooCommon, accountErrorCodes.passwordTooCommon);
  }
}

/** The context better-auth gives its hooks and callbacks (not exported under a name of its own). */
export type LibraryContext = Parameters<typeof sendVerificationEmailFn>[0];

/**
 * Sign-ups of an address whose account is not verified yet (docs/decisions/040, docs/product.md#accounts): better-auth
 * answers them like any sign-up of a known address; after it, the account is handed to this sign-up. Whoever
 * registered it first proved nothing, so the new password and name replace theirs, and their sessions, reset links
 * and feed URL end; the verification e-mail then goes to the mailbox, whose holder alone can verify and sign in.
 */
function unverifiedAccountHandOver(db: Database) {
  const pending = new WeakMap<Request, string>();

  /** Before the sign-up: notes the unverified account of the address, if there is one. */
  async function note(ctx: LibraryContext, body: Record<string, unknown>): Promise<void> {
    if (!ctx.request || typeof body.email !== 'string') return;
    const found = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase());
    if (found && !found.user.emailVerified) pending.set(ctx.request, found.user.id);
  }

  /** After a sign-up that better-auth let through: the noted account takes this sign-up's password and name. */
  async function handOver(ctx: LibraryContext): Promise<void> {
    const userId = ctx.request ? pending.get(ctx.request) : undefined;
    const body: unknown = ctx.body;
    if (!userId || !isRecord(body) || typeof body.password !== 'string') return;
    const name = typeof body.name === 'string' && body.name ? body.name : String(body.email);
    const hash = await ctx.context.password.hash(body.password);
    const user = await db.transaction(async (tx) => {
      // Only while nobody has verified it meanwhile, and never an erased account (its address is no mailbox).
      const [taken] = await tx
        .update(users)
        // The app's clock, as the verification link's time is: the link mailed below must count as after it.
        .set({ name, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.emailVerified, false), isNull(users.erasedAt)))
        .returning();
      if (!taken) return undefined;
      await tx.delete(userProfiles).where(eq(userProfiles.userId, userId));
      return taken;
    });
    if (!user) return;
    await ctx.context.internalAdapter.updatePassword(userId, hash);
    await ctx.context.internalAdapter.deleteUserSessions(userId);
    await endWhatTheOldPasswordReached(db, userId);
    await sendVerificationEmailFn(ctx, { ...user, image: user.image ?? null });
  }

  return { note, handOver };
}

/** The claims of a verification link's token (better-auth's JWT), read only to judge its age: better-auth verifies it. */
function verificationClaims(token: unknown): { email: string; issuedAt: number } | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (!isRecord(claims) || typeof claims.email !== 'string' || typeof claims.iat !== 'number')
      return undefined;
    return { email: claims.email, issuedAt: claims.iat };
  } catch {
    return undefined;
  }
}

/**
 * A verification link mailed before the account's latest sign-up (a hand-over) no longer verifies: it was mailed
 * for another sign-up's password, and must not verify the one that replaced it. It is then as spent (better-auth
 * lands it on `&error=INVALID_TOKEN`); the person asks for a new one.
 */
async function supersededVerificationLink(db: Database, token: unknown): Promise<boolean> {
  const claims = verificationClaims(token);
  if (!claims) return false;
  const [account] = await db
    .select({ emailVerified: users.emailVerified, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.email, claims.email.toLowerCase()));
  // JWT times are whole seconds: a link made in the second of the hand-over counts as after it.
  return (
    !!account && !account.emailVerified && claims.issuedAt < Math.floor(account.updatedAt.getTime() / 1000)
  );
}

/**
 * Sign-up takes a solved proof-of-work challenge (lib/challenge.ts), or is refused with a 400 naming `altcha`; the
 * field is ours, not better-auth's, so it goes no further.
 */
async function takeSignUpChallenge(db: Database, gate: ChallengeGate, body: Record<string, unknown>) {
  await takeChallengeSolution(db, gate, body[challengeField]);
  Reflect.deleteProperty(body, challengeField);
}

export function accountsLibraryHooks(db: Database, challenge: ChallengeGate) {
  const handOver = unverifiedAccountHandOver(db);
  // The owner of a reset that has just succeeded, for the after hook of the same request (it signs them in).
  const resetOwners = new WeakMap<Request, User>();
  // Whose password a change-password request changes, noted before it for the after hook.
  const passwordChangers = new WeakMap<Request, { id: string; email: string }>();

  const before = createAuthMiddleware(async (ctx) => {
    if (isRecord(ctx.query)) checkedTexts(ctx.query);
    if (
      ctx.path === '/verify-email' &&
      isRecord(ctx.query) &&
      (await supersededVerificationLink(db, ctx.query.token))
    ) {
      return { context: { query: { ...ctx.query, token: 'superseded' } } };
    }
    if (!isRecord(ctx.body)) return;
    const body = checkedTexts(ctx.body);
    const passwordField = passwordSettingFields[ctx.path];
    if (passwordField) refuseCommonPassword(body[passwordField]);
    if (ctx.path === '/sign-up/email') await takeSignUpChallenge(db, challenge, body);
    if (ctx.path.startsWith('/two-factor/')) await twoFactorRequestRules(db, ctx, body);

    // Sign-up asks for no name, and better-auth requires one: until the profile names the person, the account's
    // name is its e-mail address (docs/decisions/024).
    if (ctx.path === '/sign-up/email' && typeof body.email === 'string' && !body.name) body.name = body.email;
    if (ctx.path === '/sign-up/email') await handOver.note(ctx, body);
    if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
      if (!(await reserveSignInAttempt(db, body.email))) {
        throw new TooManyRequests(accountMessages.tooManyFailedSignIns, {
          code: accountErrorCodes.tooManyFailedSignIns,
        });
      }
    }
    if (ctx.path === '/change-password') await beforePasswordChange(ctx, body);
    // better-auth goes on with the normalized body (its after hooks too).
    return { context: { body } };
  });

  /**
   * A change of password (docs/product.md#profile) ends every other session whatever the body asks, and its
   * current password is guessed no more easily than a sign-in's: the attempt counts toward the failed sign-in lock.
   */
  async function beforePasswordChange(ctx: LibraryContext, body: Record<string, unknown>): Promise<void> {
    body.revokeOtherSessions = true;
    const found = ctx.request ? await getSessionFromCtx(ctx, { disableRefresh: true }) : null;
    if (!found || !ctx.request) return; // better-auth answers 401
    const { id, email } = found.user;
    if (!(await reserveSignInAttempt(db, email))) {
      throw new TooManyRequests(accountMessages.tooManyFailedSignIns, {
        code: accountErrorCodes.tooManyFailedSignIns,
      });
    }
    passwordChangers.set(ctx.request, { id, email });
  }

  /** After it: a wrong current password keeps its attempt; a change ends what the old password reached. */
  async function afterPasswordChange(ctx: LibraryContext, returned: unknown): Promise<void> {
    const changer = ctx.request ? passwordChangers.get(ctx.request) : undefined;
    if (!changer) return;
    const wrongPassword = isAPIError(returned) && returned.body?.code === accountErrorCodes.invalidPassword;
    if (!wrongPassword) await releaseSignInAttempt(db, changer.email);
    if (!isAPIError(returned)) await endWhatTheOldPasswordReached(db, changer.id);
  }

  const after = createAuthMiddleware(async (ctx) => {
    const returned: unknown = ctx.context.returned;
    if (ctx.path === '/sign-in/email' && isRecord(ctx.body) && typeof ctx.body.email === 'string') {
      // A wrong password (or unknown address: the same 401) keeps its attempt; a success clears the count; any
      // other answer gives the attempt back.
      if (!isAPIError(returned)) await clearFailedSignIns(db, ctx.body.email);
      else if (returned.statusCode !== 401) await releaseSignInAttempt(db, ctx.body.email);
    }
    if (ctx.path === '/sign-up/email' && !isAPIError(returned)) await handOver.handOver(ctx);
    if (ctx.path === '/change-password') await afterPasswordChange(ctx, returned);
    if (ctx.path === '/reset-password' && ctx.request && !isAPIError(returned)) {
      const owner = resetOwners.get(ctx.request);
      // An address never verified is not signed in by a reset: it signs in after verifying, as always.
      if (!owner?.emailVerified) return;
      const session = await ctx.context.internalAdapter.createSession(owner.id);
      if (session) await setSessionCookie(ctx, { session, user: owner });
    }
  });

  /**
   * better-auth's callback after a successful reset (which has ended every session): the failed sign-ins, the other
   * reset links and the feed URL go, and the after hook signs the owner in.
   */
  async function onPasswordReset({ user }: { user: User }, request?: Request): Promise<void> {
    await clearFailedSignIns(db, user.email);
    await endWhatTheOldPasswordReached(db, user.id);
    if (request) resetOwners.set(request, user);
  }

  return { before, after, onPasswordReset };
}
