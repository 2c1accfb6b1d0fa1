import '../../index.css';
import {
  apiPaths,
  type BookingsTooClose,
  defaultSchedule,
  openingHoursNote,
  type Schedule,
  type ScheduleChange,
  scheduleChangeTexts,
  scheduleMessages,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AdminScheduleRoute } from '../../app/routes/admin';
import { bookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

const booked = bookingFixture({ id: 41, confirmation_code: 'OT-2030-041' });
const holiday = {
  id: 3,
  startDate: '2030-12-24',
  endDate: '2030-12-26',
  reason: 'Holidays',
  affectedBookings: [booked],
};
const scheduleChange: ScheduleChange = {
  at: '2030-01-07T16:00:00.000Z',
  by: 'office@example.com',
  subject: 'schedule',
  action: 'updated',
  before: defaultSchedule,
  after: { ...defaultSchedule, bufferMinutes: 15 },
};
const closureChange: ScheduleChange = {
  at: '2030-01-06T16:00:00.000Z',
  by: 'office@example.com',
  subject: 'closure',
  action: 'created',
  before: null,
  after: holiday,
};

/**
 * The schedule API as stored; a PUT of the schedule or a POST of a closure answers `write` when given. `tooClose`:
 * the pairs of bookings closer together than the buffer.
 */
function calendarApi(write?: (call: ApiCall) => Answer | undefined, tooClose: BookingsTooClose[] = []) {
  let schedule: Schedule = defaultSchedule;
  return stubApi((call) => {
    const written = call.method !== 'GET' ? write?.(call) : undefined;
    if (written) return written;
    if (call.path === apiPaths.schedule.admin) {
      if (call.method === 'PUT') schedule = (call.body as { schedule: Schedule }).schedule;
      return ok({ schedule });
    }
    if (call.path === apiPaths.schedule.changes) return ok({ changes: [scheduleChange, closureChange] });
    if (call.path === apiPaths.schedule.tooClose) return ok({ pairs: tooClose });
    if (call.path === apiPaths.schedule.closures && call.method === 'GET') return ok({ closures: [holiday] });
    return undefined;
  });
}

function renderSchedule() {
  renderRouter(
    createMemoryRouter([{ path: '/admin/schedule', element: <AdminScheduleRoute /> }], {
      initialEntries: ['/admin/schedule'],
    }),
  );
}

describe('admin schedule', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the hours, the closed dates with the bookings on them, and who changed what', async () => {
    calendarApi();
    renderSchedule();
    await expect.element(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect.element(page.getByTestId('hours-note')).toHaveTextContent(openingHoursNote(defaultSchedule));
    await expect.element(page.getByTestId('day-saturday')).toHaveTextContent('Closed');
    const closure = page.getByTestId('closure');
    await expect.element(closure).toHaveTextContent('Tue, Dec 24, 2030 - Thu, Dec 26, 2030 · Holidays');
    // The bookings on a closure are listed whenever the page is opened, not only right after closing.
    await expect.element(closure.getByTestId('affected-bookings')).toHaveTextContent('OT-2030-041');
    await expect.element(closure).toHaveTextContent('1 active booking falls on these dates:');
    await expect.element(closure).toHaveTextContent(scheduleMessages.affectedBookingsNote);
    // Each booking links to its page, where the firm moves it; All Bookings stays a click away.
    await expect
      .element(closure.getByRole('link', { name: /OT-2030-041$/ }))
      .toHaveAttribute('href', '/booking/41');
    await expect
      .element(closure.getByRole('link', { name: scheduleMessages.allBookingsLink }))
      .toHaveAttribute('href', '/admin/bookings');
    const changes = page.getByTestId('schedule-change');
    await expect.element(changes.nth(0)).toHaveTextContent(/office@example\.com · Changed buffer 0 → 15 min/);
    await expect
      .element(changes.nth(1))
      .toHaveTextContent(/office@example\.com · Closed Tue, Dec 24, 2030 - Thu, Dec 26, 2030 \(Holidays\)/);
    expect(page.getByTestId('too-close').elements()).toHaveLength(0);
  });

  it('lists the bookings kept closer together than a raised buffer, for the firm to move one', async () => {
    const earlier = bookingFixture({ id: 51, confirmation_code: 'OT-2030-051' });
    const later = bookingFixture({ id: 52, confirmation_code: 'OT-2030-052' });
    calendarApi(undefined, [{ earlier, later }]);
    renderSchedule();
    const pairs = page.getByTestId('too-close');
    await expect.element(pairs).toHaveTextContent(/OT-2030-051.*then .*OT-2030-052/);
    await expect
      .element(page.getByRole('heading', { name: 'Bookings closer together than the buffer' }))
      .toBeVisible();
  });

  it('saves Saturday mornings, a buffer and a notice as one schedule', async () => {
    const calls = calendarApi();
    renderSchedule();
    await page.getByRole('button', { name: 'Add Hours on Saturday' }).click();
    // Focus lands on the new range's first field.
    await expect.element(page.getByLabelText('Saturday opening 1 from')).toHaveFocus();
    await page.getByLabelText('Saturday opening 1 until').fill('12:00');
    await page.getByLabelText('Buffer after each consultation (minutes)').fill('15');
    await page.getByLabelText('Minimum notice (hours)').fill('24');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect.poll(() => calls.filter((call) => call.method === 'PUT').length).toBe(1);
    const sent = (calls.find((call) => call.method === 'PUT')?.body as { schedule: Schedule } | undefined)
      ?.schedule;
    expect(sent).toEqual({
      ...defaultSchedule,
      weeklyHours: { ...defaultSchedule.weeklyHours, saturday: [{ start: '09:00', end: '12:00' }] },
      bufferMinutes: 15,
      minNoticeHours: 24,
    });
    await expect.element(page.getByTestId('hours-note')).toHaveTextContent('Saturday, 9 AM - 12 PM');
  });

  it('never saves on Enter in a field, and says what Save will change before it is clicked', async () => {
    const calls = calendarApi();
    renderSchedule();
    const pending = page.getByTestId('schedule-changes-pending');
    await expect.element(pending).toHaveTextContent(scheduleChangeTexts.none);
    const monday = page.getByLabelText('Monday opening 1 until');
    await monday.fill('12:00');
    await userEvent.keyboard('{Enter}');
    await page.getByLabelText('Minimum notice (hours)').fill('48');
    await userEvent.keyboard('{Enter}');
    await expect.element(pending).toHaveTextContent(scheduleChangeTexts.intro);
    await expect.element(pending).toHaveTextContent('Monday: 9 AM - 5 PM → 9 AM - 12 PM');
    await expect
      .element(pending)
      .toHaveTextContent(`Minimum notice: ${defaultSchedule.minNoticeHours} → 48 hours`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect.poll(() => calls.filter((call) => call.method === 'PUT').length).toBe(1);
    await expect.element(pending).toHaveTextContent(scheduleChangeTexts.none);
  });

  it("shows the server's refusal beside the field it names", async () => {
    // Only the server knows the services' session lengths, so only it can refuse a step they do not fit.
    const refusal = scheduleMessages.stepDoesNotFit('Web Development (45 min)');
    calendarApi((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: { message: refusal, errors: [{ path: 'schedule.slotStepMinutes', msg: refusal }] },
          }
        : undefined,
    );
    renderSchedule();
    await page.getByLabelText('Slot step').selectOptions('Every 60 min');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect.element(page.getByLabelText('Slot step')).toHaveAccessibleDescription(refusal);
  });

  it('refuses a buffer off the five-minute mark before sending it, with the domain rule', async () => {
    const calls = calendarApi();
    renderSchedule();
    await page.getByLabelText('Buffer after each consultation (minutes)').fill('7');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect
      .element(page.getByLabelText('Buffer after each consultation (minutes)'))
      .toHaveAccessibleDescription(scheduleMessages.bufferInvalid);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses a last closed date before the first before sending it', async () => {
    const calls = calendarApi();
    renderSchedule();
    await page.getByLabelText('First closed date').fill('2030-01-09');
    await page.getByLabelText('Last closed date').fill('2030-01-07');
    await page.getByLabelText('Reason').fill('Holiday');
    await page.getByRole('button', { name: 'Close Dates' }).click();
    await expect
      .element(page.getByLabelText('Last closed date'))
      .toHaveAccessibleDescription(`Leave empty for one day ${scheduleMessages.closureBackwards}`);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('closes dates, says how many bookings are on them and that their clients were told, and reads the closures and changes again', async () => {
    const calls = calendarApi((call) =>
      call.method === 'POST'
        ? {
            status: 201,
            body: {
              closure: { id: 4, ...(call.body as object) },
              affectedBookings: [booked],
              clientsTold: 1,
            },
          }
        : undefined,
    );
    renderSchedule();
    await page.getByLabelText('First closed date').fill('2030-01-07');
    await page.getByLabelText('Reason').fill('Holiday');
    await page.getByRole('button', { name: 'Close Dates' }).click();
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toEqual({
        startDate: '2030-01-07',
        endDate: '2030-01-07',
        reason: 'Holiday',
      });
    await expect
      .element(
        page.getByText(
          'Closed dates added: 1 active booking falls on them, listed below. Its client has been told by email.',
        ),
      )
      .toBeVisible();
    const reads = (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path);
    await expect.poll(() => reads(apiPaths.schedule.closures).length).toBe(2);
    await expect.poll(() => reads(apiPaths.schedule.changes).length).toBe(2);
  });
});
