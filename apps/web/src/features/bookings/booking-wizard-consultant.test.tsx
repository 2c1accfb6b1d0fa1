import '../../index.css';
import { bookingMessages, consultantMessages, defaultBusinessTimeZone } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { unsentStorageKey } from '../../lib/unsent-bookings-storage';
import {
  continueButton,
  description,
  listed,
  longEnough,
  nextWeekdays,
  pickDay,
  renderAt,
  reviewButton,
  serviceAndAvailability,
  stubApi,
} from '../../testing/bookings';
import { bookingFixture } from '../../testing/fixtures';
import type { Answer, ApiCall } from '../../testing/stub-api';

const maya = {
  id: 1,
  name: 'Maya Thompson',
  title: 'Senior Web Architect',
  bio: 'Builds portals.',
  service_ids: [1],
};
const grace = {
  id: 2,
  name: 'Grace Hopper',
  title: 'Principal Engineer',
  bio: 'Twenty years of compilers.',
  service_ids: [1],
};

/** The public consultants of service 1. */
function consultantsOf(list: (typeof maya)[]) {
  return (call: ApiCall): Answer | undefined =>
    call.method === 'GET' && call.path === '/api/consultants' && call.query.get('serviceId') === '1'
      ? { status: 200, body: { consultants: list } }
      : undefined;
}

/** Service 1's day: 9:00 free for Maya only, 10:00 free for both; `&consultantId=` answers for that one only. */
function availabilityByConsultant(call: ApiCall): Answer | undefined {
  if (call.method !== 'GET' || call.path !== '/api/services/1/availability') return undefined;
  const date = call.query.get('date') ?? '';
  const only = call.query.get('consultantId');
  const slot = (start: string, end: string, free: number[]) => {
    const ids = only === null ? free : free.filter((id) => id === Number(only));
    return {
      start_time: start,
      end_time: end,
      label: `${start} - ${end}`,
      starts_at: `${date}T${start}:00.000Z`,
      ends_at: `${date}T${end}:00.000Z`,
      available: ids.length > 0,
      consultant_ids: ids,
    };
  };
  return {
    status: 200,
    body: {
      date,
      timeZone: defaultBusinessTimeZone,
      slots: [slot('09:00', '10:30', [1]), slot('10:00', '11:30', [2, 1])],
    },
  };
}

const consultantGroup = () => page.getByRole('group', { name: consultantMessages.wizardLegend });
const slotRadios = () => page.getByTestId('slot-list').getByRole('radio');

async function describeAndReview() {
  await continueButton().click();
  await description().fill(longEnough);
  await reviewButton().click();
}

