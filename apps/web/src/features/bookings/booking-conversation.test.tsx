// The booking's conversation on its page, "Ask the firm for a change" inside the change notice, and the unread
// badges of My Bookings and the consultant's schedule (docs/product.md#the-bookings-conversation), against a
// stubbed API.
import '../../index.css';
import {
  addDays,
  apiPaths,
  type Booking,
  type BookingDetailResponse,
  type ConversationMessage,
  conversationTexts,
  defaultBusinessTimeZone,
  moment,
  mondayOf,
  todayIn,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import { ConsultantRoute } from '../../app/routes/consultant';
import { cards, listed, renderAt as renderMyBookings, stubApi as stubAsClient } from '../../testing/bookings';
import { bookingFixture, scheduleAnswer } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall as Call, stubApi as stubAnyApi } from '../../testing/stub-api';

const zone = defaultBusinessTimeZone;

/** Signed in as the firm: an administrator, or the booking's consultant. */
function signedInAs(role: 'admin' | 'consultant') {
  return (call: Call): Answer | undefined => {
    if (call.path === apiPaths.accounts.session) {
      return {
        status: 200,
        body: {
          session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
          user: { id: 'firm-1', email: 'firm@example.com', emailVerified: true, name: '', role },
        },
      };
    }
    if (call.path === '/api/auth/profile') {
      return { status: 200, body: { user: { id: 'firm-1', first_name: 'Maya', role } } };
    }
    return undefined;
  };
}

const stubAsFirm = (role: 'admin' | 'consultant', answer: Parameters<typeof stubAnyApi>[0]) =>
  stubAnyApi(answer, (call) => signedInAs(role)(call) ?? scheduleAnswer(call));

function renderBookingPage(id: number) {
  return renderRouter(
    createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
      initialEntries: [`/booking/${id}`],
    }),
  );
}

function detailOf(booking: Booking, isOwner = true, hours = 24): BookingDetailResponse {
  return { booking, history: [], change_notice_hours: hours, is_owner: isOwner };
}

const confirmed = bookingFixture({ id: 7, status: 'confirmed', confirmation_code: 'OT-2030-007' });

const thread: ConversationMessage[] = [
  {
    id: 1,
    body: 'We run Kubernetes.\nThree nodes.',
    author: { name: 'Jane Doe', role: 'client' },
    created_at: '2030-01-03T16:15:00.000Z',
  },
  {
    id: 2,
    body: 'Which version?',
    author: { name: 'Maya Thompson', role: 'consultant' },
    created_at: '2030-01-03T17:00:00.000Z',
  },
];

/** The server's conversation of booking `id`: the thread as it stands, and POST as `post` answers (by default, written). */
function conversationApi(
  id: number,
  messages: ConversationMessage[],
  post: (body: unknown) => Answer | Promise<Answer> = (body) => {
    const message: ConversationMessage = {
      id: messages.length + 1,
      body: String((body as { body: string }).body),
      author: { name: 'Jane Doe', role: 'client' },
      created_at: '2030-01-04T16:00:00.000Z',
    };
    messages.push(message);
    return { status: 201, body: { message } };
  },
) {
  return (call: Call): Answer | undefined | Promise<Answer> => {
    if (call.path !== apiPaths.bookings.messages(id)) return undefined;
    if (call.method === 'POST') return post(call.body);
    return { status: 200, body: { messages: [...messages] } };
  };
}

