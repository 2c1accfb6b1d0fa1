import '../../index.css';
import {
  type CalendarChange,
  calendarApiPaths,
  defaultSchedule,
  openingHoursNote,
  type Schedule,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminScheduleRoute } from '../../app/routes/admin';
import { bookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

const holiday = { id: 3, startDate: '2030-12-24', endDate: '2030-12-26', reason: 'Holidays' };
const scheduleChange: CalendarChange = {
  at: '2030-01-07T16:00:00.000Z',
  by: 'office@example.com',
  subject: 'schedule',
  action: 'updated',
  before: defaultSchedule,
  after: { ...defaultSchedule, bufferMinutes: 15 },
};

/** The calendar API as stored; a PUT of the schedule or a POST of a closure answers `write` when given. */
function calendarApi(write?: (call: ApiCall) => Answer | undefined) {
  let schedule: Schedule = defaultSchedule;
  return stubApi((call) => {
    const written = call.method !== 'GET' ? write?.(call) : undefined;
    if (written) return written;
    if (call.path === calendarApiPaths.schedule) {
      if (call.method === 'PUT') schedule = (call.body as { schedule: Schedule }).schedule;
      return ok({ schedule, changes: [scheduleChange] });
    }
    if (call.path === calendarApiPaths.closures && call.method === 'GET') {
      return ok({ closures: [holiday], changes: [] });
    }
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

  it('shows the hours, the closed dates and who changed what', async () => {
    calendarApi();
    renderSchedule();
    await expect.element(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect.element(page.getByTestId('hours-note')).toHaveTextContent(openingHoursNote(defaultSchedule));
    await expect.element(page.getByTestId('day-saturday')).toHaveTextContent('Closed');
    await expect
      .element(page.getByTestId('closures'))
      .toHaveTextContent('Tue, Dec 24, 2030 – Thu, Dec 26, 2030 · Holidays');
    await expect
      .element(page.getByTestId('calendar-change'))
      .toHaveTextContent(/office@example\.com · Changed buffer 0 → 15 min/);
  });

  it('saves Saturday mornings, a buffer and a notice as one schedule', async () => {
    const calls = calendarApi();
    renderSchedule();
    await page.getByRole('button', { name: 'Add an opening on Saturday' }).click();
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

  it("shows the server's refusal beside the field it names", async () => {
    calendarApi((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: {
              message: 'Buffer must be a whole number of minutes',
              errors: [{ path: 'schedule.bufferMinutes', msg: 'Buffer must be a whole number of minutes' }],
            },
          }
        : undefined,
    );
    renderSchedule();
    await page.getByLabelText('Buffer after each consultation (minutes)').fill('7');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect
      .element(page.getByLabelText('Buffer after each consultation (minutes)'))
      .toHaveAccessibleDescription('Buffer must be a whole number of minutes');
  });

  it('closes dates and lists the bookings already on them', async () => {
    const booked = bookingFixture({ id: 41, confirmation_code: 'OT-2030-041' });
    const calls = calendarApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { closure: { id: 4, ...(call.body as object) }, affectedBookings: [booked] } }
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
    await expect.element(page.getByTestId('affected-bookings')).toHaveTextContent('OT-2030-041');
  });
});
