import '../../index.css';
import { type Booking, bookingMessages } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { company } from '../../config/company';
import { bookings, cards, listed, renderAt, stubApi } from '../../testing/bookings';
import { bookingFixture } from '../../testing/fixtures';

describe('my bookings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every field and filters by tab', async () => {
    stubApi((call) =>
      call.path === '/api/bookings/my-bookings' ? { status: 200, body: listed(bookings) } : undefined,
    );
    renderAt('/my-bookings');
    await expect.element(cards().nth(2)).toBeVisible();
    expect(cards().elements()).toHaveLength(3);
    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    for (const text of [
      'Web Development',
      'with Maya Thompson',
      'Confirmed',
      'Mon, Jan 7, 2030',
      '9 AM - 10:30 AM MST',
      '$225',
      'A customer portal with online booking.',
      'High',
      'Video Call',
      'Wed, Jan 2, 2030',
    ]) {
      await expect.element(confirmed.getByText(text, { exact: true })).toBeVisible();
    }
    await expect
      .element(confirmed.getByRole('link', { name: 'View Details' }))
      .toHaveAttribute('href', '/booking/3');
    await expect.element(confirmed.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(confirmed.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    // The code of a confirmed booking is its Confirmation Code; a pending one is not confirmed: its Reference.
    const termOf = (card: typeof confirmed, code: string) =>
      card.getByText(code, { exact: true }).element().previousElementSibling?.textContent;
    expect(termOf(confirmed, 'OT-2030-003')).toBe('Confirmation Code');
    const pending = cards().filter({ hasText: 'OT-2030-002' });
    expect(termOf(pending, 'OT-2030-002')).toBe('Reference');
    expect(pending.getByText('Confirmation Code').elements()).toHaveLength(0);
    await expect
      .element(pending.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
    const completed = cards().filter({ hasText: 'OT-2025-001' });
    await expect.element(completed.getByRole('button', { name: 'Leave Review' })).toBeEnabled();
    // A booking that is over can be booked again: the wizard of the same service. An active one cannot.
    await expect
      .element(completed.getByRole('link', { name: 'Book Again' }))
      .toHaveAttribute('href', `/book/${bookings[2]?.service_id}`);
    for (const active of [confirmed, pending]) {
      expect(active.getByRole('link', { name: 'Book Again' }).elements()).toHaveLength(0);
    }

    const expectCodes = async (tab: string, codes: string[]) => {
      await page.getByRole('tab', { name: tab }).click();
      await expect.element(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => cards().elements().length).toBe(codes.length);
      for (const code of codes) await expect.element(cards().filter({ hasText: code })).toBeVisible();
    };
    await expectCodes('Upcoming', ['OT-2030-003', 'OT-2030-002']);
    await expectCodes('Past', ['OT-2025-001']);
    await expectCodes('Confirmed', ['OT-2030-003']);
    await expectCodes('Pending', ['OT-2030-002']);
    await expectCodes('All', ['OT-2030-003', 'OT-2030-002', 'OT-2025-001']);
  });

  it('shows the change notice instead of acting inside it, as the answer gives it', async () => {
    const startingIn = (id: number, status: 'pending' | 'confirmed', hours: number) => {
      const startsAt = new Date(Date.now() + hours * 3_600_000);
      return bookingFixture({
        id,
        status,
        confirmation_code: `OT-2030-01${id}`,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
      });
    };
    const list = [
      startingIn(1, 'confirmed', 10),
      startingIn(2, 'pending', 10),
      startingIn(3, 'confirmed', 48),
    ];
    let noticeHours = 24;
    const calls = stubApi((call) =>
      call.path === '/api/bookings/my-bookings'
        ? { status: 200, body: listed(list, noticeHours) }
        : undefined,
    );
    const notice = bookingMessages.changeNoticePassed(24);
    // 'Please contact us.' comes with the ways to: the contact page and the firm's phone.
    const described = `${notice} Use the contact page or call ${company.phone.display}.`;
    renderAt('/my-bookings');
    const inside = cards().filter({ hasText: 'OT-2030-011' });
    await expect.element(inside.getByText(notice, { exact: true })).toBeVisible();
    for (const name of ['Reschedule', 'Cancel']) {
      const button = inside.getByRole('button', { name, exact: true });
      await expect.element(button).toBeDisabled();
      await expect.element(button).toHaveAccessibleDescription(described);
    }
    await expect
      .element(inside.getByRole('link', { name: 'contact page' }))
      .toHaveAttribute('href', '/contact');
    await expect
      .element(inside.getByRole('link', { name: company.phone.display }))
      .toHaveAttribute('href', company.phone.href);
    // A pending booking cannot be cancelled at all: only Reschedule stays, disabled, with the notice.
    const pending = cards().filter({ hasText: 'OT-2030-012' });
    await expect.element(pending.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    await expect.element(pending.getByText(notice, { exact: true })).toBeVisible();
    await expect
      .element(pending.getByRole('button', { name: 'Cancel', exact: true }))
      .not.toBeInTheDocument();
    const outside = cards().filter({ hasText: 'OT-2030-013' });
    await expect.element(outside.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(outside.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    expect(outside.getByText(notice).elements()).toHaveLength(0);
    expect(outside.getByTestId('reach-the-firm').elements()).toHaveLength(0);
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
    await cleanup();

    // An administrator's own bookings: the answer's notice is 0, so the same booking can still be changed.
    noticeHours = 0;
    renderAt('/my-bookings');
    const unlimited = cards().filter({ hasText: 'OT-2030-011' });
    await expect.element(unlimited.getByRole('button', { name: 'Cancel', exact: true })).toBeEnabled();
    await expect.element(unlimited.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(page.getByText(notice).elements()).toHaveLength(0);
  });

  it('loads the next page with Load more, keeping the tabs and cancel', async () => {
    const [newest, middle, oldest] = bookings as [Booking, Booking, Booking];
    let current = [newest, middle, oldest];
    const calls = stubApi((call) => {
      if (call.path === '/api/bookings/my-bookings') {
        const cursor = call.query.get('cursor');
        if (cursor === null)
          return { status: 200, body: { ...listed(current.slice(0, 2)), nextCursor: 'page-2' } };
        if (cursor === 'page-2') return { status: 200, body: listed(current.slice(2)) };
        return { status: 400, body: { message: bookingMessages.cursorInvalid } };
      }
      if (call.method === 'PUT' && call.path === '/api/bookings/3') {
        const cancelled = { ...newest, status: 'cancelled' as const };
        current = current.map((booking) => (booking.id === 3 ? cancelled : booking));
        return { status: 200, body: { booking: cancelled } };
      }
      return undefined;
    });
    renderAt('/my-bookings');
    await expect.element(cards().nth(1)).toBeVisible();
    expect(cards().elements()).toHaveLength(2);
    // More may come: an empty tab does not claim there are none.
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect.element(page.getByRole('button', { name: 'Load More' })).toBeVisible();
    expect(page.getByRole('heading', { name: bookingMessages.noBookings }).elements()).toHaveLength(0);

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.element(cards().filter({ hasText: 'OT-2025-001' })).toBeVisible();
    expect(calls.filter((call) => call.query.get('cursor') === 'page-2')).toHaveLength(1);
    await expect.element(page.getByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => cards().elements().length).toBe(3);

    const confirmed = cards().filter({ hasText: 'OT-2030-003' });
    await confirmed.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click();
    await expect.element(page.getByText(bookingMessages.cancelled)).toBeVisible();
    await expect.element(confirmed.getByText('Cancelled', { exact: true })).toBeVisible();
    // Both pages stay listed after the list is fetched again.
    await expect.poll(() => calls.filter((call) => call.query.get('cursor') === 'page-2').length).toBe(2);
    expect(cards().elements()).toHaveLength(3);
  });

  it("shows 'No Bookings Found' when there are none, and the load failure", async () => {
    stubApi(() => ({ status: 200, body: listed([]) }));
    renderAt('/my-bookings');
    await expect.element(page.getByRole('heading', { name: bookingMessages.noBookings })).toBeVisible();
  });

  it('says when the bookings cannot be loaded', async () => {
    stubApi(() => ({ status: 503, body: { message: 'down' } }));
    renderAt('/my-bookings');
    await expect.element(page.getByText(bookingMessages.loadFailed)).toBeVisible();
  });
});
