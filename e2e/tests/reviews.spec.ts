import { completedConsultation, createAccount, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('reviews', () => {
  test('an administrator completes a consultation; its client leaves a 5-star review that then shows on the service page', async ({
    page,
    browser,
  }) => {
    // The client books IT Consulting (service 4: the other journeys expect nothing of its reviews) through the API,
    // and an administrator marks it completed.
    await createAccount(page, { firstName: 'Riley' });
    const context = await browser.newContext();
    const admin = await context.newPage();
    const adminEmail = uniqueEmail('office');
    await createAccount(admin, { email: adminEmail, firstName: 'Olive' });
    makeAdmin(adminEmail);
    const booking = await completedConsultation(page, admin, 4, 'A review of our IT roadmap.');

    // The client reviews it from My Bookings, choosing the stars with the keyboard.
    await page.goto('/my-bookings');
    const card = page.getByRole('article').filter({ hasText: booking.confirmation_code });
    await card.getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Your Consultation' });
    await dialog.getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('A clear roadmap in one session.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save Review' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Leave Review' })).toHaveCount(0);

    // The service page shows it, named as 'Riley T.', and the figures count it (within a second in every process).
    await page.goto('/services/4');
    await expect(page.getByText(/★ \d\.\d \(\d+ reviews?\)/).first()).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Client Reviews' });
    await expect(reviews.getByText('A clear roadmap in one session.')).toBeVisible();
    await expect(reviews.getByText('Riley T.').first()).toBeVisible();
    await expectAccessible(page);

    // The administrators' list has it, with Hide at hand.
    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(admin).toHaveURL(/\/admin\/reviews$/);
    const listed = admin.getByTestId('admin-review').filter({ hasText: 'A clear roadmap in one session.' });
    await expect(listed.getByRole('button', { name: 'Hide' })).toBeVisible();
    await expectAccessible(admin);
    await context.close();
  });
});