const region = () => page.getByRole('region', { name: conversationTexts.heading });
const composer = () => page.getByRole('textbox', { name: conversationTexts.label });
const send = () => page.getByRole('button', { name: conversationTexts.send });
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe("the booking's conversation", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the thread oldest first with who wrote and when, and sends a message into it', async () => {
    const messages = [...thread];
    const messagesOf = conversationApi(7, messages);
    const calls = stubAsClient((call) =>
      call.path === '/api/bookings/7' ? { status: 200, body: detailOf(confirmed) } : messagesOf(call),
    );
    renderBookingPage(7);
    await expect.element(region().getByText('Which version?')).toBeVisible();
    await expect.element(region()).toHaveTextContent(conversationTexts.introClient);
    const items = () => region().getByRole('listitem');
    expect(items().elements()).toHaveLength(2);
    // The client's own messages are theirs; the firm's carry the person's name and side.
    await expect.element(items().nth(0)).toHaveTextContent('You');
    await expect.element(items().nth(0)).toHaveTextContent('We run Kubernetes.');
    await expect.element(items().nth(1)).toHaveTextContent('Maya Thompson (consultant)');
    await expect
      .element(
        items()
          .nth(1)
          .getByText(moment(thread[1]?.created_at ?? '', zone)),
      )
      .toHaveAttribute('datetime', thread[1]?.created_at);
    expect(moment(thread[1]?.created_at ?? '', zone)).toBe('Thu, Jan 3, 2030, 10 AM MST');
    // Line breaks are kept as written.
    expect(items().nth(0).getByText('We run Kubernetes.', { exact: false }).element().textContent).toBe(
      'We run Kubernetes.\nThree nodes.',
    );

    await expect.element(page.getByText('0/5000 characters')).toBeVisible();
    await composer().fill('  Version 1.31, is that fine?  ');
    await expect.element(page.getByText('27/5000 characters')).toBeVisible();
    await send().click();
    await expect.element(region().getByText('Version 1.31, is that fine?')).toBeVisible();
    expect(posts(calls).map((call) => call.body)).toEqual([{ body: 'Version 1.31, is that fine?' }]);
    await expect.element(composer()).toHaveValue('');
    await expect.element(page.getByText(conversationTexts.sent)).toBeVisible();
    expect(items().elements()).toHaveLength(3);
  });

  it("checks a message before sending it, and shows the server's refusal under it", async () => {
    let answer: Answer = {
      status: 400,
      body: {
        message: 'Message contains characters that are not valid text',
        errors: [{ path: 'body', msg: 'Message contains characters that are not valid text' }],
      },
    };
    const calls = stubAsClient((call) =>
      call.path === '/api/bookings/7'
        ? { status: 200, body: detailOf(confirmed) }
        : conversationApi(7, [], () => answer)(call),
    );
    renderBookingPage(7);
    await expect.element(region().getByText(conversationTexts.empty)).toBeVisible();
    await expect.element(region()).toHaveTextContent(conversationTexts.emptyHintClient);

    await send().click();
    await expect
      .element(composer())
      .toHaveAccessibleDescription(`0/5000 characters ${conversationTexts.bodyRequired}`);
    await composer().fill('x'.repeat(5001));
    await expect.element(page.getByText('5001/5000 characters')).toBeVisible();
    await send().click();
    await expect
      .element(composer())
      .toHaveAccessibleDescription('5001/5000 characters Message must be at most 5000 characters');
    expect(posts(calls)).toHaveLength(0);

    await composer().fill('Hello');
    await send().click();
    await expect
      .element(composer())
      .toHaveAccessibleDescription('5/5000 characters Message contains characters that are not valid text');
    await expect.element(composer()).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 503, body: { message: 'The server is busy. Please try again in a moment.' } };
    await send().click();
    await expect.element(region().getByRole('alert')).toHaveTextContent(conversationTexts.sendFailed);
    // What was written stays, to send again.
    await expect.element(composer()).toHaveValue('Hello');
    expect(posts(calls)).toHaveLength(2);
  });

  it('says it is sending while the message is on its way', async () => {
    let deliver = () => {};
    const messages: ConversationMessage[] = [];
    const message: ConversationMessage = {
      id: 1,
      body: 'Is parking available?',
      author: { name: 'Jane Doe', role: 'client' },
      created_at: '2030-01-04T16:00:00.000Z',
    };
    stubAsClient((call) =>
      call.path === '/api/bookings/7'
        ? { status: 200, body: detailOf(confirmed) }
        : conversationApi(
            7,
            messages,
            () =>
              new Promise<Answer>((resolve) => {
                deliver = () => {
                  messages.push(message);
                  resolve({ status: 201, body: { message } });
                };
              }),
          )(call),
    );
    renderBookingPage(7);
    await composer().fill('Is parking available?');
    await send().click();
    await expect.element(page.getByRole('button', { name: conversationTexts.sending })).toBeDisabled();
    deliver();
    await expect.element(region().getByText('Is parking available?', { exact: true })).toBeVisible();
    await expect.element(send()).toBeEnabled();
  });

  it("shows the firm the client's messages by name, and its own side's by theirs", async () => {
    stubAsFirm('admin', (call) =>
      call.path === '/api/bookings/7'
        ? { status: 200, body: detailOf(confirmed, false, 0) }
        : conversationApi(7, [...thread])(call),
    );
    renderBookingPage(7);
    await expect.element(region().getByText('Which version?')).toBeVisible();
    await expect.element(region()).toHaveTextContent(conversationTexts.introFirm);
    await expect.element(region().getByRole('listitem').nth(0)).toHaveTextContent('Jane Doe (client)');
    await expect
      .element(region().getByRole('listitem').nth(1))
      .toHaveTextContent('Maya Thompson (consultant)');
    expect(region().getByText('You', { exact: true }).elements()).toHaveLength(0);
  });

  it('says when the messages could not be loaded, and loads them again', async () => {
    let failing = true;
    stubAsClient((call) => {
      if (call.path === '/api/bookings/7') return { status: 200, body: detailOf(confirmed) };
      if (call.path === apiPaths.bookings.messages(7) && failing)
        return { status: 404, body: { message: 'Booking not found' } };
      return conversationApi(7, [...thread])(call);
    });
    renderBookingPage(7);
    await expect.element(region().getByRole('alert')).toHaveTextContent(conversationTexts.loadFailed);
    failing = false;
    await region().getByRole('button', { name: conversationTexts.loadAgain }).click();
    await expect.element(region().getByText('Which version?')).toBeVisible();
  });
});

