// The intake questions in the booking wizard and on the booking's page (docs/product.md#intake-questions), against
// a stubbed API: asked after the project's details, checked by the domain's rule before Review, sent as `answers`,
// shown on Review and, as the booking keeps them, on its page.
import '../../index.css';
import { apiPaths, type IntakeQuestion, questionMessages } from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { BookingDetailRoute } from '../../app/routes/booking-detail';
import {
  description,
  listed,
  longEnough,
  nextWeekdays,
  renderAt,
  reviewButton,
  serviceAndAvailability,
  stubApi,
  toDetails,
} from '../../testing/bookings';
import { bookingFixture, serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import type { ApiCall } from '../../testing/stub-api';

const stack: IntakeQuestion = {
  id: 'stack',
  label: 'Which stack do you use?',
  type: 'choice',
  options: ['React', 'Vue', 'Svelte'],
  required: true,
};
const goals: IntakeQuestion = {
  id: 'goals',
  label: 'What should we achieve?',
  type: 'long_text',
  required: false,
};
const areas: IntakeQuestion = {
  id: 'areas',
  label: 'Which areas should we look at?',
  type: 'multi_choice',
  options: ['Security', 'Performance', 'Cost'],
  required: false,
};
const live: IntakeQuestion = { id: 'live', label: 'Is it live already?', type: 'yes_no', required: true };
const team: IntakeQuestion = { id: 'team', label: 'How large is your team?', type: 'text', required: false };
const asking = serviceFixture({ questions: [stack, goals, areas, live, team] });

/** The service asks its questions; a booking is made as `post` answers. */
function api(post: (call: ApiCall) => { status: number; body: unknown } = () => ({ status: 201, body: {} })) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === apiPaths.catalogue.service(1)) {
      return { status: 200, body: { service: asking } };
    }
    if (call.method === 'POST' && call.path === apiPaths.bookings.create) return post(call);
    if (call.path === apiPaths.bookings.myBookings) return { status: 200, body: listed([]) };
    return serviceAndAvailability(call);
  });
}

async function toQuestions() {
  const [day = ''] = nextWeekdays(1);
  renderAt('/book/1');
  await toDetails(day);
  await description().fill(longEnough);
}

const group = (name: string) => page.getByRole('group', { name });

