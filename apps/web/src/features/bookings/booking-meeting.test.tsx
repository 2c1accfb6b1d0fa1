// Where the meeting happens and the summary on the booking's page (docs/product.md#where-the-meeting-happens,
// #the-summary), against a stubbed API: Join the meeting once confirmed (or the location), the administrators'
// Location control, the firm's summary editor once completed, and the client's summary to read.
import '../../index.css';
import {
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  maxSummaryLength,
  meetingTexts as texts,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi } from '../../testing/stub-api';

type Role = 'client' | 'admin' | 'consultant';

const room = 'https://meet.jit.si/0123456789abcdef0123456789abcdef';
const office = 'Suite 400, 12 Main Street, Phoenix AZ';

function signedInAs(role: Role) {
  return (call: Call): Answer | undefined => {
    if (call.path === apiPaths.accounts.session) {
      return {
        status: 200,
        body: {
          session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
          user: { id: `${role}-1`, email: `${role}@example.com`, emailVerified: true, name: '', role },
        },
      };
    }
    if (call.path === '/api/auth/profile') {
      return { status: 200, body: { user: { id: `${role}-1`, first_name: 'Jane', role } } };
    }
    return undefined;
  };
}

/**
 * The API of booking 7 as `role` reads it (the client owns it; the firm does not), where a PUT of its location or
 * summary answers `answer` when given, else changes it as the server would.
 */
function bookingApi(role: Role, start: Booking, answer?: Answer) {
  let booking = start;
  return stubApi(
    (call) => {
      if (call.path === apiPaths.bookings.booking(7) && call.method === 'GET') {
        const detail: BookingDetailResponse = {
          booking,
          history: [],
          change_notice_hours: role === 'client' ? 24 : 0,
          is_owner: role === 'client',
        };
        return { status: 200, body: detail };
      }
      if (call.path === apiPaths.admin.location(7) && call.method === 'PUT') {
        if (answer) return answer;
        const { location } = call.body as { location: string | null };
        booking = { ...booking, location, meeting_url: location === null ? room : null };
        return { status: 200, body: { booking } };
      }
      if (call.path === apiPaths.bookings.summary(7) && call.method === 'PUT') {
        if (answer) return answer;
        booking = { ...booking, summary: (call.body as { summary: string }).summary.trim() };
        return { status: 200, body: { booking } };
      }
      return undefined;
    },
    (call) => signedInAs(role)(call) ?? scheduleAnswer(call),
  );
}

function renderBooking() {
  return renderRouter(
    createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
      initialEntries: ['/booking/7'],
    }),
  );
}

const confirmed = bookingFixture({ id: 7, status: 'confirmed', meeting_url: room });
const completed = bookingFixture({ id: 7, status: 'completed' });

describe('where the meeting happens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives the client of a confirmed booking Join the meeting, opening the room in a new tab, its URL shown', async () => {
    bookingApi('client', confirmed);
    renderBooking();
    const join = page.getByRole('link', { name: texts.join });
    await expect.element(join).toBeVisible();
    await expect.element(join).toHaveAttribute('href', room);
    await expect.element(join).toHaveAttribute('target', '_blank');
    await expect.element(join).toHaveAttribute('rel', 'noopener noreferrer');
    await expect.element(page.getByTestId('meeting-url')).toHaveTextContent(room);
    await expect.element(page.getByText(texts.joinHint)).toBeVisible();
    // The location is the administrators' to set.
    expect(page.getByLabelText(texts.locationLabel).elements()).toHaveLength(0);
  });

  it('shows the location instead when the firm set one, and no link', async () => {
    bookingApi('client', { ...confirmed, meeting_url: null, location: office });
    renderBooking();
    await expect.element(page.getByTestId('meeting-location')).toHaveTextContent(office);
    await expect.element(page.getByText(texts.where, { exact: true })).toBeVisible();
    expect(page.getByRole('link', { name: texts.join }).elements()).toHaveLength(0);
  });

  it('says the link comes with the confirmation while the booking is pending', async () => {
    bookingApi('client', bookingFixture({ id: 7, status: 'pending' }));
    renderBooking();
    await expect.element(page.getByText(texts.pendingHint)).toBeVisible();
    expect(page.getByRole('link', { name: texts.join }).elements()).toHaveLength(0);
  });

  it('shows the booking’s consultant the link, without the Location control', async () => {
    bookingApi('consultant', confirmed);
    renderBooking();
    await expect.element(page.getByRole('link', { name: texts.join })).toHaveAttribute('href', room);
    expect(page.getByLabelText(texts.locationLabel).elements()).toHaveLength(0);
  });

  it('lets an administrator set a location and bring the room back', async () => {
    const calls = bookingApi('admin', confirmed);
    renderBooking();
    await page.getByLabelText(texts.locationLabel).fill(`  ${office}  `);
    await page.getByRole('button', { name: texts.saveLocation }).click();
    await expect.element(page.getByText(texts.locationSet)).toBeVisible();
    await expect.element(page.getByTestId('meeting-location')).toHaveTextContent(office);
    expect(page.getByRole('link', { name: texts.join }).elements()).toHaveLength(0);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { location: office },
    ]);

    await page.getByRole('button', { name: texts.clearLocation }).click();
    await expect.element(page.getByText(texts.locationCleared)).toBeVisible();
    await expect.element(page.getByRole('link', { name: texts.join })).toHaveAttribute('href', room);
    await expect.element(page.getByLabelText(texts.locationLabel)).toHaveValue('');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { location: office },
      { location: null },
    ]);
  });

  it('checks the location before sending it, and tells the server’s refusal', async () => {
    const calls = bookingApi('admin', confirmed, {
      status: 400,
      body: { message: 'Refused here', errors: [{ path: 'location', msg: 'Refused here' }] },
    });
    renderBooking();
    await page.getByRole('button', { name: texts.saveLocation }).click();
    await expect.element(page.getByText(texts.locationRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await page.getByLabelText(texts.locationLabel).fill(office);
    await page.getByRole('button', { name: texts.saveLocation }).click();
    await expect.element(page.getByText('Refused here')).toBeVisible();
    await expect.element(page.getByRole('link', { name: texts.join })).toBeVisible();
  });
});

