// The whole path around one consultation (docs/product.md#the-bookings-page): the client answers the service's
// intake questions and attaches a PDF while booking; the firm reads both and asks a question in the booking's
// conversation, the client answers; the firm confirms and the client sees the meeting link; the firm completes the
// consultation with a summary and a deliverable that the client downloads.
import { readFileSync } from 'node:fs';
import { createAccount, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { expect, pickDay, test, weekdayAhead } from './fixtures.ts';

/** Database Architecture: the wizard journeys book services 1 and 3, the team's journey service 4 after the others. */
const serviceId = 2;

/** A small real PDF: its signature is what the server recognises, whatever the name says. */
function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${title}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

interface BookedAnswer {
  booking: { id: number; confirmation_code: string };
}

test('a client answers the questions and attaches a brief, talks with the firm, joins the meeting and downloads the deliverable', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await browser.newContext().then((context) => context.newPage());
  const adminEmail = uniqueEmail('path-admin');
  await Promise.all([
    createAccount(page, { firstName: 'Grace' }),
    createAccount(admin, { email: adminEmail }),
  ]);
  makeAdmin(adminEmail);

  // The firm asks two questions for the service (optional ones: other journeys book it without answers).
  const stackQuestion = 'Which database do you run today?';
  const sizeQuestion = 'Is the data over a terabyte?';
  const questions = await admin.request.put(`/api/admin/services/${serviceId}/questions`, {
    data: {
      questions: [
        {
          id: 'stack',
          label: stackQuestion,
          type: 'choice',
          options: ['PostgreSQL', 'MySQL', 'Other'],
          required: false,
        },
        { id: 'size', label: sizeQuestion, type: 'yes_no', required: false },
      ],
    },
    headers: origin(admin),
  });
  expect(questions.status(), await questions.text()).toBe(200);

  // The client books in the wizard: the spec's fields, then the questions, then a document to attach.
  await page.goto(`/book/${serviceId}`);
  await pickDay(page, weekdayAhead(12 + testInfo.repeatEachIndex));
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Project Description').fill('Our reporting queries got slow: we want a new schema.');
  await page.getByRole('group', { name: stackQuestion }).getByLabel('PostgreSQL').check();
  await page.getByRole('group', { name: sizeQuestion }).getByLabel('Yes').check();
  await page.getByLabel('Attach Documents (optional)').setInputFiles({
    name: 'current-schema.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('current schema'),
  });
  await page.getByRole('button', { name: 'Review Booking' }).click();
  const booked = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/bookings',
  );
  const attached = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/bookings\/\d+\/files$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const { booking } = (await (await booked).json()) as BookedAnswer;
  expect((await attached).status()).toBe(201);
  await expect(page).toHaveURL(/\/my-bookings$/);

  // The firm reads the brief and the document on the booking's page, and asks a question.
  await admin.goto(`/booking/${booking.id}`);
  await expect(admin.getByText(stackQuestion)).toBeVisible();
  await expect(admin.getByText('PostgreSQL', { exact: true })).toBeVisible();
  const documents = admin.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText('current-schema.pdf')).toBeVisible();
  const question = 'Could you send us the slowest three queries too?';
  await admin.getByRole('textbox', { name: 'Your message' }).fill(question);
  await admin.getByRole('button', { name: 'Send' }).click();
  await expect(admin.getByRole('region', { name: 'Messages' }).getByText(question)).toBeVisible();

  // The client sees it in My Bookings, reads it on the booking's page and answers.
  await page.goto('/my-bookings');
  await expect(page.getByText('1 new message')).toBeVisible();
  await page.goto(`/booking/${booking.id}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await expect(thread.getByText(question)).toBeVisible();
  const reply = 'Yes: they are in the document, pages two and three.';
  await page.getByRole('textbox', { name: 'Your message' }).fill(reply);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText(reply)).toBeVisible();

  // The firm confirms: the client's booking page now shows the consultation's own room.
  await admin.goto(`/admin/bookings?bookingId=${booking.id}`);
  const status = admin.getByLabel(`Status of booking ${booking.confirmation_code}`);
  await status.selectOption('confirmed');
  await admin
    .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
    .click();
  await expect(admin.getByText('Booking confirmed successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: /Join the meeting/i })).toHaveAttribute(
    'href',
    /^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/,
  );

  // The firm completes it, writes the summary and attaches the deliverable.
  await status.selectOption('completed');
  await admin
    .getByRole('button', { name: `Apply the new status to booking ${booking.confirmation_code}` })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Mark Completed' }).click();
  await expect(admin.getByText('Booking completed successfully')).toBeVisible();
  await admin.goto(`/booking/${booking.id}`);
  const summary = 'We agreed on a star schema for the sales facts; the migration plan is attached.';
  await admin.getByLabel('Summary').fill(summary);
  await admin.getByRole('button', { name: 'Save Summary' }).click();
  await expect(admin.getByText('Summary saved')).toBeVisible();
  const deliverable = pdf('migration plan');
  await admin
    .getByRole('region', { name: 'Documents' })
    .getByLabel('Attach a Document')
    .setInputFiles({ name: 'migration-plan.pdf', mimeType: 'application/pdf', buffer: deliverable });
  await expect(
    admin.getByRole('region', { name: 'Documents' }).getByText('migration-plan.pdf'),
  ).toBeVisible();

  // The client finds the summary and downloads the deliverable, byte for byte.
  await page.reload();
  await expect(page.getByText(summary)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Documents' })
      .getByRole('link', { name: /migration-plan\.pdf/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe('migration-plan.pdf');
  expect(readFileSync(await download.path()).equals(deliverable)).toBe(true);
  await admin.context().close();
});