describe('the intake questions in the booking wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks them after the project details, each with its control, and names the required ones', async () => {
    api();
    await toQuestions();
    const notes = page.getByLabelText('Additional Notes').element();
    const questions = page.getByTestId('intake-questions').element();
    expect(notes.compareDocumentPosition(questions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect.element(page.getByRole('heading', { name: 'A Few Questions' })).toBeVisible();
    // A choice: radios, required; yes or no the same; several choices: checkboxes.
    for (const option of ['React', 'Vue', 'Svelte']) {
      await expect.element(group(stack.label).getByRole('radio', { name: option })).toBeRequired();
    }
    await expect.element(group(live.label).getByRole('radio', { name: 'Yes' })).toBeRequired();
    expect(group(live.label).getByRole('radio').elements()).toHaveLength(2);
    expect(group(areas.label).getByRole('checkbox').elements()).toHaveLength(3);
    // Texts: one line and several, optional.
    await expect.element(page.getByRole('textbox', { name: team.label })).not.toBeRequired();
    expect(page.getByRole('textbox', { name: goals.label }).element().tagName).toBe('TEXTAREA');
  });

  it('checks the answers before Review: each missing required one named under it, the first focused', async () => {
    const calls = api();
    await toQuestions();
    await reviewButton().click();
    await expect.element(page.getByText(questionMessages.needsAnswer(stack))).toBeVisible();
    await expect.element(group(stack.label)).toHaveAccessibleDescription(questionMessages.needsAnswer(stack));
    await expect.element(group(live.label)).toHaveAccessibleDescription(questionMessages.needsAnswer(live));
    await expect.element(group(stack.label).getByRole('radio', { name: 'React' })).toHaveFocus();
    expect(page.getByRole('heading', { name: 'Review Your Booking' }).elements()).toHaveLength(0);
    // Answered, the error goes.
    await group(stack.label).getByRole('radio', { name: 'Vue' }).click();
    await expect.element(page.getByText(questionMessages.needsAnswer(stack))).not.toBeInTheDocument();
    await reviewButton().click();
    await expect.element(group(live.label)).toHaveAccessibleDescription(questionMessages.needsAnswer(live));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the answers by question id, shows them on Review, and keeps them when going back', async () => {
    const calls = api(() => ({ status: 201, body: { booking: bookingFixture({ id: 5 }) } }));
    await toQuestions();
    await group(stack.label).getByRole('radio', { name: 'Vue' }).click();
    await page.getByRole('textbox', { name: goals.label }).fill('  Faster builds  ');
    await group(areas.label).getByRole('checkbox', { name: 'Cost' }).click();
    await group(areas.label).getByRole('checkbox', { name: 'Security' }).click();
    await group(live.label).getByRole('radio', { name: 'No' }).click();
    await reviewButton().click();
    await expect.element(page.getByRole('heading', { name: 'Review Your Booking' })).toBeVisible();
    const answers = page.getByRole('region', { name: 'Your Answers' });
    expect(
      answers
        .getByRole('term')
        .elements()
        .map((term) => term.textContent),
    ).toEqual([stack.label, goals.label, areas.label, live.label, team.label]);
    expect(
      answers
        .getByRole('definition')
        .elements()
        .map((answer) => answer.textContent),
    ).toEqual(['Vue', 'Faster builds', 'Security, Cost', 'No', 'No answer']);
    // Back keeps them.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.element(group(stack.label).getByRole('radio', { name: 'Vue' })).toBeChecked();
    await expect.element(group(areas.label).getByRole('checkbox', { name: 'Cost' })).toBeChecked();
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => calls.find((call) => call.method === 'POST')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      serviceId: 1,
      answers: { stack: 'Vue', goals: 'Faster builds', areas: ['Security', 'Cost'], live: false },
    });
  });

  it("returns to the questions with the server's refusal under the one it names", async () => {
    const refusal = questionMessages.needsAnswer({ label: 'Is it live already?' });
    api(() => ({
      status: 400,
      body: { message: refusal, errors: [{ path: 'answers.live', msg: refusal }] },
    }));
    await toQuestions();
    await group(stack.label).getByRole('radio', { name: 'React' }).click();
    await group(live.label).getByRole('radio', { name: 'Yes' }).click();
    await reviewButton().click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.element(page.getByRole('heading', { name: 'Project Details' })).toBeVisible();
    await expect.element(group(live.label)).toHaveAccessibleDescription(refusal);
    await expect.element(group(live.label).getByRole('radio', { name: 'Yes' })).toHaveFocus();
  });
});

describe("the booking's brief on its page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each question as it was asked with its answer: choices joined, yes/no in words, none said so', async () => {
    const booking = bookingFixture({
      id: 7,
      brief: [
        { question: 'Which stack do you use?', answer: 'Vue' },
        { question: 'Which areas should we look at?', answer: ['Security', 'Cost'] },
        { question: 'Is it live already?', answer: true },
        { question: 'How large is your team?', answer: null },
        { question: 'What should we achieve?', answer: 'Faster builds\nFewer incidents' },
      ],
    });
    stubApi((call) =>
      call.path === apiPaths.bookings.booking(7)
        ? {
            status: 200,
            body: { booking, history: [], change_notice_hours: 24, is_owner: true },
          }
        : undefined,
    );
    renderRouter(
      createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
        initialEntries: ['/booking/7'],
      }),
    );
    const brief = page.getByRole('region', { name: 'Intake Questions' });
    await expect.element(brief).toBeVisible();
    expect(
      brief
        .getByRole('definition')
        .elements()
        .map((answer) => answer.textContent),
    ).toEqual(['Vue', 'Security, Cost', 'Yes', 'No answer', 'Faster builds\nFewer incidents']);
    expect(
      brief
        .getByRole('term')
        .elements()
        .map((term) => term.textContent),
    ).toEqual(booking.brief.map((entry) => entry.question));
  });

  it('shows nothing for a booking asked no questions', async () => {
    stubApi((call) =>
      call.path === apiPaths.bookings.booking(8)
        ? {
            status: 200,
            body: {
              booking: bookingFixture({ id: 8 }),
              history: [],
              change_notice_hours: 24,
              is_owner: true,
            },
          }
        : undefined,
    );
    renderRouter(
      createMemoryRouter([{ path: '/booking/:id', element: <BookingDetailRoute /> }], {
        initialEntries: ['/booking/8'],
      }),
    );
    await expect.element(page.getByRole('heading', { name: 'Web Development', level: 1 })).toBeVisible();
    expect(page.getByTestId('booking-brief').elements()).toHaveLength(0);
  });
});
