// A service of two consultants (docs/product.md#consultants): the firm adds one, two clients book the same hour (one
// by name, one leaving it to the firm), a third finds it gone, and the new consultant confirms their booking from
// their own schedule. It gives IT Consulting a second consultant, which the other journeys do not expect, so it
// runs after them all, beside the schedule's journey (playwright.config.ts).
import type { Page } from '@playwright/test';
import { createAccount, makeAdmin, origin, uniqueEmail } from './accounts-helpers.ts';
import { expect, pickDay, test, weekdayAhead } from './fixtures.ts';

const itConsulting = 4;
const description = 'We want a second opinion on moving our servers to the cloud.';

interface Slot {
  starts_at: string;
  available: boolean;
  consultant_ids: number[];
}

async function slotsOn(page: Page, date: string, consultantId?: number): Promise<Slot[]> {
  const query = consultantId === undefined ? '' : `&consultantId=${consultantId}`;
  const answer = await page.request.get(`/api/services/${itConsulting}/availability?date=${date}${query}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { slots: Slot[] }).slots;
}

test('two consultants of one service hold the same hour; the new one confirms theirs from their schedule', async ({
  browser,
}) => {
  // Five people's accounts, each signed up with its challenge solved, before the story starts.
  test.setTimeout(120_000);
  const context = () => browser.newContext().then((made) => made.newPage());
  const [admin, consultant, ada, grace, hedy] = await Promise.all([
    context(),
    context(),
    context(),
    context(),
    context(),
  ]);
  const adminEmail = uniqueEmail('team-admin');
  const consultantEmail = uniqueEmail('team-consultant');
  await Promise.all([
    createAccount(admin, { email: adminEmail }),
    createAccount(consultant, { email: consultantEmail, firstName: 'Rosa' }),
    createAccount(ada, { firstName: 'Ada' }),
    createAccount(grace, { firstName: 'Grace' }),
    createAccount(hedy, { firstName: 'Hedy' }),
  ]);
  makeAdmin(adminEmail);

  // The firm adds a second consultant to IT Consulting, linked to Rosa's account by its email.
  const name = `Rosa Delgado ${consultantEmail.slice(16, 24)}`;
  await admin.goto('/admin/consultants');
  const form = admin.getByRole('form', { name: 'Add Consultant' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(consultantEmail);
  await form.getByLabel('Title').fill('Cloud Architect');
  await form.getByRole('checkbox', { name: 'IT Consulting' }).check();
  await form.getByRole('button', { name: 'Save Consultant' }).click();
  await expect(admin.getByRole('heading', { name, level: 2 })).toBeVisible();
  const saved = await admin.request.get('/api/admin/consultants');
  const rosa = (
    (await saved.json()) as { consultants: { id: number; name: string; user_id: string | null }[] }
  ).consultants.find((record) => record.name === name);
  expect(rosa?.user_id).toBeTruthy();
  const rosaId = rosa?.id ?? 0;

  // A weekday (not the Monday the schedule's journey closes) with an hour both consultants have free.
  let date = '';
  let hour: Slot | undefined;
  for (let ahead = 3; ahead < 12 && !hour; ahead++) {
    date = weekdayAhead(ahead);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) continue;
    hour = (await slotsOn(ada, date)).find((slot) => slot.consultant_ids.length === 2);
  }
  if (!hour) throw new Error('no hour with both consultants free');
  const startsAt = hour.starts_at;

  // Ada chooses Rosa by name in the wizard.
  await ada.goto(`/book/${itConsulting}`);
  const choice = ada.getByRole('group', { name: 'Consultant' });
  await expect(choice.getByRole('radio', { name: 'Any available consultant' })).toBeChecked();
  await choice.getByRole('radio', { name }).check();
  await pickDay(ada, date);
  const slot = (page: Page) => page.locator(`input[name="slot"][value="${startsAt}"]`);
  await slot(ada).check();
  await ada.getByRole('button', { name: 'Continue' }).click();
  await ada.getByLabel('Project Description').fill(description);
  await ada.getByRole('button', { name: 'Review Booking' }).click();
  await expect(ada.getByRole('region', { name: 'Review Your Booking' })).toContainText(name);
  await ada.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(ada).toHaveURL(/\/my-bookings$/);
  await expect(ada.getByText(`Your consultation is with ${name}.`)).toBeVisible();

  // Grace leaves it to the firm at the same hour: the other consultant takes it.
  const graces = await grace.request.post('/api/bookings', {
    data: { serviceId: itConsulting, startsAt, projectDescription: description },
    headers: origin(grace),
  });
  expect(graces.status(), await graces.text()).toBe(201);
  const gracesConsultant = ((await graces.json()) as { booking: { consultant: { id: number } } }).booking
    .consultant;
  expect(gracesConsultant.id).not.toBe(rosaId);

  // Hedy finds the hour gone, in the wizard and to the API.
  expect((await slotsOn(hedy, date)).find((slot) => slot.starts_at === startsAt)?.available).toBe(false);
  await hedy.goto(`/book/${itConsulting}`);
  await pickDay(hedy, date);
  await expect(hedy.getByTestId('slot-count').or(hedy.getByText('No free times on this day.'))).toBeVisible();
  await expect(slot(hedy)).toHaveCount(0);

  // Rosa sees her consultation in her week and confirms it.
  await consultant.goto('/consultant');
  await expect(consultant.getByRole('heading', { name: 'My Schedule', level: 1 })).toBeVisible();
  const week = consultant.getByRole('region', { name: /Week View/ });
  const consultation = week.getByTestId('consultation').filter({ hasText: 'Ada' });
  for (let moves = 0; moves < 3 && !(await consultation.isVisible()); moves++) {
    await week.getByRole('button', { name: 'Next Week' }).click();
    await expect(week.getByText('Loading your schedule...')).toHaveCount(0);
  }
  await expect(consultation).toContainText('Pending');
  await expect(week.getByTestId('consultation').filter({ hasText: 'Grace' })).toHaveCount(0);
  await consultation.click();
  await consultant.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(consultant.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(consultant.getByRole('button', { name: 'Mark Completed' })).toBeVisible();

  // Done: Rosa retires, so that IT Consulting is one consultant's again for whatever runs next.
  const retired = await admin.request.put(`/api/admin/consultants/${rosaId}`, {
    data: { name, email: consultantEmail, serviceIds: [itConsulting], active: false },
    headers: origin(admin),
  });
  expect(retired.ok(), await retired.text()).toBe(true);
});
