// The accounts library's endpoints (better-auth, modules/accounts/library.routes.ts) as /api/docs describes them:
// the routes are one catch-all hidden from the generated document, so the operations the portal lets through (its
// portalEndpoints) are written out here, with the bodies as our hooks and library.routes.ts shape them.
import {
  accountErrorCodes,
  accountMessages,
  apiPaths,
  challengeField,
  maxChallengeSolutionLength,
  maxPasswordLength,
  minPasswordLength,
  recoveryCodeCount,
  twoFactorErrorCodes,
  twoFactorSignInMinutes,
} from '@portal/domain';

type Json = Record<string, unknown>;

const email = { type: 'string', format: 'email', maxLength: 254, examples: ['ada@example.com'] };
const password = { type: 'string', minLength: minPasswordLength, maxLength: maxPasswordLength };
const callbackURL = {
  type: 'string',
  description: 'A path on this site (or a URL of it) to send the browser to from the emailed link',
  examples: ['/login?verified=1'],
};
/** The sign-up's and resend's `callbackURL`: the e-mailed link lands on the sign-in page, which goes on there. */
const destination = {
  type: 'string',
  description:
    'The page to go on to once the emailed link has verified the address and the user has signed in: a path on ' +
    'this site, anything else is dropped. The link lands on /login?verified=1&redirect={the path}.',
  examples: ['/book/3'],
};
const status = {
  type: 'object',
  properties: { status: { type: 'boolean', const: true } },
  required: ['status'],
};

