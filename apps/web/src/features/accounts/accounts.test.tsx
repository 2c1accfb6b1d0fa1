import type { ProfileUser } from '@portal/domain';
import '../../index.css';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { CompleteProfileRoute } from '../../app/routes/complete-profile';
import { LoginRoute } from '../../app/routes/login';
import { RegisterRoute } from '../../app/routes/register';
import { ResetPasswordRoute } from '../../app/routes/reset-password';
import { challengeFixture, profileFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { RequireAdmin, RequireSignIn } from './components/route-guards';

type Answer = { status: number; body: unknown };

const session = (role = 'client') => ({
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', email: 'jane@example.com', emailVerified: true, name: '', role },
});

const profile = (role: ProfileUser['role'] = 'client') => ({ user: profileFixture({ role }) });

/** Answers the app's requests by path, like the server would. */
function stubApi(answers: Record<string, Answer>) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), window.location.origin).pathname;
    calls.push({ path, init });
    // The register form's challenge, unless a test answers it otherwise.
    const challenge = path === '/api/challenge' ? { status: 200, body: challengeFixture } : undefined;
    const answer = answers[path] ?? challenge ?? { status: 404, body: { message: 'Route not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/sign-in', element: <LoginRoute /> },
      { path: '/profile', element: <h1>Profile page</h1> },
      { path: '/complete-profile', element: <h1>Complete profile page</h1> },
      { path: '/register', element: <RegisterRoute /> },
      { path: '/finish-profile', element: <CompleteProfileRoute /> },
      { path: '/book/:serviceId', element: <h1>Booking wizard</h1> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
          { element: <RequireAdmin />, children: [{ path: '/admin/*', element: <h1>Admin page</h1> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

const signedIn = (role: ProfileUser['role'] = 'client') => ({
  '/api/identity/get-session': { status: 200, body: session(role) },
  '/api/auth/profile': { status: 200, body: profile(role) },
});

describe('route guards', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /login, remembering the page asked for', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    const router = renderAt('/dashboard?tab=1');
    await expect.element(page.getByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard?tab=1');
  });

  it("shows 'Loading...' while the session loads", async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderAt('/dashboard');
    await expect.element(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  });

  it('sends a signed-in user without a profile to /complete-profile', async () => {
    stubApi({
      '/api/identity/get-session': { status: 200, body: session() },
      '/api/auth/profile': {
        status: 404,
        body: { message: 'Profile not found. Please complete your profile.' },
      },
    });
    const router = renderAt('/dashboard?tab=1');
    await expect.element(page.getByRole('heading', { name: 'Complete profile page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/complete-profile');
    // …and on to the page asked for once it is completed.
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard?tab=1');
  });

  it('lets a signed-in user with a profile in', async () => {
    stubApi(signedIn());
    renderAt('/dashboard');
    await expect.element(page.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
  });

  it('shows Access Denied to a client on any /admin path', async () => {
    stubApi(signedIn());
    renderAt('/admin/bookings');
    await expect.element(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect
      .element(
        page.getByText(
          "You don't have permission to access this page. Administrative privileges are required.",
        ),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Go to Dashboard' }))
      .toHaveAttribute('href', '/dashboard');
  });

  it('lets an administrator in to /admin', async () => {
    stubApi(signedIn('admin'));
    renderAt('/admin');
    await expect.element(page.getByRole('heading', { name: 'Admin page' })).toBeVisible();
  });
});

describe('register form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every validation message of the product, tied to its field', async () => {
    const calls = stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const [label, message] of [
      ['Email', 'Email is required'],
      ['Password', 'Password is required'],
      ['Confirm Password', 'Please confirm your password'],
      [
        'I accept the Terms of Service and the Privacy Policy',
        'Please accept the Terms of Service and the Privacy Policy',
      ],
    ] as const) {
      await expect
        .element(page.getByLabelText(label, { exact: true }))
        .toHaveAccessibleDescription(new RegExp(message));
    }
    await page.getByLabelText('Email', { exact: true }).fill('not-an-address');
    await page.getByLabelText('Password', { exact: true }).fill('abc');
    await page.getByLabelText('Confirm Password').fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.element(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect.element(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect.element(page.getByText('Passwords do not match')).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/identity/sign-up/email')).toHaveLength(0);
    await expect.element(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
  });

  it('goes to /login with the message and the e-mail after signing up, with the challenge it solved unseen', async () => {
    const calls = stubApi({
      '/api/identity/get-session': { status: 200, body: null },
      '/api/identity/sign-up/email': { status: 200, body: { user: { id: 'u1' } } },
    });
    const router = renderAt('/register');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabelText('Confirm Password').fill('s3cret-pass');
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.element(page.getByRole('heading', { name: 'Login page' })).toBeVisible();
    expect(router.state.location.state).toEqual({
      message: 'Registration successful! Please check your email to verify your account.',
      email: 'jane@example.com',
    });
    const signUp = calls.find((call) => call.path === '/api/identity/sign-up/email');
    const body = JSON.parse(String(signUp?.init?.body)) as { altcha?: string };
    expect(body).toMatchObject({ email: 'jane@example.com', password: 's3cret-pass' });
    const solved = JSON.parse(atob(body.altcha ?? '')) as {
      challenge: unknown;
      solution: { counter: number };
    };
    expect(solved.challenge).toEqual(challengeFixture);
    expect(solved.solution.counter).toBe(7);
  });

  it('asks for the Terms and the Privacy Policy to be accepted, linking both, before anything is sent', async () => {
    const calls = stubApi({
      '/api/identity/get-session': { status: 200, body: null },
      '/api/identity/sign-up/email': { status: 200, body: { user: { id: 'u1' } } },
    });
    renderAt('/register');
    const box = page.getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' });
    await expect.element(box).not.toBeChecked();
    await expect
      .element(page.getByRole('link', { name: 'Terms of Service' }))
      .toHaveAttribute('href', '/terms');
    await expect
      .element(page.getByRole('link', { name: 'Privacy Policy' }))
      .toHaveAttribute('href', '/privacy');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabelText('Confirm Password').fill('s3cret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .element(box)
      .toHaveAccessibleDescription('Please accept the Terms of Service and the Privacy Policy');
    await expect.element(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.path === '/api/identity/sign-up/email')).toHaveLength(0);

    await box.click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.element(page.getByRole('heading', { name: 'Login page' })).toBeVisible();
    // The body is the sign-up's as before (the box is not sent): the server records the versions in force.
    const signUp = calls.find((call) => call.path === '/api/identity/sign-up/email');
    const sent = JSON.parse(String(signUp?.init?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ email: 'jane@example.com', password: 's3cret-pass' });
    expect(sent).not.toHaveProperty('acceptLegal');
  });

  /** Opens the register page at `path`, checks where its login link goes, and registers. */
  async function registerFrom(path: string, loginLink: string) {
    const calls = stubApi({
      '/api/identity/get-session': { status: 200, body: null },
      '/api/identity/sign-up/email': { status: 200, body: { user: { id: 'u1' } } },
    });
    const router = renderAt(path);
    await expect.element(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', loginLink);
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabelText('Confirm Password').fill('s3cret-pass');
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.element(page.getByRole('heading', { name: 'Login page' })).toBeVisible();
    const signUp = calls.find((call) => call.path === '/api/identity/sign-up/email');
    return { router, body: JSON.parse(String(signUp?.init?.body)) as { callbackURL?: string } };
  }

  it('keeps the page the visitor was going to: in the login link, the verification link and on to /login', async () => {
    const { router, body } = await registerFrom(
      '/register?redirect=%2Fbook%2F3',
      '/login?redirect=%2Fbook%2F3',
    );
    expect(body.callbackURL).toBe('/book/3');
    expect(router.state.location.search).toBe('?redirect=%2Fbook%2F3');
    expect(router.state.location.state).toMatchObject({ email: 'jane@example.com' });
  });

  it('ignores a destination on another site', async () => {
    const { router, body } = await registerFrom('/register?redirect=%2F%2Fevil.example.com', '/login');
    expect(body.callbackURL).toBe('/dashboard');
    expect(router.state.location.search).toBe('');
  });

  it("says 'Registration failed. Please try again.' when the server cannot be reached", async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/register');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabelText('Confirm Password').fill('s3cret-pass');
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});

describe('reset password page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says an expired or used link is spent and offers a new one', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/reset-password?error=INVALID_TOKEN');
    await expect.element(page.getByRole('alert')).toHaveTextContent(/expired or has already been used/);
    await expect
      .element(page.getByRole('link', { name: 'Request a new link' }))
      .toHaveAttribute('href', '/forgot-password');
  });

  it('checks the fields in the order of the form', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/reset-password?token=abc');
    const submit = page.getByRole('button', { name: 'Update Password' });
    await submit.click();
    await expect.element(page.getByText('Please fill in all fields')).toBeVisible();
    await page.getByLabelText('New Password', { exact: true }).fill('abcde');
    await page.getByLabelText('Confirm New Password').fill('abcdf');
    await submit.click();
    await expect.element(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabelText('Confirm New Password').fill('abcde');
    await submit.click();
    await expect.element(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  });
});

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function logIn(answer: Answer) {
    const calls = stubApi({
      '/api/identity/get-session': { status: 200, body: null },
      '/api/identity/sign-in/email': answer,
      '/api/identity/send-verification-email': { status: 200, body: { status: true } },
    });
    const router = renderAt('/sign-in?redirect=%2Fprofile');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    return { calls, router };
  }

  it('asks to verify the address first, and resends the e-mail', async () => {
    const { calls } = await logIn({
      status: 403,
      body: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address before logging in.' },
    });
    await expect.element(page.getByText('Please verify your email address before logging in.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect.element(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    const resend = calls.find((call) => call.path === '/api/identity/send-verification-email');
    // The new link carries on to the page asked for, as the first did.
    expect(JSON.parse(String(resend?.init?.body))).toEqual({
      email: 'jane@example.com',
      callbackURL: '/profile',
    });
  });

  it("says 'Login failed. Please check your credentials.' for wrong credentials", async () => {
    await logIn({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('shows the message of a 429', async () => {
    await logIn({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
    });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Too many requests. Please try again later.');
  });

  it("says 'An unexpected error occurred. Please try again.' when the server fails", async () => {
    await logIn({ status: 500, body: { message: 'Something went wrong. Please try again later.' } });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('welcomes the user back and goes to the page first asked for', async () => {
    const { router } = await logIn({
      status: 200,
      body: { redirect: false, user: { id: 'u1' } },
    });
    await expect.element(page.getByText('Welcome back! Login successful.')).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('ignores a redirect to another site', async () => {
    stubApi({
      ...signedIn(),
      '/api/identity/sign-in/email': { status: 200, body: {} },
    });
    const router = renderAt('/sign-in?redirect=%2F%2Fevil.example.com');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.element(page.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says the address is verified and asks to log in, where the verification link lands', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/sign-in?verified=1');
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Your email address is verified. Please log in.' }))
      .toBeVisible();
  });

  it('explains a spent verification link that landed here', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/sign-in?verified=1&error=INVALID_TOKEN');
    await expect
      .element(page.getByRole('status').filter({ hasText: 'This verification link has expired' }))
      .toBeVisible();
    await expect.element(page.getByText('Your email address is verified')).not.toBeInTheDocument();
  });

  it('offers a newcomer registration that keeps the page asked for', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/sign-in?verified=1&redirect=%2Fbook%2F3');
    await expect
      .element(page.getByRole('link', { name: 'Register' }))
      .toHaveAttribute('href', '/register?redirect=%2Fbook%2F3');
  });

  it('offers plain registration when no page, or one on another site, was asked for', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt('/sign-in?redirect=%2F%5Cevil.example.com');
    await expect.element(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('goes on to the page the verification link carried after signing in', async () => {
    stubApi({
      ...signedIn(),
      '/api/identity/sign-in/email': { status: 200, body: {} },
    });
    const router = renderAt('/sign-in?verified=1&redirect=%2Fbook%2F3');
    await page.getByLabelText('Email', { exact: true }).fill('jane@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('s3cret-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.element(page.getByRole('heading', { name: 'Booking wizard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/book/3');
  });

  it('explains a spent verification link that brought the user here', async () => {
    stubApi({ '/api/identity/get-session': { status: 200, body: null } });
    renderAt(`/sign-in?redirect=${encodeURIComponent('/dashboard?error=INVALID_TOKEN')}`);
    await expect
      .element(page.getByRole('status').filter({ hasText: 'This verification link has expired' }))
      .toBeVisible();
  });
});

describe('complete-profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Signed in without a profile until the form saves one. */
  function stubProfileCompletion() {
    let saved = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      let answer: Answer = { status: 404, body: { message: 'Route not found' } };
      if (path === '/api/identity/get-session') answer = { status: 200, body: session() };
      if (path === '/api/auth/profile' && init?.method === 'PUT') {
        saved = true;
        answer = { status: 200, body: profile() };
      } else if (path === '/api/auth/profile') {
        answer = saved
          ? { status: 200, body: profile() }
          : { status: 404, body: { message: 'Profile not found. Please complete your profile.' } };
      }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    });
  }

  async function completeProfileAt(path: string) {
    stubProfileCompletion();
    const router = renderAt(path);
    await page.getByLabelText('First Name').fill('Jane');
    await page.getByLabelText('Last Name').fill('Doe');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    return router;
  }

  it('goes on to the page the user was going to once the profile is complete', async () => {
    const router = await completeProfileAt('/finish-profile?redirect=%2Fbook%2F3');
    await expect.element(page.getByRole('heading', { name: 'Booking wizard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/book/3');
  });

  it('goes to the dashboard when the page asked for is on another site', async () => {
    const router = await completeProfileAt('/finish-profile?redirect=https%3A%2F%2Fevil.example.com');
    await expect.element(page.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
