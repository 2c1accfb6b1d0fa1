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
              properties: { redirect: { type: 'boolean' }, url: { type: ['string', 'null'] }, user },
              required: ['user'],
            },
            'Signed in',
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
};
