import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createAccount } from './accounts-helpers.ts';
import { businessZone, expect, test, weekdayAhead } from './fixtures.ts';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus, as a keyboard user would; fails when it never does. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a client books a consultation with the keyboard alone, then moves it to the next weekday', async ({
  page,
}) => {
  await createAccount(page);
  // Some two weeks ahead: away from the other journeys' slots.
  const day = weekdayAhead(11);
  await page.goto('/services/3');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // From the service's page to the wizard: focus lands on the new page's heading.
  await tabTo(page, page.getByRole('link', { name: 'Book Consultation Now' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/book\/3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Consultation' })).toBeFocused();

  // The day picker is one tab stop; the arrow keys walk its days (and its months), Enter chooses.
  await pickByKeyboard(page, page.getByRole('grid').first(), day);

  // The free times are one radio group: Tab reaches it, Space chooses the focused time.
  const firstSlot = page.getByRole('radio').first();
  await expect(firstSlot).toBeVisible();
  await tabTo(page, firstSlot);
  await page.keyboard.press('Space');
  await expect(firstSlot).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  // Each step starts at its heading.
  await expect(page.getByRole('heading', { name: 'Project Details' })).toBeFocused();
  await tabTo(page, page.getByLabel('Project Description'));
  await page.keyboard.type('A keyboard-only walkthrough of our accessibility needs.');
  await tabTo(page, page.getByRole('button', { name: 'Review Booking' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Review Your Booking' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Confirm Booking' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/my-bookings$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const card = page.getByRole('article').filter({ hasText: 'A keyboard-only walkthrough' });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  // A dialog opened from the keyboard: its first control has focus, it passes axe, and Escape or its Close button
  // hand focus back to the control that opened it.
  const reschedule = card.getByRole('button', { name: 'Reschedule' });
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await tabTo(page, reschedule);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid').first()).toBeVisible();
  const scan = await new AxeBuilder({ page })
    .include('dialog')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  expect(scan.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reschedule).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Close', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(reschedule).toBeFocused();

  // The move itself, by keyboard: the dialog's calendar, a time, Review and Confirm, and focus back on the opener.
  const newDay = weekdayAhead(12);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await pickByKeyboard(page, dialog.getByRole('grid').first(), newDay);
  const newSlot = dialog.getByRole('radio', { disabled: false }).first();
  await expect(newSlot).toBeVisible();
  await tabTo(page, newSlot);
  await page.keyboard.press('Space');
  await expect(newSlot).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Review New Time' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm Reschedule' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Booking rescheduled successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reschedule).toBeFocused();
  const mine = (await (await page.request.get('/api/bookings/my-bookings')).json()) as {
    bookings: { project_description: string; starts_at: string }[];
  };
  const walkthrough = mine.bookings.find((booking) =>
    booking.project_description.startsWith('A keyboard-only'),
  );
  const movedTo = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone }).format(
    new Date(walkthrough?.starts_at ?? 0),
  );
  expect(movedTo).toBe(newDay);
});

/** Walks the day picker `grid` with the arrow keys from its focusable day to `date`, and chooses it with Enter. */
async function pickByKeyboard(page: Page, grid: Locator, date: string): Promise<void> {
  const dayButton = page.locator(`[data-day="${date}"] button`);
  await tabTo(page, grid.locator('button[tabindex="0"]'));
  for (
    let presses = 0;
    presses < 60 && !((await dayButton.count()) && (await isFocused(dayButton)));
    presses += 1
  )
    await page.keyboard.press('ArrowRight');
  await expect(dayButton).toBeFocused();
  await page.keyboard.press('Enter');
}
