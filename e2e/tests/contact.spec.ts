import { createAccount, latestMail, makeAdmin, uniqueEmail } from './accounts-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('contact form', () => {
  test("a visitor writes from a service's Get Free Consultation; the firm's mailbox gets it and an administrator marks it answered", async ({
    page,
    browser,
    request,
  }) => {
    // An administrator first: without FIRM_EMAIL, the firm's copy goes to every administrator.
    const context = await browser.newContext();
    const admin = await context.newPage();
    const adminEmail = uniqueEmail('office');
    await createAccount(admin, { email: adminEmail, firstName: 'Olive' });
    makeAdmin(adminEmail);

    // A visitor, signed out (each journey comes from a client address of its own: the form's limits count them).
    await page.goto('/services/2');
    await page.getByRole('link', { name: 'Get Free Consultation' }).click();
    await expect(page).toHaveURL(/\/contact\?service=2$/);
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Send us a message' });
    const service = form.getByRole('combobox', { name: 'Service' });
    await expect(service).toHaveValue('2');
    await expect(service.locator('option:checked')).toHaveText('Database Architecture');
    // The contact details stay beside the form.
    await expect(page.getByRole('heading', { name: 'Call Us' })).toBeVisible();

    const visitorEmail = uniqueEmail('visitor');
    const text = 'We run our orders on spreadsheets.\nCould you help us design a proper database?';
    await form.getByRole('textbox', { name: 'Name' }).fill('Jordan Visitor');
    await form.getByRole('textbox', { name: 'Email' }).fill(visitorEmail);
    await form.getByRole('textbox', { name: 'Subject' }).fill('Moving off spreadsheets');
    // Too short first: the form says so with the server's own rule, and sends nothing.
    await form.getByRole('textbox', { name: 'Message' }).fill('Too short.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Message must be at least 20 characters (10/20)')).toBeVisible();
    await form.getByRole('textbox', { name: 'Message' }).fill(text);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(
      'Thank you! We will get back to you within one business day.',
    );

    // The firm's copy in the (dev) mailbox: a reply goes to the visitor.
    const firmCopy = await latestMail(request, adminEmail, /^Contact form message — #\d+$/);
    expect(firmCopy.replyTo).toBe(visitorEmail);
    expect(firmCopy.text).toContain('Jordan Visitor wrote to OT Consulting through the contact form');
    expect(firmCopy.text).toContain('Subject: Moving off spreadsheets');
    expect(firmCopy.text).toContain('Service: Database Architecture');
    expect(firmCopy.text).toContain(
      '> We run our orders on spreadsheets.\n> Could you help us design a proper database?',
    );
    // The visitor's acknowledgment holds none of what they wrote: the form relays no text to an address.
    const ack = await latestMail(request, visitorEmail, /^We received your message/);
    expect(ack.text).toContain('We received a message sent with this email address');
    for (const written of ['Jordan Visitor', 'Moving off spreadsheets', 'spreadsheets', 'proper database']) {
      expect(ack.text).not.toContain(written);
    }

    // The administrator finds it at /admin/messages and marks it answered.
    await admin.goto('/admin');
    // The admin navigation counts it among the unanswered messages.
    await admin
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /^Messages, \d+ unanswered$/ })
      .click();
    await expect(admin).toHaveURL(/\/admin\/messages$/);
    const item = admin.getByTestId('admin-message').filter({ hasText: visitorEmail });
    await expect(item.getByRole('heading', { name: 'Moving off spreadsheets' })).toBeVisible();
    await expect(item.getByRole('link', { name: visitorEmail })).toHaveAttribute(
      'href',
      `mailto:${visitorEmail}?subject=Re%3A%20Moving%20off%20spreadsheets`,
    );
    await expect(item.getByText('Service: Database Architecture')).toBeVisible();
    await expect(item.getByText('Could you help us design a proper database?')).toBeVisible();
    await expect(item.getByText('Not answered')).toBeVisible();
    await expectAccessible(admin);
    await item.getByRole('button', { name: 'Mark Answered' }).click();
    await expect(item.getByText('Answered', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Mark Not Answered' })).toBeVisible();

    // Signed in, the form knows who is writing.
    await admin.goto('/contact');
    await expect(admin.getByRole('textbox', { name: 'Email' })).toHaveValue(adminEmail);
    await expect(admin.getByRole('textbox', { name: 'Name' })).toHaveValue('Olive Tester');
    // And sends with the session's cookie (from the portal itself, so the forged-request guard lets it through).
    await admin.getByRole('textbox', { name: 'Subject' }).fill('A note from the office');
    await admin
      .getByRole('textbox', { name: 'Message' })
      .fill('Testing the form while signed in, as a client would.');
    await admin.getByRole('button', { name: 'Send Message' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await context.close();
  });
});