const user = {
  type: 'object',
  description: "The account (better-auth's fields; the profile is GET /api/auth/profile)",
  properties: {
    id: { type: 'string' },
    email: { type: 'string', format: 'email' },
    name: { type: 'string', description: 'The email address until the profile names the person' },
    emailVerified: { type: 'boolean' },
    image: { type: ['string', 'null'] },
    role: { type: 'string', examples: ['client', 'admin'] },
    twoFactorEnabled: {
      type: 'boolean',
      description: 'A second factor is set up and confirmed: logging in asks for its code',
    },
    twoFactorRequired: {
      type: 'boolean',
      description:
        'get-session only: the firm requires a second factor of this account (ADMIN_TWO_FACTOR=required and an ' +
        'administrator or consultant); without one, every API of the firm answers it 403 TWO_FACTOR_REQUIRED',
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'email', 'emailVerified'],
};

const session = {
  type: 'object',
  description: 'The session, without its token (page scripts never see one)',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['expiresAt'],
};

const libraryError = {
  type: 'object',
  description: "better-auth's error, in the product's words where the portal has some",
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['message'],
};

function json(schema: Json, description: string): Json {
  return { description, content: { 'application/json': { schema } } };
}
function body(properties: Json, required: string[]): Json {
  return {
    required: true,
    content: { 'application/json': { schema: { type: 'object', properties, required } } },
  };
}
const error = (description: string) => json(libraryError, description);

/** A 429 of better-auth's limit per client address, with the seconds to wait. */
const tooManyRequests: Json = {
  ...error(`Too many requests from the client address: '${accountMessages.tooManyRequests}'`),
  headers: {
    'X-Retry-After': {
      description: 'Seconds until the limit lets the next request through',
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

/** What every POST here can be refused with, before better-auth reads it. */
const postRefusals: Record<string, Json> = {
  '400': error('A body that is no JSON object, too deep, or a field better-auth or our rules refuse'),
  '403': error(`An Origin other than the portal's: '${accountMessages.originNotAllowed}'`),
  '413': error('A body over 64 KiB'),
  '415': error(`A body that is not application/json: '${accountMessages.jsonBodyRequired}'`),
  '429': tooManyRequests,
};

const cookieOrBearer = [{ sessionCookie: [] }, { bearerToken: [] }];

const twoFactorPassword = {
  password: { type: 'string', maxLength: maxPasswordLength, description: "The account's password" },
};
const wrongPassword = error(
  `A wrong password (code ${accountErrorCodes.invalidPassword}: '${accountMessages.passwordIncorrect}'), counted toward the failed sign-in lock; or not signed in`,
);
const recoveryCodes = {
  type: 'array',
  items: { type: 'string', examples: ['a1B2c-3D4e5'] },
  minItems: recoveryCodeCount,
  maxItems: recoveryCodeCount,
  description: 'One-time recovery codes, shown only in this answer',
};
const codeBody = (description: string) =>
  body({ code: { type: 'string', maxLength: 64, description } }, ['code']);
const codeAnswer = json(
  { type: 'object', properties: { user }, required: ['user'] },
  "Verified: a sign-in's session starts (Set-Cookie: the session cookie; the two-factor cookie is cleared), or " +
    'the set-up is confirmed and the session renewed',
);
const codeRefusals = {
  ...postRefusals,
  '400': error(
    `Five wrong codes in this sign-in (code ${twoFactorErrorCodes.tooManyAttempts}): log in again; or a field refused`,
  ),
  '401': error(
    `A wrong code (${twoFactorErrorCodes.invalidCode}, ${twoFactorErrorCodes.invalidRecoveryCode}), or no sign-in ` +
      `waiting for one (${twoFactorErrorCodes.signInExpired}: it lasts ${twoFactorSignInMinutes} minutes and is used once)`,
  ),
  '429': {
    ...tooManyRequests,
    description: `Too many requests from the client address, or ten wrong codes in a row for the account (code ${twoFactorErrorCodes.locked}): locked for 15 minutes`,
  },
  default: error('An error'),
};

/** Two-factor sign-in: better-auth's two-factor plugin, the endpoints the portal uses (docs/decisions/053). */
const twoFactorPaths: Record<string, Record<string, Json>> = {
  [apiPaths.accounts.twoFactor.enable]: {
    post: {
      operationId: 'enableTwoFactor',
      tags: ['accounts'],
      summary: 'Starts setting up an authenticator app: its otpauth URI and the recovery codes',
      description:
        'Not on until the first code from the app is sent to verify-totp. Asked again before that, it starts over ' +
        'with a new secret and new codes.',
      security: cookieOrBearer,
      requestBody: body(twoFactorPassword, ['password']),
      responses: {
        '200': json(
          {
            type: 'object',
            properties: {
              method: { type: 'string', const: 'totp' },
              totpURI: {
                type: 'string',
                description: "otpauth://totp/… with the secret (base32) and the firm's name as issuer",
              },
              backupCodes: recoveryCodes,
            },
            required: ['totpURI', 'backupCodes'],
          },
          'The app to set up',
        ),
        ...postRefusals,
        '400': error(`Already on (code ${twoFactorErrorCodes.alreadyOn}), or a field refused`),
        '401': wrongPassword,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.twoFactor.verifyTotp]: {
    post: {
      operationId: 'verifyTwoFactorCode',
      tags: ['accounts'],
      summary:
        "A code from the authenticator app: a sign-in's second step, or the code that confirms the set-up",
      description:
        'Signed in, it confirms a set-up (two-factor sign-in is on from then). Otherwise it takes the ' +
        '`portal.two_factor` cookie a sign-in set. The answer never carries a session token.',
      security: [{}, ...cookieOrBearer],
      requestBody: codeBody('The 6-digit code the app shows now'),
      responses: { '200': codeAnswer, ...codeRefusals },
    },
  },
  [apiPaths.accounts.twoFactor.verifyBackupCode]: {
    post: {
      operationId: 'verifyRecoveryCode',
      tags: ['accounts'],
      summary: "A recovery code instead of the app's: a sign-in's second step; each code works once",
      security: [],
      requestBody: codeBody('One of the recovery codes, as it was handed out'),
      responses: { '200': codeAnswer, ...codeRefusals },
    },
  },
  [apiPaths.accounts.twoFactor.generateBackupCodes]: {
    post: {
      operationId: 'newRecoveryCodes',
      tags: ['accounts'],
      summary: 'New recovery codes; the old ones stop working',
      security: cookieOrBearer,
      requestBody: body(twoFactorPassword, ['password']),
      responses: {
        '200': json(
          {
            type: 'object',
            properties: { status: { type: 'boolean', const: true }, backupCodes: recoveryCodes },
            required: ['backupCodes'],
          },
          'The new codes',
        ),
        ...postRefusals,
        '400': error(`Two-factor sign-in is not on (code ${twoFactorErrorCodes.notOn}), or a field refused`),
        '401': wrongPassword,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.twoFactor.disable]: {
    post: {
      operationId: 'disableTwoFactor',
      tags: ['accounts'],
      summary: 'Turns two-factor sign-in off; the session is renewed',
      description:
        'Under ADMIN_TWO_FACTOR=required an administrator or consultant may turn it off, and the API of the firm ' +
        'answers them 403 TWO_FACTOR_REQUIRED again until they set it up anew.',
      security: cookieOrBearer,
      requestBody: body(twoFactorPassword, ['password']),
      responses: {
        '200': json(status, 'Off'),
        ...postRefusals,
        '401': wrongPassword,
        default: error('An error'),
      },
    },
  },
};

/** The accounts operations by path, for the document's `paths`. */
export const accountsLibraryPaths: Record<string, Record<string, Json>> = {
  [apiPaths.accounts.signUp]: {
    post: {
      operationId: 'signUp',
      tags: ['accounts'],
      summary: 'Creates an account and sends the verification email',
      description:
        'The address must be verified (GET verify-email, from the emailed link) before the account can log in. ' +
        'Signs no one in.',
      security: [],
      requestBody: body(
        {
          email,
          password,
          callbackURL: destination,
          [challengeField]: {
            type: 'string',
            maxLength: maxChallengeSolutionLength,
            description:
              'The solved challenge of GET /api/challenge (base64, as the ALTCHA widget gives it), each one used ' +
              'once; required unless the server runs with SIGNUP_CHALLENGE=off',
          },
        },
        ['email', 'password'],
      ),
      responses: {
        '200': json(
          { type: 'object', properties: { user }, required: ['user'] },
          'Signed up (also for an address already taken, which is told by email instead)',
        ),
        ...postRefusals,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.signIn]: {
    post: {
      operationId: 'signIn',
      tags: ['accounts'],
      summary: 'Signs in with email and password',
      description:
        'Sets the session cookie. An API client (a request without Origin, Sec-Fetch-Site, Sec-Fetch-Dest and ' +
        "Sec-Fetch-User: Node's fetch as it is, curl) also gets the signed session token in `set-auth-token`, to " +
        'send as `Authorization: Bearer {token}`; a browser never does.',
      security: [],
      requestBody: body({ email, password, callbackURL, rememberMe: { type: 'boolean' } }, [
        'email',
        'password',
      ]),
      responses: {
        '200': {
          ...json(
            {
              type: 'object',
              properties: {
                redirect: { type: 'boolean' },
                url: { type: ['string', 'null'] },
                user,
                twoFactorRedirect: {
                  type: 'boolean',
                  const: true,
                  description:
                    'Instead of the rest: the account has a second factor. No session yet; the short ' +
                    '`portal.two_factor` cookie carries the sign-in to verify-totp or verify-backup-code',
                },
                twoFactorMethods: { type: 'array', items: { type: 'string', enum: ['totp'] } },
              },
            },
            'Signed in, or (twoFactorRedirect) the password was right and the code is asked next',
          ),
          headers: {
            'set-auth-token': {
              description: 'The signed session token, for API clients only (see above)',
              schema: { type: 'string' },
            },
            'Set-Cookie': {
              description:
                'The httpOnly session cookie `portal.session_token` (`__Secure-` prefixed over https)',
              schema: { type: 'string' },
            },
          },
        },
        ...postRefusals,
        '401': error('A wrong address or password'),
        '429': {
          ...tooManyRequests,
          description: `Too many requests from the client address, or with code ${accountErrorCodes.tooManyFailedSignIns}: '${accountMessages.tooManyFailedSignIns}'`,
        },
        '403': error(
          `Not verified yet: '${accountMessages.verifyBeforeLogin}' (and a new link is sent); or a foreign Origin`,
        ),
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.signOut]: {
    post: {
      operationId: 'signOut',
      tags: ['accounts'],
      summary: 'Ends the session on the server and clears the cookie (answers the same when signed out)',
      security: [{}, ...cookieOrBearer],
      responses: {
        '200': json(
          { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] },
          'Signed out',
        ),
        ...postRefusals,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.session]: {
    get: {
      operationId: 'getSession',
      tags: ['accounts'],
      summary: 'The session and its user, or null when no one is signed in',
      security: [{}, ...cookieOrBearer],
      responses: {
        '200': json(
          {
            oneOf: [
              { type: 'object', properties: { session, user }, required: ['session', 'user'] },
              { type: 'null' },
            ],
          },
          'The session, or null',
        ),
        '429': tooManyRequests,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.sendVerificationEmail]: {
    post: {
      operationId: 'sendVerificationEmail',
      tags: ['accounts'],
      summary: 'Sends a new verification email to an address not verified yet',
      security: [],
      requestBody: body({ email, callbackURL: destination }, ['email']),
      responses: {
        '200': json(status, 'Sent (or nothing to send)'),
        ...postRefusals,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.verifyEmail]: {
    get: {
      operationId: 'verifyEmail',
      tags: ['accounts'],
      summary: 'Verifies the address: the link of the verification email',
      security: [],
      parameters: [
        { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'callbackURL', in: 'query', required: false, schema: callbackURL },
      ],
      responses: {
        '200': json(status, 'Verified (without callbackURL)'),
        '302': {
          description: 'Verified or not, to callbackURL (with `?error=` when not)',
          headers: { Location: { description: 'callbackURL', schema: { type: 'string' } } },
        },
        '400': error(`A callbackURL not on this site: '${accountMessages.callbackNotOnSite}'`),
        '401': error('A link expired, used or superseded (without callbackURL)'),
        '429': tooManyRequests,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.requestPasswordReset]: {
    post: {
      operationId: 'requestPasswordReset',
      tags: ['accounts'],
      summary: 'Emails a password reset link, if the address has an account (the answer does not tell)',
      security: [],
      requestBody: body(
        { email, redirectTo: { ...callbackURL, description: 'The page the emailed link opens' } },
        ['email'],
      ),
      responses: {
        '200': json(
          { type: 'object', properties: { status: { type: 'boolean' }, message: { type: 'string' } } },
          'Asked',
        ),
        ...postRefusals,
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.resetPassword]: {
    post: {
      operationId: 'resetPassword',
      tags: ['accounts'],
      summary: "Sets a new password with the emailed link's token; ends every other session",
      security: [],
      requestBody: body({ newPassword: password, token: { type: 'string' } }, ['newPassword', 'token']),
      responses: {
        '200': json(status, 'Reset (a verified owner is signed in: Set-Cookie)'),
        ...postRefusals,
        '400': error(`A link expired or used: '${accountMessages.resetLinkInvalid}', or a password refused`),
        default: error('An error'),
      },
    },
  },
  [apiPaths.accounts.changePassword]: {
    post: {
      operationId: 'changePassword',
      tags: ['accounts'],
      summary:
        'Sets a new password with the current one; ends every other session, reset link and the feed URL',
      description:
        'Every other session of the account ends whatever `revokeOtherSessions` says, as do its reset links and ' +
        'its calendar feed URL. This one goes on as a new session (Set-Cookie; an API client gets the new ' +
        '`set-auth-token`). A wrong current password counts toward the failed sign-in lock, as a sign-in does.',
      security: cookieOrBearer,
      requestBody: body(
        {
          currentPassword: { type: 'string', maxLength: maxPasswordLength },
          newPassword: password,
          revokeOtherSessions: { type: 'boolean', description: 'Ignored: always true' },
        },
        ['currentPassword', 'newPassword'],
      ),
      responses: {
        '200': json(
          { type: 'object', properties: { user }, required: ['user'] },
          'Changed (Set-Cookie: the new session)',
        ),
        ...postRefusals,
        '400': error(
          `A wrong current password (code ${accountErrorCodes.invalidPassword}): '${accountMessages.passwordIncorrect}', or a new password refused`,
        ),
        '401': error('Not signed in'),
        '429': {
          ...tooManyRequests,
          description: `Too many requests from the client address, or with code ${accountErrorCodes.tooManyFailedSignIns}: '${accountMessages.tooManyFailedSignIns}'`,
        },
        default: error('An error'),
      },
    },
  },
  ...twoFactorPaths,
};