describe('booking wizard: choosing a consultant', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("offers 'Any available consultant' by default or one by name with title and bio, and the slots follow the choice", async () => {
    const calls = stubApi(
      (call) =>
        consultantsOf([grace, maya])(call) ?? availabilityByConsultant(call) ?? serviceAndAvailability(call),
    );
    const [day = ''] = nextWeekdays(1);
    renderAt('/book/1');
    await expect.element(consultantGroup()).toBeVisible();
    const any = consultantGroup().getByRole('radio', { name: consultantMessages.anyConsultant });
    await expect.element(any).toBeChecked();
    const graceRadio = consultantGroup().getByRole('radio', { name: 'Grace Hopper' });
    await expect.element(graceRadio).not.toBeChecked();
    // The title and bio are the radio's description, heard with it.
    await expect
      .element(graceRadio)
      .toHaveAccessibleDescription('Principal Engineer Twenty years of compilers.');
    await expect.element(any).toHaveAccessibleDescription(consultantMessages.anyConsultantHint);

    await pickDay(day);
    await expect.element(page.getByRole('radio', { name: '9 AM - 10:30 AM' })).toBeVisible();
    expect(slotRadios().elements()).toHaveLength(2);
    const asked = () => calls.filter((call) => call.path === '/api/services/1/availability');
    expect(asked().every((call) => !call.query.has('consultantId'))).toBe(true);

    // Grace chosen: her slots only (she is not free at 9), and the slot chosen before is chosen again.
    await page.getByRole('radio', { name: '9 AM - 10:30 AM' }).click();
    await graceRadio.click();
    await expect.element(graceRadio).toBeChecked();
    await expect.poll(() => slotRadios().elements().length).toBe(1);
    await expect.element(page.getByRole('radio', { name: '10 AM - 11:30 AM' })).not.toBeChecked();
    await expect.element(continueButton()).toBeDisabled();
    expect(asked().at(-1)?.query.get('consultantId')).toBe('2');

    // Back to any: both times again.
    await any.click();
    await expect.poll(() => slotRadios().elements().length).toBe(2);
  });

  it('books the consultant chosen by name: the review names them, the booking carries their id, the notification says who', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return {
          status: 201,
          body: { booking: bookingFixture({ id: 7, consultant: { id: 2, name: 'Grace Hopper' } }) },
        };
      }
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return (
        consultantsOf([grace, maya])(call) ?? availabilityByConsultant(call) ?? serviceAndAvailability(call)
      );
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await consultantGroup().getByRole('radio', { name: 'Grace Hopper' }).click();
    await pickDay(day);
    await page.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
    await describeAndReview();
    await expect.element(page.getByRole('definition').filter({ hasText: 'Grace Hopper' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/my-bookings');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/bookings');
    expect(post?.body).toMatchObject({ serviceId: 1, consultantId: 2, startsAt: `${day}T10:00:00.000Z` });
    const toast = page.getByRole('status').filter({ hasText: bookingMessages.requestSentTitle });
    await expect.element(toast).toHaveTextContent(consultantMessages.bookedWith('Grace Hopper'));
  });

  it("books 'any': the review says so, no consultant is sent, and the notification names the one the server assigned", async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return {
          status: 201,
          body: { booking: bookingFixture({ id: 8, consultant: { id: 1, name: 'Maya Thompson' } }) },
        };
      }
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return (
        consultantsOf([grace, maya])(call) ?? availabilityByConsultant(call) ?? serviceAndAvailability(call)
      );
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await expect.element(consultantGroup()).toBeVisible();
    await pickDay(day);
    await page.getByRole('radio', { name: '9 AM - 10:30 AM' }).click();
    await describeAndReview();
    await expect
      .element(page.getByRole('definition').filter({ hasText: consultantMessages.anyConsultant }))
      .toBeVisible();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/my-bookings');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/bookings');
    expect(post?.body).not.toHaveProperty('consultantId');
    const toast = page.getByRole('status').filter({ hasText: bookingMessages.requestSentTitle });
    await expect.element(toast).toHaveTextContent(consultantMessages.bookedWith('Maya Thompson'));
  });

  it('names the only consultant of a service as information, with nothing to choose, and books as before', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return { status: 201, body: { booking: bookingFixture({ id: 9 }) } };
      }
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return consultantsOf([maya])(call) ?? serviceAndAvailability(call);
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await expect
      .element(page.getByTestId('consultant-info'))
      .toHaveTextContent(consultantMessages.onlyConsultant('Maya Thompson'));
    expect(consultantGroup().elements()).toHaveLength(0);
    await pickDay(day);
    await page.getByRole('radio', { name: '9 AM - 10:30 AM' }).click();
    await describeAndReview();
    await expect.element(page.getByRole('definition').filter({ hasText: 'Maya Thompson' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/my-bookings');
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/bookings');
    expect(post?.body).not.toHaveProperty('consultantId');
    expect(
      calls
        .filter((call) => call.path === '/api/services/1/availability')
        .every((call) => !call.query.has('consultantId')),
    ).toBe(true);
  });

  it('keeps a booking with a chosen consultant in the browser when the server does not answer, and sends it again with them', async () => {
    let reachable = false;
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/bookings') {
        return reachable
          ? {
              status: 201,
              body: { booking: bookingFixture({ id: 10, consultant: { id: 2, name: 'Grace Hopper' } }) },
            }
          : 'unreachable';
      }
      if (call.path === '/api/bookings/my-bookings') return { status: 200, body: listed([]) };
      return (
        consultantsOf([grace, maya])(call) ?? availabilityByConsultant(call) ?? serviceAndAvailability(call)
      );
    });
    const [day = ''] = nextWeekdays(1);
    const router = renderAt('/book/1');
    await consultantGroup().getByRole('radio', { name: 'Grace Hopper' }).click();
    await pickDay(day);
    await page.getByRole('radio', { name: '10 AM - 11:30 AM' }).click();
    await describeAndReview();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/my-bookings');
    const stored = JSON.parse(localStorage.getItem(unsentStorageKey('user-1')) ?? '{}');
    expect(stored.items[0]).toMatchObject({ consultant: 'Grace Hopper', body: { consultantId: 2 } });
    // The card of the unsent booking says who it is with.
    await expect
      .element(
        page.getByRole('article').filter({ hasText: consultantMessages.withConsultant('Grace Hopper') }),
      )
      .toBeVisible();

    reachable = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => localStorage.getItem(unsentStorageKey('user-1'))).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/bookings');
    expect(posts.at(-1)?.body).toMatchObject({ consultantId: 2 });
    expect(posts.at(-1)?.headers.get('Idempotency-Key')).toBe(posts[0]?.headers.get('Idempotency-Key'));
  });
});
