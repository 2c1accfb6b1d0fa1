import { latestMail, linkTo, password, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// Chrome logs every 4xx answer as a console error: these are the ones this journey expects.
const expectedAnswers = {
  /** The profile of an account that has not completed it (→ /complete-profile). */
  profileNotComplete: /404 \(Not Found\).*\/api\/auth\/profile|\/api\/auth\/profile.*404/,
};

/**
 * Never lose where the visitor was going (docs/product.md#sign-in): a newcomer who presses Book Consultation Now
 * registers, verifies, signs in and completes the profile, and lands on that service's wizard.
 */
for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
]) {
  test(`a signed-out visitor who books a service ends on its wizard after registering (${viewport.name})`, async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(expectedAnswers.profileNotComplete);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = uniqueEmail(`destination-${viewport.name}`);

    await page.goto('/services/2');
    await page.getByRole('main').getByRole('link', { name: 'Book Consultation Now' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fbook%2F2$/);

    // A newcomer: registration from the login page keeps the service.
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fbook%2F2$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await page
      .getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' })
      .check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fbook%2F2$/);
    await expect(
      page.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeVisible();

    // The verification link lands on the sign-in page, still carrying the service.
    const mail = await latestMail(page.request, email, /verify/i);
    await page.goto(linkTo(mail, /verify-email/));
    await expect(page).toHaveURL(/\/login\?verified=1&redirect=%2Fbook%2F2$/);
    await expect(page.getByText('Your email address is verified. Please log in.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();

    // A new account completes its profile first, then goes on to the wizard of the service chosen.
    await expect(page).toHaveURL(/\/complete-profile\?redirect=%2Fbook%2F2$/);
    await page.getByLabel('First Name').fill('Nia');
    await page.getByLabel('Last Name').fill('Okafor');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expect(page).toHaveURL(/\/book\/2$/);
    await expect(page.getByRole('heading', { name: 'Choose a Date & Time' })).toBeVisible();
    await expectAccessible(page);
  });
}