describe('"Ask the firm for a change"', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const startingIn = (hours: number) => {
    const startsAt = new Date(Date.now() + hours * 3_600_000);
    return bookingFixture({
      id: 9,
      status: 'confirmed',
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 90 * 60_000).toISOString(),
    });
  };

  it('is offered inside the change notice, and starts the request in the composer', async () => {
    stubAsClient((call) =>
      call.path === '/api/bookings/9'
        ? { status: 200, body: detailOf(startingIn(10)) }
        : conversationApi(9, [])(call),
    );
    renderBookingPage(9);
    const ask = page.getByRole('button', { name: conversationTexts.askForChange });
    await expect.element(ask).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    await ask.click();
    await expect.element(composer()).toHaveFocus();
    await expect.element(composer()).toHaveValue(conversationTexts.askForChangeStart);
    // What the client already wrote is kept.
    await composer().fill('Could we meet an hour later?');
    await ask.click();
    await expect.element(composer()).toHaveValue('Could we meet an hour later?');
    await expect.element(composer()).toHaveFocus();
  });

  it('is not offered while the client may still change the booking themselves', async () => {
    stubAsClient((call) =>
      call.path === '/api/bookings/9'
        ? { status: 200, body: detailOf(startingIn(72)) }
        : conversationApi(9, [])(call),
    );
    renderBookingPage(9);
    await expect.element(page.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await expect.element(composer()).toBeVisible();
    expect(page.getByRole('button', { name: conversationTexts.askForChange }).elements()).toHaveLength(0);
  });
});

describe('the unread badges', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('show the new messages on the cards of My Bookings that have some', async () => {
    const withNews = bookingFixture({
      id: 3,
      status: 'confirmed',
      confirmation_code: 'OT-2030-003',
      unread_messages: 2,
    });
    const oneNew = bookingFixture({
      id: 4,
      status: 'pending',
      confirmation_code: 'OT-2030-004',
      unread_messages: 1,
    });
    const quiet = bookingFixture({
      id: 5,
      status: 'pending',
      confirmation_code: 'OT-2030-005',
      unread_messages: 0,
    });
    stubAsClient((call) =>
      call.path === apiPaths.bookings.myBookings
        ? { status: 200, body: listed([withNews, oneNew, quiet]) }
        : undefined,
    );
    renderMyBookings('/my-bookings');
    await expect
      .element(cards().filter({ hasText: 'OT-2030-003' }).getByText('2 new messages'))
      .toBeVisible();
    await expect.element(cards().filter({ hasText: 'OT-2030-004' }).getByText('1 new message')).toBeVisible();
    expect(cards().filter({ hasText: 'OT-2030-005' }).getByTestId('unread-badge').elements()).toHaveLength(0);
  });

  it("show the new messages in the consultant's schedule", async () => {
    const today = todayIn(zone, new Date());
    const monday = mondayOf(today);
    const booking = bookingFixture({ id: 11, status: 'confirmed', booking_date: today, unread_messages: 3 });
    stubAsFirm('consultant', (call) => {
      if (call.path !== apiPaths.consultants.ownBookings) return undefined;
      const from = call.query.get('from') ?? '';
      const inRange = from === monday && (call.query.get('to') ?? '') === addDays(monday, 6);
      return { status: 200, body: { bookings: inRange ? [booking] : [] } };
    });
    renderRouter(
      createMemoryRouter([{ path: '/consultant', element: <ConsultantRoute /> }], {
        initialEntries: ['/consultant'],
      }),
    );
    const consultations = page.getByTestId('consultation');
    await expect.element(consultations.first()).toBeVisible();
    for (const shown of consultations.elements()) expect(shown.textContent).toContain('3 new messages');
  });
});
