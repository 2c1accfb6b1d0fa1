import { accountErrorCodes, twoFactorErrorCodes, twoFactorMessages } from '@portal/domain';
import '../../index.css';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { LoginRoute } from '../../app/routes/login';
import { ProfileRoute } from '../../app/routes/profile';
import { profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';
import { RequireAdmin, RequireSignIn } from './components/route-guards';

interface Account {
  role: 'client' | 'admin';
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
}

const session = (account: Account) => ({
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: 'Jane', ...account },
});

/** The session and profile routes of a signed-in account whose two-factor state the test changes. */
function accountRoutes(account: Account) {
  return (call: ApiCall): Answer | undefined => {
    if (call.path === '/api/identity/get-session') return { status: 200, body: session(account) };
    if (call.path === '/api/auth/profile')
      return { status: 200, body: { user: profileFixture({ role: account.role }) } };
    return undefined;
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginRoute /> },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { path: '/profile', element: <ProfileRoute /> },
          { element: <RequireAdmin />, children: [{ path: '/admin/*', element: <h1>Admin page</h1> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an administrator the firm requires a second factor of', () => {
  it('is sent from /admin to the profile’s two-factor card, and back once it is on', async () => {
    const account: Account = { role: 'admin', twoFactorEnabled: false, twoFactorRequired: true };
    const calls = stubApi((call) => {
      if (call.path === '/api/identity/two-factor/enable') {
        return {
          status: 200,
          body: {
            totpURI:
              'otpauth://totp/OT%20Consulting:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=OT%20Consulting',
            backupCodes: ['aaaaa-11111', 'bbbbb-22222'],
          },
        };
      }
      if (call.path === '/api/identity/two-factor/verify-totp') {
        if ((call.body as { code: string }).code !== '123456') {
          return {
            status: 401,
            body: { code: twoFactorErrorCodes.invalidCode, message: twoFactorMessages.invalidCode },
          };
        }
        account.twoFactorEnabled = true;
        return { status: 200, body: { user: {} } };
      }
      return accountRoutes(account)(call);
    });
    const router = renderAt('/admin/bookings');

    await expect.element(page.getByText(twoFactorMessages.required)).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.hash).toBe('#two-factor');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/bookings');

    await page.getByRole('button', { name: twoFactorMessages.turnOn }).click();
    // The profile has other password fields (its other cards): this card's.
    await page
      .getByRole('region', { name: twoFactorMessages.heading })
      .getByLabelText('Password')
      .fill('my-password');
    await page.getByRole('button', { name: twoFactorMessages.continue }).click();
    await expect.element(page.getByLabelText(twoFactorMessages.secretLabel)).toHaveValue('JBSWY3DPEHPK3PXP');
    await expect.element(page.getByRole('img', { name: twoFactorMessages.qrCodeLabel })).toBeVisible();
    await expect
      .element(page.getByRole('list', { name: twoFactorMessages.recoveryCodesHeading }))
      .toHaveTextContent('aaaaa-11111bbbbb-22222');
    expect(calls.find((call) => call.path.endsWith('/enable'))?.body).toEqual({ password: 'my-password' });

    await page.getByLabelText(twoFactorMessages.codeLabel).fill('12345');
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await expect.element(page.getByText(twoFactorMessages.codeFormat)).toBeVisible();
    await page.getByLabelText(twoFactorMessages.codeLabel).fill('654 321');
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await expect.element(page.getByText(twoFactorMessages.invalidCode)).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/verify-totp')).at(-1)?.body).toEqual({
      code: '654321',
    });

    await page.getByLabelText(twoFactorMessages.codeLabel).fill('123456');
    await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
    await expect.element(page.getByRole('heading', { name: 'Admin page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/bookings');
  });

  it('is sent to set it up when the API answers 403 TWO_FACTOR_REQUIRED', async () => {
    const account: Account = { role: 'admin', twoFactorEnabled: true, twoFactorRequired: true };
    stubApi(accountRoutes(account));
    const router = renderAt('/admin');
    await expect.element(page.getByRole('heading', { name: 'Admin page' })).toBeVisible();
    // Turned off in another tab: the next answer of the firm's API says so.
    account.twoFactorEnabled = false;
    await fetchRefused();
    await expect.element(page.getByText(twoFactorMessages.required)).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('leaves a client and an administrator in optional mode where they are', async () => {
    stubApi(accountRoutes({ role: 'admin', twoFactorEnabled: false, twoFactorRequired: false }));
    renderAt('/admin');
    await expect.element(page.getByRole('heading', { name: 'Admin page' })).toBeVisible();
  });
});

/** A request of the firm's API answered 403 TWO_FACTOR_REQUIRED, through the app's one HTTP client. */
async function fetchRefused() {
  const { apiFetch } = await import('../../lib/api-client');
  vi.stubGlobal(
    'fetch',
    wrapFetch(globalThis.fetch, {
      status: 403,
      body: { message: twoFactorMessages.requiredRefusal, code: accountErrorCodes.twoFactorRequired },
    }),
  );
  await apiFetch('/api/admin/counts').catch(() => undefined);
}

/** `fetch` answering `/api/admin/counts` with `answer`, everything else as before. */
function wrapFetch(previous: typeof fetch, answer: { status: number; body: unknown }): typeof fetch {
  return async (input, init) => {
    if (String(input).endsWith('/api/admin/counts')) {
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return previous(input, init);
  };
}

describe('logging in with a second factor', () => {
  it('asks for the app’s code after the password, or a recovery code instead', async () => {
    let signedIn = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/identity/get-session') {
        return {
          status: 200,
          body: signedIn
            ? session({ role: 'client', twoFactorEnabled: true, twoFactorRequired: false })
            : null,
        };
      }
      if (call.path === '/api/auth/profile') return { status: 200, body: { user: profileFixture() } };
      if (call.path === '/api/identity/sign-in/email') {
        return { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } };
      }
      if (call.path === '/api/identity/two-factor/verify-totp') {
        return {
          status: 401,
          body: { code: twoFactorErrorCodes.invalidCode, message: twoFactorMessages.invalidCode },
        };
      }
      if (call.path === '/api/identity/two-factor/verify-backup-code') {
        signedIn = true;
        return { status: 200, body: { user: {} } };
      }
      return undefined;
    });
    const router = renderAt('/login');
    await page.getByLabelText('Email').fill('jane@example.com');
    await page.getByLabelText('Password').fill('my-password');
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect.element(page.getByRole('heading', { name: twoFactorMessages.heading })).toBeVisible();
    await page.getByLabelText(twoFactorMessages.codeLabel).fill('111111');
    await page.getByRole('button', { name: twoFactorMessages.verify }).click();
    await expect.element(page.getByText(twoFactorMessages.invalidCode)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');

    await page.getByRole('button', { name: twoFactorMessages.useRecoveryCode }).click();
    await page.getByLabelText(twoFactorMessages.recoveryCodeLabel).fill(' aaaaa-11111 ');
    await page.getByRole('button', { name: twoFactorMessages.verify }).click();
    await expect.element(page.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/verify-backup-code'))?.body).toEqual({
      code: 'aaaaa-11111',
    });
  });

  it('goes back to the password when the sign-in has run out', async () => {
    stubApi((call) => {
      if (call.path === '/api/identity/get-session') return { status: 200, body: null };
      if (call.path === '/api/identity/sign-in/email')
        return { status: 200, body: { twoFactorRedirect: true } };
      if (call.path === '/api/identity/two-factor/verify-totp') {
        return {
          status: 400,
          body: { code: twoFactorErrorCodes.tooManyAttempts, message: twoFactorMessages.tooManyAttempts },
        };
      }
      return undefined;
    });
    renderAt('/login');
    await page.getByLabelText('Email').fill('jane@example.com');
    await page.getByLabelText('Password').fill('my-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabelText(twoFactorMessages.codeLabel).fill('111111');
    await page.getByRole('button', { name: twoFactorMessages.verify }).click();
    await expect.element(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect.element(page.getByText(twoFactorMessages.tooManyAttempts)).toBeVisible();
    await expect.element(page.getByLabelText('Password')).toHaveValue('');
  });
});
