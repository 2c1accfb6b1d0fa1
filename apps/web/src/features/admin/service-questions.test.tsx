// The firm's editor of a service's intake questions at /admin/services (docs/product.md#intake-questions), against
// a stubbed API: add, word, type, give options, require, move, remove; checked before sending; the server's
// refusals beside their fields; the change history in words.
import '../../index.css';
import {
  apiPaths,
  defaultSchedule,
  type IntakeQuestion,
  questionMessages,
  type Service,
  type ServiceChange,
} from '@portal/domain';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminServicesRoute } from '../../app/routes/admin';
import { serviceFixture } from '../../testing/fixtures';
import { renderRouter } from '../../testing/render-router';
import { type Answer, type ApiCall, stubApi } from '../../testing/stub-api';

const ok = (body: unknown): Answer => ({ status: 200, body });

const stack: IntakeQuestion = {
  id: 'stack',
  label: 'Which stack do you use?',
  type: 'choice',
  options: ['React', 'Vue', 'Svelte'],
  required: true,
};
const webDevelopment = serviceFixture({ questions: [stack] });

const change: ServiceChange = {
  id: 8,
  at: '2030-01-07T16:00:00.000Z',
  actorEmail: 'office@example.com',
  action: 'updated',
  serviceId: 1,
  serviceName: 'Web Development',
  fields: [{ field: 'questions', before: [], after: [stack] }],
};

/** The admin catalogue; the questions' PUT answers `save` (default: the list, saved). */
function catalogueApi(services: Service[], save?: (call: ApiCall) => Answer) {
  return stubApi((call) => {
    if (call.path === apiPaths.catalogue.adminServices) return ok({ services });
    if (call.path === apiPaths.schedule.admin) return ok({ schedule: defaultSchedule });
    if (call.path === apiPaths.catalogue.adminChanges) return ok({ changes: [change] });
    if (call.method === 'PUT') return save ? save(call) : ok(call.body);
    return undefined;
  });
}

function renderPage() {
  return renderRouter(
    createMemoryRouter([{ path: '/admin/services', element: <AdminServicesRoute /> }], {
      initialEntries: ['/admin/services'],
    }),
  );
}

const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');
const wording = (n: number) => page.getByRole('textbox', { name: `Question ${n}`, exact: true });
const typeOf = (n: number) => page.getByRole('combobox', { name: `Answer type of question ${n}` });
const option = (n: number, m: number) => page.getByRole('textbox', { name: `Question ${n} option ${m}` });
const save = () => page.getByRole('button', { name: 'Save Questions' });

describe("a service's intake questions at /admin/services", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds, words, types, requires, moves and removes questions, and saves the whole list', async () => {
    const calls = catalogueApi([webDevelopment]);
    renderPage();
    await page.getByRole('button', { name: 'Questions of Web Development' }).click();
    await expect
      .element(page.getByRole('heading', { name: 'Intake Questions of Web Development' }))
      .toBeVisible();
    await expect.element(wording(1)).toHaveValue(stack.label);
    await expect.element(typeOf(1)).toHaveValue('choice');
    await expect.element(option(1, 3)).toHaveValue('Svelte');
    await expect.element(page.getByRole('checkbox', { name: 'Question 1 needs an answer' })).toBeChecked();

    // A yes/no question, required, moved before the first.
    await page.getByRole('button', { name: 'Add Question' }).click();
    await wording(2).fill('Is it live already?');
    await typeOf(2).selectOptions('Yes or no');
    await page.getByRole('checkbox', { name: 'Question 2 needs an answer' }).click();
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await expect.element(wording(1)).toHaveValue('Is it live already?');
    await expect.element(wording(2)).toHaveValue(stack.label);
    await expect.element(page.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();

    // A third, of several choices, then removed; an option of the stack question removed.
    await page.getByRole('button', { name: 'Add Question' }).click();
    await wording(3).fill('Which areas?');
    await page.getByRole('button', { name: 'Remove question 3' }).click();
    await expect.element(wording(3)).not.toBeInTheDocument();
    await page.getByRole('button', { name: 'Remove question 2 option 3' }).click();

    await save().click();
    await expect.element(page.getByText(questionMessages.saved)).toBeVisible();
    const [put] = puts(calls);
    expect(put?.path).toBe(apiPaths.catalogue.adminServiceQuestions(1));
    expect(put?.body).toEqual({
      questions: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          label: 'Is it live already?',
          type: 'yes_no',
          required: true,
        },
        { ...stack, options: ['React', 'Vue'] },
      ],
    });
    // The editor closes once saved.
    await expect.element(wording(1)).not.toBeInTheDocument();
  });

  it('checks the list as the API does before sending: missing options, an option twice, an empty wording', async () => {
    const calls = catalogueApi([webDevelopment]);
    renderPage();
    await page.getByRole('button', { name: 'Questions of Web Development' }).click();
    await page.getByRole('button', { name: 'Add Question' }).click();
    await typeOf(2).selectOptions('Several choices');
    await save().click();
    await expect.element(wording(2)).toHaveAccessibleDescription(questionMessages.labelRequired);
    await expect
      .element(page.getByRole('group', { name: 'Options' }).nth(1))
      .toHaveAccessibleDescription(questionMessages.optionsNeeded);
    expect(puts(calls)).toEqual([]);

    await wording(2).fill('Which areas should we look at?');
    await page.getByRole('button', { name: 'Add an option to question 2' }).click();
    await option(2, 1).fill('Security');
    await page.getByRole('button', { name: 'Add an option to question 2' }).click();
    await option(2, 2).fill('Security');
    await save().click();
    await expect.element(option(2, 2)).toHaveAccessibleDescription(questionMessages.optionTwice('Security'));
    expect(puts(calls)).toEqual([]);

    await option(2, 2).fill('Cost');
    await save().click();
    await expect.element(page.getByText(questionMessages.saved)).toBeVisible();
    expect(puts(calls)[0]?.body).toMatchObject({
      questions: [
        {},
        {
          label: 'Which areas should we look at?',
          type: 'multi_choice',
          options: ['Security', 'Cost'],
          required: false,
        },
      ],
    });
  });

  it("shows the server's refusal beside the field it names, and keeps the editor open", async () => {
    const refusal = 'Question must be at most 300 characters';
    catalogueApi([webDevelopment], () => ({
      status: 400,
      body: { message: refusal, errors: [{ path: 'questions.0.label', msg: refusal }] },
    }));
    renderPage();
    await page.getByRole('button', { name: 'Questions of Web Development' }).click();
    await wording(1).fill('Which stack, framework and hosting do you use?');
    await save().click();
    await expect.element(wording(1)).toHaveAccessibleDescription(refusal);
    await expect.element(save()).toBeVisible();
  });

  it('says in the change history what the questions were and became', async () => {
    catalogueApi([webDevelopment]);
    renderPage();
    await expect
      .element(page.getByTestId('service-change'))
      .toHaveTextContent(
        'Intake questions: (none) → Which stack do you use? (One choice: React, Vue, Svelte; required)',
      );
  });
});
