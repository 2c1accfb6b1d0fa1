import { createAccount, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('the catalogue, managed', () => {
  test("an administrator raises a service's rate; a client then sees the new rate on the services page", async ({
    page,
    browser,
  }) => {
    // The administrator, in a browser context of their own.
    const context = await browser.newContext();
    const admin = await context.newPage();
    const email = uniqueEmail('office');
    await createAccount(admin, { email, firstName: 'Olive' });
    makeAdmin(email);

    await admin.goto('/admin');
    await admin.getByRole('link', { name: 'Manage Services' }).click();
    await expect(admin).toHaveURL(/\/admin\/services$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    // Service 2: no other journey reads its rate.
    const row = admin.getByTestId('service-row').filter({ hasText: 'Database Architecture' });
    const before = Number(((await row.getByText(/\$\d+\/hour/).textContent()) ?? '').replace(/[^0-9]/g, ''));
    const raised = before + 25;

    await row.getByRole('button', { name: 'Edit Database Architecture' }).click();
    await admin.getByRole('spinbutton', { name: /Hourly rate/ }).fill(String(raised));
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await expect(admin.getByText('Service saved')).toBeVisible();
    await expect(row).toContainText(`$${raised}/hour`);
    await expect(
      admin.getByTestId('service-change').first(),
      'the change is listed with who made it and old → new',
    ).toContainText(new RegExp(`${email}[\\s\\S]*Hourly rate: \\$${before}/hour → \\$${raised}/hour`));
    await expectAccessible(admin);
    await context.close();

    // A client sees the new rate (every process reloads the catalogue within a second).
    await createAccount(page, { firstName: 'Cleo' });
    await page.goto('/services');
    const card = page.getByRole('article').filter({ hasText: 'Database Architecture' });
    await expect(card).toContainText(`$${raised}/hour`);
  });
});