describe('the summary', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets the firm write it once the booking is completed: a counter, Save, and the saved text', async () => {
    for (const role of ['admin', 'consultant'] as const) {
      const calls = bookingApi(role, completed);
      renderBooking();
      const field = page.getByLabelText(texts.summaryLabel);
      await expect.element(page.getByRole('heading', { name: texts.summaryHeading })).toBeVisible();
      await expect.element(page.getByText(texts.summaryCounter(0))).toBeVisible();
      await field.fill('  We reviewed the pipeline.\n\nNext: a queue.  ');
      await expect.element(page.getByText(texts.summaryCounter(41))).toBeVisible();
      await page.getByRole('button', { name: texts.saveSummary }).click();
      await expect.element(page.getByText(texts.summarySaved)).toBeVisible();
      await expect.element(field).toHaveValue('We reviewed the pipeline.\n\nNext: a queue.');
      const put = calls.find((call) => call.method === 'PUT');
      expect(put?.path).toBe(apiPaths.bookings.summary(7));
      expect(put?.body).toEqual({ summary: 'We reviewed the pipeline.\n\nNext: a queue.' });
      await cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('refuses an empty or too long summary before sending it, and tells the server’s refusal', async () => {
    const calls = bookingApi('admin', completed, {
      status: 409,
      body: { message: texts.summaryNotCompleted('cancelled') },
    });
    renderBooking();
    await page.getByRole('button', { name: texts.saveSummary }).click();
    await expect.element(page.getByText(texts.summaryRequired)).toBeVisible();
    await page.getByLabelText(texts.summaryLabel).fill('x'.repeat(maxSummaryLength + 1));
    await expect.element(page.getByText(texts.summaryCounter(maxSummaryLength + 1))).toBeVisible();
    await page.getByRole('button', { name: texts.saveSummary }).click();
    await expect
      .element(page.getByText(`Summary must be at most ${maxSummaryLength} characters`))
      .toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await page.getByLabelText(texts.summaryLabel).fill('We reviewed the pipeline.');
    await page.getByRole('button', { name: texts.saveSummary }).click();
    await expect.element(page.getByText(texts.summaryNotCompleted('cancelled'))).toBeVisible();
  });

  it('offers no editor before the booking is completed', async () => {
    bookingApi('admin', confirmed);
    renderBooking();
    await expect.element(page.getByRole('link', { name: texts.join })).toBeVisible();
    expect(page.getByLabelText(texts.summaryLabel).elements()).toHaveLength(0);
  });

  it('shows the client the summary to read, paragraphs and lines kept, and no editor', async () => {
    bookingApi('client', {
      ...completed,
      summary: 'We reviewed the pipeline.\n\nNext steps:\n- a queue\n- a review',
    });
    renderBooking();
    await expect.element(page.getByRole('heading', { name: texts.summaryHeading })).toBeVisible();
    const paragraphs = page.getByTestId('summary-text').getByRole('paragraph');
    await expect.element(paragraphs.first()).toHaveTextContent('We reviewed the pipeline.');
    expect(paragraphs.elements()).toHaveLength(2);
    expect(paragraphs.elements()[1]?.textContent).toBe('Next steps:\n- a queue\n- a review');
    expect(page.getByLabelText(texts.summaryLabel).elements()).toHaveLength(0);
  });

  it('shows the client nothing while no summary is written', async () => {
    bookingApi('client', completed);
    renderBooking();
    await expect.element(page.getByRole('heading', { name: 'Web Development', level: 1 })).toBeVisible();
    expect(page.getByRole('heading', { name: texts.summaryHeading }).elements()).toHaveLength(0);
  });
});
