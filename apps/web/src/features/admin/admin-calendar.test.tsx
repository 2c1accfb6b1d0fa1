import '../../index.css';
import {
  type AdminBooking,
  type AdminConsultant,
  adminCalendarTexts,
  apiPaths,
  defaultBusinessTimeZone,
  paths,
  range,
  shortDate,
  todayIn,
  weekOf,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminCalendarRoute } from '../../app/routes/admin';
import { adminBookingFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

function consultant(id: number, name: string, active = true): AdminConsultant {
  return {
    id,
    name,
    email: `${id}@example.com`,
    title: '',
    bio: '',
    service_ids: [1],
    weekly_hours: null,
    active,
    user_id: null,
    time_off: [],
  };
}

/** A consultation on a day of the week of Monday 7 January 2030, 9 AM Phoenix (16:00 UTC) plus `hour` hours. */
function consultation(
  id: number,
  date: string,
  consultantId: number,
  name: string,
  extra: Partial<AdminBooking> = {},
) {
  return adminBookingFixture({
    id,
    booking_date: date,
    starts_at: `${date}T16:00:00.000Z`,
    ends_at: `${date}T17:30:00.000Z`,
    consultant: { id: consultantId, name },
    status: 'confirmed',
    ...extra,
  });
}

const maya = consultant(1, 'Maya Thompson');
const daniel = consultant(2, 'Daniel Ortiz');
const retired = consultant(3, 'Old Hand', false);
const idle = consultant(4, 'Retired Quietly', false);

function calendarApi(weeks: Record<string, AdminBooking[]>) {
  return stubApi((call: ApiCall) => {
    if (call.path === apiPaths.consultants.admin) return ok({ consultants: [maya, daniel, retired, idle] });
    if (call.path === apiPaths.admin.all) {
      const bookings = weeks[call.query.get('from') ?? ''] ?? [];
      return ok({ bookings, total: bookings.length, nextCursor: null });
    }
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/calendar', element: <AdminCalendarRoute /> },
      { path: '/booking/:id', element: <h1>Booking page</h1> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

const frame = () => page.getByRole('region', { name: adminCalendarTexts.frameLabel });

describe('the admin calendar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows every consultant's consultations of the week side by side, by day, each linking to its booking", async () => {
    const calls = calendarApi({
      '2030-01-07': [
        consultation(11, '2030-01-07', 1, 'Maya Thompson'),
        consultation(12, '2030-01-07', 2, 'Daniel Ortiz'),
        consultation(13, '2030-01-09', 3, 'Old Hand', {
          services: { name: 'Cloud Migration', duration: 90, hourly_rate: 100 },
        }),
        consultation(14, '2030-01-10', 1, 'Maya Thompson', { status: 'cancelled' }),
      ],
    });
    const router = renderAt('/admin/calendar?week=2030-01-09');
    await expect
      .element(page.getByTestId('calendar-week'))
      .toHaveTextContent(range(shortDate('2030-01-07'), shortDate('2030-01-13')));
    const table = page.getByRole('table', {
      name: adminCalendarTexts.caption(range(shortDate('2030-01-07'), shortDate('2030-01-13'))),
    });
    await expect.element(table).toBeVisible();
    // Columns: the active consultants and a retired one with a consultation that week; not a retired one without.
    const headers = table
      .getByRole('columnheader')
      .elements()
      .map((cell) => cell.textContent);
    expect(headers).toEqual([adminCalendarTexts.day, 'Maya Thompson', 'Daniel Ortiz', 'Old Hand']);
    expect(
      table
        .getByRole('rowheader')
        .elements()
        .map((cell) => cell.textContent),
    ).toHaveLength(7);
    // Monday: Maya's and Daniel's consultations side by side, in their own columns.
    const monday = table.getByRole('row', { name: new RegExp(shortDate('2030-01-07')) });
    const cells = monday.getByRole('cell').elements();
    expect(cells[0]?.textContent).toContain('9 AM - 10:30 AM');
    expect(cells[1]?.textContent).toContain('9 AM - 10:30 AM');
    expect(cells[2]?.textContent).toBe('');
    const wednesday = table
      .getByRole('row', { name: new RegExp(shortDate('2030-01-09')) })
      .getByRole('cell')
      .elements();
    expect(wednesday[2]?.textContent).toContain('Cloud Migration');
    // The cancelled one is left out.
    expect(document.querySelector(`a[href="${paths.booking(14)}"]`)).toBeNull();
    expect(calls.find((call) => call.path === apiPaths.admin.all)?.query.get('to')).toBe('2030-01-13');

    await page
      .elementLocator(document.querySelector(`a[href="${paths.booking(12)}"]`) as HTMLElement)
      .click();
    await expect.poll(() => router.state.location.pathname).toBe(paths.booking(12));
  });

  it('moves a week back and forth, asking for that week, and comes back to this week', async () => {
    const calls = calendarApi({
      '2030-01-14': [consultation(21, '2030-01-15', 2, 'Daniel Ortiz')],
    });
    const router = renderAt('/admin/calendar?week=2030-01-07');
    await expect.element(frame()).toBeVisible();
    await page.getByRole('button', { name: adminCalendarTexts.nextWeek }).click();
    await expect.poll(() => router.state.location.search).toBe('?week=2030-01-14');
    await expect.element(page.getByRole('link', { name: /Daniel|Web Development/ })).toBeVisible();
    await page.getByRole('button', { name: adminCalendarTexts.previousWeek }).click();
    await page.getByRole('button', { name: adminCalendarTexts.previousWeek }).click();
    await expect.poll(() => router.state.location.search).toBe('?week=2029-12-31');
    await expect
      .poll(() =>
        calls
          .filter((call) => call.path === apiPaths.admin.all)
          .at(-1)
          ?.query.get('from'),
      )
      .toBe('2029-12-31');
    await page.getByRole('button', { name: adminCalendarTexts.thisWeek }).click();
    const monday = weekOf(todayIn(defaultBusinessTimeZone, new Date())).first;
    await expect.poll(() => router.state.location.search).toBe(`?week=${monday}`);
  });

  it('fits a 375 px phone: the week scrolls inside its own frame, the page does not', async () => {
    calendarApi({ '2030-01-07': [consultation(31, '2030-01-07', 1, 'Maya Thompson')] });
    await page.viewport(375, 800);
    try {
      renderAt('/admin/calendar?week=2030-01-07');
      await expect.element(frame()).toBeVisible();
      const region = frame().element();
      expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    } finally {
      await page.viewport(1280, 800);
    }
  });
});
