// Accounts on the app: `app.accountsLibrary` (better-auth, mounted at /api/identity by library.routes.ts), the
// guards our routes run as onRequest hooks (they need only the headers, so a signed-out or forbidden caller is
// refused before the body is read or judged), and `request.caller`, the signed-in caller those guards found.
import {
  type AdminTwoFactorMode,
  accountErrorCodes,
  accountMessages,
  apiErrorBodySchema,
  apiPaths,
  isRole,
  type Role,
  twoFactorMessages,
} from '@portal/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { type AccountsLibrary, createAccountsLibrary } from '../lib/accounts/library.ts';
import type { PasswordHasher } from '../lib/accounts/password-check.ts';
import { noteSessionSeen } from '../lib/accounts/session-activity.ts';
import { mustSetUpTwoFactor } from '../lib/accounts/two-factor.ts';
import type { ChallengeGate } from '../lib/challenge.ts';
import { Forbidden, Unauthorized } from '../lib/errors.ts';

/** The signed-in caller of a guarded route. */
export interface Caller {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  role: Role;
  createdAt: Date;
  /** The id of the session the request came with (its row's, never its token). */
  sessionId: string;
  /** A second factor is set up and confirmed: logging in asks for its code. */
  twoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountsLibrary: AccountsLibrary;
    /** ADMIN_TWO_FACTOR: whether the firm's accounts must have a second factor (docs/decisions/053). */
    adminTwoFactor: AdminTwoFactorMode;
    /** onRequest: 401 `{ message }` unless the request carries a valid session (cookie or bearer token). */
    requireSession: onRequestAsyncHookHandler;
    /** onRequest: 401 when signed out, 403 `{ message }` when the caller's role is not one of `roles`. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in caller; only on routes guarded by requireSession or requireRole. */
    readonly caller: Caller;
  }
}

const signedOut = apiErrorBodySchema.describe(`Not signed in: '${accountMessages.noActiveSession}'`);

/** What a route guarded by requireSession may answer besides its own answers (its response schema spreads it). */
export const sessionGuardResponses = { 401: signedOut, default: apiErrorBodySchema };

/** What a route guarded by requireRole('admin') may answer besides its own answers. */
export const adminGuardResponses = {
  ...sessionGuardResponses,
  403: apiErrorBodySchema.describe(
    `Signed in, not an administrator: '${accountMessages.adminRequired}'; or, with code ${accountErrorCodes.twoFactorRequired}, an administrator without the second factor ADMIN_TWO_FACTOR=required asks for`,
  ),
};

/**
 * The routes of ours an administrator or consultant still reaches while the firm requires a second factor they have
 * not set up (ADMIN_TWO_FACTOR=required): what setting it up needs (the profile it is set up from), and the
 * caller's own sessions and consents. The accounts library (sign-out, the two-factor endpoints) and the public
 * routes have no guard. Every other guarded route answers 403 TWO_FACTOR_REQUIRED, so a new one is closed to them
 * by default (docs/decisions/053).
 */
const openBeforeTwoFactor: ReadonlySet<string> = new Set([
  apiPaths.accounts.profile,
  apiPaths.accounts.sessions,
  apiPaths.accounts.consents,
]);

function isOpenBeforeTwoFactor(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  return openBeforeTwoFactor.has(route) || route.startsWith(`${apiPaths.accounts.sessions}/`);
}

/** The caller each guarded request's guard found (a request object lives for one request only). */
const callers = new WeakMap<FastifyRequest, Caller>();

/** The signed-in caller a guard found for this request; undefined on a route without a guard. */
export function signedInCaller(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

export async function registerAccounts(
  app: FastifyInstance,
  options: {
    appUrl: string;
    secret: string;
    challenge: ChallengeGate;
    adminTwoFactor: AdminTwoFactorMode;
    passwordHasher: PasswordHasher | undefined;
  },
): Promise<void> {
  const library = createAccountsLibrary({
    db: app.db,
    appUrl: options.appUrl,
    secret: options.secret,
    challenge: options.challenge,
    log: app.log,
    sendMail: (message) => app.mail.send(message),
    passwordHasher: options.passwordHasher,
  });
  app.decorate('accountsLibrary', library);
  app.decorate('adminTwoFactor', options.adminTwoFactor);

  async function findCaller(request: FastifyRequest): Promise<Caller> {
    const known = callers.get(request);
    if (known) return known;
    const found = await library.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) throw new Unauthorized(accountMessages.noActiveSession);
    const { user } = found;
    const caller: Caller = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      role: isRole(user.role) ? user.role : 'client',
      createdAt: user.createdAt,
      sessionId: found.session.id,
      twoFactorEnabled: user.twoFactorEnabled === true,
    };
    // The Profile's "last seen": one conditional UPDATE that matches nothing most of the time.
    await noteSessionSeen(app.db, found.session.id);
    callers.set(request, caller);
    return caller;
  }

  app.decorateRequest('caller', {
    getter(this: FastifyRequest): Caller {
      const caller = callers.get(this);
      // A programming error (a route reading the caller without a guard), not a client's: a 500.
      if (!caller) throw new Error('request.caller read on a route without requireSession or requireRole');
      return caller;
    },
  });
  /** 403 TWO_FACTOR_REQUIRED while the firm requires a second factor the caller has not set up. */
  function refuseWithoutTwoFactor(request: FastifyRequest, caller: Caller): void {
    if (mustSetUpTwoFactor(caller, options.adminTwoFactor) && !isOpenBeforeTwoFactor(request)) {
      throw new Forbidden(twoFactorMessages.requiredRefusal, accountErrorCodes.twoFactorRequired);
    }
  }

  app.decorate('requireSession', async (request: FastifyRequest) => {
    refuseWithoutTwoFactor(request, await findCaller(request));
  });
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    const caller = await findCaller(request);
    if (!roles.includes(caller.role)) throw new Forbidden(accountMessages.adminRequired);
    refuseWithoutTwoFactor(request, caller);
  });
}
