import '../../index.css';
import { type Booking, bookingMessages } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { unsentStorageKey } from '../../lib/unsent-bookings-storage';
import { bookings, cards, listed, renderAt, stubApi } from '../../testing/bookings';
import { bookingFixture } from '../../testing/fixtures';
import { readUnsent } from './unsent-queue';

describe('cancelling from My Bookings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('cancels a confirmed booking through the dialog', async () => {
    let current = bookings;
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(current) };
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        const cancelled = bookingFixture({ id: 3, status: 'cancelled', confirmation_code: 'OT-2030-003' });
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Booking?' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep Booking' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'cancelled' });
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect
      .element(confirmed.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
  });

  it('tells the user when the server refuses a cancellation, and keeps nothing', async () => {
    const refusal = bookingMessages.onlyConfirmedCancellable('pending');
    stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(bookings) };
      if (call.method === 'PUT') return { status: 409, body: { message: refusal } };
      return undefined;
    });
    renderAt('/my-bookings');
    await cards()
      .filter({ hasText: 'OT-2030-003' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(refusal)).toBeVisible();
    expect(readUnsent('user-1')).toEqual([]);
  });

  it('cancels locally when the server cannot be reached, and sends it when it is back', async () => {
    localStorage.removeItem(unsentStorageKey('user-1'));
    let current = bookings;
    let reachable = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed(current) };
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        if (!reachable) return { status: 503, body: { message: 'down' } };
        const cancelled = bookingFixture({ id: 3, status: 'cancelled', confirmation_code: 'OT-2030-003' });
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelledLocally)).toBeVisible();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect.element(confirmed.getByTestId('not-sent')).toHaveTextContent('Not yet sent');
    expect(readUnsent('user-1')).toMatchObject([{ kind: 'cancel', bookingId: 3 }]);
    // The sender's first try, still without an answer, keeps it.
    await expect.poll(() => calls.filter((call) => call.method === 'PUT').length).toBe(2);
    expect(readUnsent('user-1')).toHaveLength(1);

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    expect(readUnsent('user-1')).toEqual([]);
    await expect.element(confirmed.getByTestId('not-sent')).not.toBeInTheDocument();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3);
  });

  it('does not offer Cancel for a confirmed booking that has started', async () => {
    const started = bookingFixture({
      id: 4,
      status: 'confirmed',
      confirmation_code: 'OT-2025-004',
      booking_date: '2025-03-03',
      starts_at: '2025-03-03T16:00:00.000Z',
      ends_at: '2025-03-03T17:30:00.000Z',
    });
    stubApi((call) =>
      call.path === '/api/bookings/my-bookings'
        ? { status: 200, body: listed([bookings[0] as Booking, started]) }
        : undefined,
    );
    renderAt('/my-bookings');
    const ahead = cards().filter({ hasText: 'OT-2030-003' });
    await expect.element(ahead.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    const past = cards().filter({ hasText: 'OT-2025-004' });
    await expect.element(past.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect.element(past.getByRole('button', { name: 'Cancel', exact: true })).not.toBeInTheDocument();
  });
});
