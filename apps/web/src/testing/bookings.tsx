// What the booking journeys' browser tests share (the wizard, My Bookings, cancelling, the queue of unsent
// bookings): the API as the server answers it, signed in, with the firm's original schedule; the app's providers
// with the sender of unsent bookings; and the steps of the wizard.
import {
  addDays,
  apiPaths,
  type Booking,
  defaultBusinessTimeZone,
  defaultSchedule,
  type IsoDate,
  opensOn,
  todayIn,
  weekdayOf,
} from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { BookRoute } from '../app/routes/book';
import { MyBookingsRoute } from '../app/routes/my-bookings';
import { NotificationsProvider } from '../components/notifications/notifications-provider';
import { UnsentSender } from '../features/bookings/unsent-sender';
import { AccountProvider } from '../lib/account-state';
import { createQueryClient } from '../lib/query-client';
import { bookingFixture, scheduleAnswer, serviceFixture } from './fixtures';
import { type Answer, type ApiCall as Call, stubApi as stubAnyApi } from './stub-api';

/** Who the stubbed accounts library says is signed in (the queue of unsent bookings is theirs). */
let signedInAs = 'user-1';

export function signInAs(userId: string): void {
  signedInAs = userId;
}

function signedIn(call: Call): Answer | undefined {
  if (call.path === apiPaths.accounts.session) {
    return {
      status: 200,
      body: {
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
        user: { id: signedInAs, email: `${signedInAs}@example.com`, emailVerified: true, name: '' },
      },
    };
  }
  if (call.path === '/api/auth/profile') {
    return { status: 200, body: { user: { id: signedInAs, first_name: 'Jane', role: 'client' } } };
  }
  return undefined;
}

/**
 * Answers the app's requests like the server would, signed in as `signedInAs` unless the handler answers the
 * session, with the firm's original schedule unless it answers that.
 */
export function stubApi(answer: Parameters<typeof stubAnyApi>[0]) {
  return stubAnyApi(answer, (call) => signedIn(call) ?? scheduleAnswer(call));
}

const service = serviceFixture();

/** My Bookings' answer when everything fits on one page, with a client's change notice unless told otherwise. */
export function listed(bookings: Booking[], changeNoticeHours = 24) {
  return { bookings, nextCursor: null, change_notice_hours: changeNoticeHours };
}

const slot = (start: string, end: string, available: boolean, iso: string) => ({
  start_time: start,
  end_time: end,
  label: `${start} - ${end}`,
  starts_at: `${iso}T${start}:00.000Z`,
  ends_at: `${iso}T${end}:00.000Z`,
  available,
  consultant_ids: available ? [1] : [],
});

function availability(date: string) {
  return {
    date,
    timeZone: defaultBusinessTimeZone,
    slots: [
      slot('09:00', '10:30', true, date),
      slot('09:30', '11:00', false, date),
      slot('10:00', '11:30', true, date),
    ],
  };
}

/** The next weekdays after today in the business zone. */
export function nextWeekdays(count: number): IsoDate[] {
  const days: IsoDate[] = [];
  let day = todayIn(defaultBusinessTimeZone, new Date());
  while (days.length < count) {
    day = addDays(day, 1);
    if (opensOn(defaultSchedule, weekdayOf(day))) days.push(day);
  }
  return days;
}

export function serviceAndAvailability(call: Call): Answer | undefined {
  if (call.method === 'GET' && call.path === '/api/services/1') return { status: 200, body: { service } };
  if (call.method === 'GET' && call.path === '/api/services/1/availability') {
    return { status: 200, body: availability(new URLSearchParams(call.search).get('date') ?? '') };
  }
  return undefined;
}

/** The app's providers, the router and, as in the app shell, the sender of unsent bookings. */
export function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/book/:serviceId', element: <BookRoute /> },
      { path: '/services/:id/book', element: <BookRoute /> },
      { path: '/services', element: <h1>Services page</h1> },
      { path: '/my-bookings', element: <MyBookingsRoute /> },
      { path: '/booking/:id', element: <h1>Booking detail page</h1> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AccountProvider>
        <NotificationsProvider>
          <RouterProvider router={router} />
          <UnsentSender />
        </NotificationsProvider>
      </AccountProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** Clicks a day of the day picker, moving to the next month when needed. */
export async function pickDay(date: IsoDate) {
  const find = () => document.querySelector<HTMLButtonElement>(`[data-day="${date}"] button`);
  await expect.element(page.getByRole('grid').first()).toBeVisible();
  if (!find()) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await expect.poll(find).toBeTruthy();
  const button = find();
  if (!button) throw new Error(`no day ${date}`);
  await page.elementLocator(button).click();
}

export const continueButton = () => page.getByRole('button', { name: 'Continue' });
export const reviewButton = () => page.getByRole('button', { name: 'Review Booking' });
export const description = () => page.getByLabelText('Project Description');
export const longEnough = 'We need a new customer portal built in React.';

export async function toDetails(day: IsoDate) {
  await pickDay(day);
  await page.getByRole('radio', { name: '9 AM - 10:30 AM' }).click();
  await continueButton().click();
}

/** My Bookings' three: one confirmed and one pending ahead, one completed in the past. */
export const bookings = [
  bookingFixture({ id: 3, status: 'confirmed', confirmation_code: 'OT-2030-003' }),
  bookingFixture({ id: 2, status: 'pending', confirmation_code: 'OT-2030-002' }),
  bookingFixture({
    id: 1,
    status: 'completed',
    confirmation_code: 'OT-2025-001',
    booking_date: '2025-03-03',
    starts_at: '2025-03-03T16:00:00.000Z',
    ends_at: '2025-03-03T17:30:00.000Z',
    time_slots: [{ start_time: '09:00', end_time: '10:30', availability: { date: '2025-03-03' } }],
  }),
];

/** The bookings' cards on My Bookings. */
export const cards = () => page.getByRole('article');
