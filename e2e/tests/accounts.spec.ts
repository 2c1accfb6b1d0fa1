import { createAccount, latestMail, linkTo, makeAdmin, password, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, keepScreenshot, test } from './fixtures.ts';

// Chrome logs every 4xx answer as a console error: these are the ones the accounts flows expect.
const expectedAnswers = {
  /** The profile of an account that has not completed it (→ /complete-profile). */
  profileNotComplete: /404 \(Not Found\).*\/api\/auth\/profile|\/api\/auth\/profile.*404/,
  /** Sign-in refused (unverified e-mail: 403; wrong password: 401). */
  signInRefused: /40[13] .*sign-in\/email|sign-in\/email.*40[13]|status of 40[13]/,
  /** A spent reset link. */
  resetRefused: /status of 400/,
};

test.describe('accounts journeys', () => {
  test('register → verify by e-mail → complete profile → dashboard → edit profile → logout → login', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(expectedAnswers.profileNotComplete);
    allowConsoleError(expectedAnswers.signInRefused);
    const email = uniqueEmail('journey');

    // Register: every validation message (docs/product.md#messages).
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: "What's Next?" })).toBeVisible();
    const emailField = page.getByLabel('Email', { exact: true });
    const passwordField = page.getByLabel('Password', { exact: true });
    const confirmField = page.getByLabel('Confirm Password', { exact: true });
    const createAccount = page.getByRole('button', { name: 'Create Account' });
    await createAccount.click();
    await expect(emailField).toHaveAccessibleDescription('Email is required');
    await expect(passwordField).toHaveAccessibleDescription(/Password is required/);
    await expect(confirmField).toHaveAccessibleDescription('Please confirm your password');
    await emailField.fill('not-an-address');
    await passwordField.fill('short');
    await confirmField.fill('different');
    await createAccount.click();
    await expect(emailField).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(passwordField).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await expect(confirmField).toHaveAccessibleDescription('Passwords do not match');
    await expectAccessible(page);
    await keepScreenshot(page, 'register-errors');

    await emailField.fill(email);
    await passwordField.fill(password);
    await confirmField.fill(password);
    // Creating an account accepts the Terms and the Privacy Policy: the box says so, and must be ticked.
    await expect(
      page.getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' }),
    ).toHaveAccessibleDescription('Please accept the Terms of Service and the Privacy Policy');
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .check();
    await createAccount.click();

    // To /login with the message and the e-mail prefilled.
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    // Refused until verified, with a way to resend the e-mail.
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Please verify your email address before logging in.')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    await expectAccessible(page);

    // The verification link verifies and never signs in: it lands on the sign-in page, where the password of
    // whoever holds the mailbox signs in; the guard then asks for the profile first.
    const mail = await latestMail(page.request, email, /verify/i);
    await page.goto(linkTo(mail, /verify-email/));
    await expect(page).toHaveURL(/\/login\?verified=1$/);
    await expect(page.getByText('Your email address is verified. Please log in.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page.getByLabel('First Name')).toHaveAccessibleDescription(
      'First name and last name are required',
    );
    await expectAccessible(page);
    await page.getByLabel('First Name').fill('Jane');
    await page.getByLabel('Last Name').fill('Doe');
    await page.getByLabel('Phone').fill('(602) 555-0100');
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    // Dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Jane!');
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['My Bookings', '/my-bookings'],
      ['Services', '/services'],
      ['Profile', '/profile'],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('link', { name: 'Admin Access' })).toHaveCount(0);
    await expect(main.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(banner.getByRole('link', { name: 'My Bookings', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await keepScreenshot(page, 'dashboard');

    // Profile through the user menu: view mode, then edit, cancel, edit and save.
    await banner.getByRole('button', { name: /^Jane, user menu$/ }).click();
    await banner.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByText('Client', { exact: true })).toBeVisible();
    await expect(main.getByText(email)).toBeVisible();
    await expect(main.getByText('Email cannot be changed from this page')).toBeVisible();
    await expect(main.getByText('Not provided')).toHaveCount(3); // company, billing address, tax ID
    await expect(main.getByText('Member Since')).toBeVisible();
    await expectAccessible(page);

    await main.getByRole('button', { name: 'Edit Profile' }).click();
    await main.getByLabel('Company').fill('Acme Widgets');
    await main.getByRole('button', { name: 'Cancel' }).click();
    await expect(main.getByText('Acme Widgets')).toHaveCount(0);
    await main.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(main.getByLabel('Company')).toHaveValue('');
    await expect(main.getByLabel('Email')).toBeDisabled();
    await main.getByLabel('Company').fill('Acme Widgets');
    await main.getByLabel('Last Name').fill('Doe-Smith');
    await main.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
    await expect(main.getByText('Acme Widgets')).toBeVisible();
    await expect(main.getByText('Doe-Smith')).toBeVisible();
    await page.reload();
    await expect(main.getByText('Acme Widgets')).toBeVisible();
    await keepScreenshot(page, 'profile');

    // Logout ends the session: protected pages send to /login again.
    await banner.getByRole('button', { name: /^Jane, user menu$/ }).click();
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);

    // Wrong password, then the right one: back to the page first asked for.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Welcome back! Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('forgot password → e-mail → reset → dashboard; the used link is refused and offers a new one', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(expectedAnswers.resetRefused);
    const { email } = await createAccount(page, { firstName: 'Robin' });
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText('Password reset email sent! Check your email for instructions.'),
    ).toBeVisible();
    await expectAccessible(page);

    const mail = await latestMail(page.request, email, /reset/i);
    const link = linkTo(mail, /reset-password/);
    await page.goto(link);
    const newPassword = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password');
    const update = page.getByRole('button', { name: 'Update Password' });
    await update.click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await newPassword.fill('Another-Pass-77');
    await confirm.fill('Another-Pass-78');
    await update.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await newPassword.fill('abc');
    await confirm.fill('abc');
    await update.click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expectAccessible(page);
    await newPassword.fill('Another-Pass-77');
    await confirm.fill('Another-Pass-77');
    await update.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Robin!');

    // The link is single-use.
    await page.goto(link);
    await newPassword.fill('Third-Pass-99');
    await confirm.fill('Third-Pass-99');
    await update.click();
    await expect(page.getByText(/expired or has already been used/)).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('guards: signed out → /login and back; incomplete profile → /complete-profile; client at /admin → Access Denied', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(expectedAnswers.profileNotComplete);
    // Forgetting the first user's cookie mid-session may meet a profile read in flight: that 401 is the app's
    // "session gone" path (clear state, go to /login), not a fault.
    allowConsoleError(/401 \(Unauthorized\) \S+\/api\/auth\/profile$/);

    // Signed out.
    for (const path of ['/dashboard', '/profile', '/my-bookings', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
    }
    await page.goto('/complete-profile');
    await expect(page.getByText('Please log in to complete your profile')).toBeVisible();

    // Signed in without a profile: every non-public page asks for it, public pages do not.
    await createAccount(page, { profile: false });
    await page.goto('/my-bookings');
    await expect(page).toHaveURL(/\/complete-profile\?redirect=%2Fmy-bookings$/);
    for (const path of ['/', '/services', '/services/1', '/contact']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    // Signed in there too (the profile has been asked for): only then forget the cookie, so no read is cut off.
    await expect(page.getByRole('banner').getByRole('button', { name: /, user menu$/ })).toBeVisible();
    await page.context().clearCookies();

    // A client at /admin and below.
    await createAccount(page, { firstName: 'Sam' });
    for (const path of ['/admin', '/admin/bookings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(
        page.getByText(
          "You don't have permission to access this page. Administrative privileges are required.",
        ),
      ).toBeVisible();
    }
    await expectAccessible(page);
    await keepScreenshot(page, 'access-denied');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // My Bookings, which the top bar links to.
    await page.getByRole('banner').getByRole('link', { name: 'My Bookings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  });

  test('an administrator made with set-role sees the Admin link (active under /admin) and the Admin Access card', async ({
    page,
  }) => {
    const { email } = await createAccount(page, { firstName: 'Alex' });
    makeAdmin(email);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Admin Access' })).toHaveAttribute('href', '/admin');
    await main.getByRole('link', { name: 'Admin Access' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const admin = page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true });
    await expect(admin).toHaveAttribute('aria-current', 'page');
    await page.goto('/admin/bookings');
    await expect(admin).toHaveAttribute('aria-current', 'page');
    await page.goto('/profile');
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
  });

  test('page scripts never read the session token: sign-in and get-session answers in the browser carry none', async ({
    page,
    context,
  }) => {
    const { email } = await createAccount(page, { firstName: 'Sam' });
    await page.goto('/');
    // Called from the page, as the web app calls them: the browser adds its own Origin and Sec-Fetch-* headers.
    const answers = await page.evaluate(
      async (credentials) => {
        const read = async (response: Response) => ({
          headers: [...response.headers.entries()],
          body: await response.text(),
        });
        const signIn = await fetch('/api/identity/sign-in/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(credentials),
        });
        const session = await fetch('/api/identity/get-session');
        return { signIn: await read(signIn), session: await read(session) };
      },
      { email, password },
    );
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'portal.session_token');
    expect(cookie?.httpOnly).toBe(true);
    const signedToken = decodeURIComponent(cookie?.value ?? '');
    const rawToken = signedToken.split('.')[0] ?? '';
    expect(rawToken.length).toBeGreaterThan(10);
    expect(JSON.parse(answers.session.body)).toMatchObject({ user: { email } });
    for (const answer of [answers.signIn, answers.session]) {
      expect(JSON.stringify(answer)).not.toContain(rawToken);
      expect(answer.headers.map(([name]) => name)).not.toContain('set-auth-token');
    }
  });

  test('under 768px the menu mirrors the signed-in top bar', async ({ page }) => {
    await createAccount(page, { firstName: 'Mo' });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Main menu' }).click();
    for (const name of ['Home', 'Services', 'Dashboard', 'My Bookings', 'Profile']) {
      await expect(banner.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
    await expectAccessible(page);
  });

  test('signed in, the home page offers View Services and Book Consultation, and a service books at /book/{id}', async ({
    page,
  }) => {
    await createAccount(page, { firstName: 'Lee' });
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/services');
    await expect(main.getByRole('link', { name: 'Book Consultation' }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
    await page.goto('/services/1');
    await expect(main.getByRole('link', { name: 'Book Consultation Now' })).toHaveAttribute(
      'href',
      '/book/1',
    );
  });
});
