// The intake questions' rules (docs/product.md#intake-questions): the one check of answers the wizard and the server
// share, the schema of a service's questions, and how answers are written on the pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answersOf,
  answerText,
  checkAnswers,
  createBookingBodySchema,
  type IntakeQuestion,
  questionLimits,
  questionMessages,
  questionSummary,
  serviceQuestionsBodySchema,
} from '../../src/index.ts';

const stack: IntakeQuestion = {
  id: 'stack',
  label: 'Which stack do you use?',
  type: 'choice',
  options: ['React', 'Vue'],
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
  label: 'Which areas?',
  type: 'multi_choice',
  options: ['Security', 'Performance', 'Cost'],
  required: true,
};
const live: IntakeQuestion = { id: 'live', label: 'Is it live?', type: 'yes_no', required: false };
const team: IntakeQuestion = { id: 'team', label: 'Team size?', type: 'text', required: false };
const questions = [stack, goals, areas, live, team];

function problems(answers: unknown, asked: IntakeQuestion[] = questions) {
  const outcome = checkAnswers(asked, answers);
  return outcome.ok ? [] : outcome.errors;
}

describe('checkAnswers', () => {
  it('gives the brief: every question in order, a copy of it, its answer normalized, null when left out', () => {
    const outcome = checkAnswers(questions, {
      stack: 'Vue',
      goals: '  Faster\r\nbuilds ',
      areas: ['Cost', 'Security'],
    });
    expect(outcome).toEqual({
      ok: true,
      brief: [
        { question: stack, answer: 'Vue' },
        { question: goals, answer: 'Faster\nbuilds' },
        { question: areas, answer: ['Security', 'Cost'] },
        { question: live, answer: null },
        { question: team, answer: null },
      ],
    });
    // A copy: changing the service's question later never reaches the brief.
    if (!outcome.ok) throw new Error('refused');
    expect(outcome.brief[0]?.question).not.toBe(stack);
    expect(outcome.brief[0]?.question.options).not.toBe(stack.options);
    expect(answersOf(outcome.brief)).toEqual({
      stack: 'Vue',
      goals: 'Faster\nbuilds',
      areas: ['Security', 'Cost'],
    });
  });

  it('takes no questions and no answers as an empty brief, and undefined answers as none', () => {
    expect(checkAnswers([], {})).toEqual({ ok: true, brief: [] });
    expect(checkAnswers([], undefined)).toEqual({ ok: true, brief: [] });
    expect(checkAnswers([live], undefined)).toEqual({ ok: true, brief: [{ question: live, answer: null }] });
  });

  it('names every required question left unanswered: missing, null, an empty or blank text, an empty choice', () => {
    const required = { ...team, required: true };
    for (const value of [undefined, null, '', '   ']) {
      expect(problems(value === undefined ? {} : { team: value }, [required])).toEqual([
        { path: 'answers.team', msg: '"Team size?" needs an answer' },
      ]);
    }
    expect(problems({ stack: '', areas: [] }, [stack, areas])).toEqual([
      { path: 'answers.stack', msg: questionMessages.needsAnswer(stack) },
      { path: 'answers.areas', msg: questionMessages.needsAnswer(areas) },
    ]);
  });

  it('refuses a value of the wrong type, naming the question by its words', () => {
    const base = { stack: 'React', areas: ['Cost'] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stack: 1 }, 'stack', questionMessages.choiceExpected(stack)],
      [{ stack: 'Angular' }, 'stack', questionMessages.choiceExpected(stack)],
      [{ stack: 'react' }, 'stack', questionMessages.choiceExpected(stack)],
      [{ areas: 'Cost' }, 'areas', questionMessages.choicesExpected(areas)],
      [{ areas: ['Cost', 3] }, 'areas', questionMessages.choicesExpected(areas)],
      [{ areas: ['Cost', 'Cost'] }, 'areas', questionMessages.choiceTwice(areas)],
      [{ live: 'yes' }, 'live', questionMessages.yesNoExpected(live)],
      [{ live: 1 }, 'live', questionMessages.yesNoExpected(live)],
      [{ team: ['five'] }, 'team', questionMessages.textExpected(team)],
      [{ team: { size: 5 } }, 'team', questionMessages.textExpected(team)],
      [{ team: 'a\nb' }, 'team', '"Team size?" must not contain control characters or line breaks'],
      [
        { team: 'x'.repeat(questionLimits.textAnswer + 1) },
        'team',
        '"Team size?" must be at most 500 characters',
      ],
      [
        { goals: 'x'.repeat(questionLimits.longTextAnswer + 1) },
        'goals',
        '"What should we achieve?" must be at most 5000 characters',
      ],
      [
        { goals: 'bad\u0000' },
        'goals',
        '"What should we achieve?" must not contain control characters other than tabs and line breaks',
      ],
      [{ team: '\ud800' }, 'team', '"Team size?" contains characters that are not valid text'],
    ];
    for (const [change, id, msg] of cases) {
      expect(problems({ ...base, ...change }), JSON.stringify(change)).toEqual([
        { path: `answers.${id}`, msg },
      ]);
    }
  });

  it('takes texts at their longest and several lines only in a long text', () => {
    const outcome = checkAnswers(questions, {
      stack: 'React',
      areas: ['Cost'],
      team: 'x'.repeat(questionLimits.textAnswer),
      goals: `${'y'.repeat(questionLimits.longTextAnswer - 3)}\n\tz`,
    });
    expect(outcome.ok).toBe(true);
  });

  it('refuses an answer to a question the service does not ask, and answers that are no object', () => {
    expect(problems({ stack: 'React', areas: ['Cost'], budget: 'Large' })).toEqual([
      { path: 'answers.budget', msg: questionMessages.unknownQuestion('budget') },
    ]);
    // A hostile key is cut to an id's length in the answer.
    const long = 'k'.repeat(1000);
    expect(problems({ [long]: 1 }, [])).toEqual([
      { path: `answers.${'k'.repeat(40)}…`, msg: questionMessages.unknownQuestion(`${'k'.repeat(40)}…`) },
    ]);
    for (const answers of [['React'], 'React', 3, true]) {
      expect(problems(answers)).toEqual([{ path: 'answers', msg: questionMessages.answersInvalid }]);
    }
    // Inherited keys are no answers.
    expect(problems(Object.create({ stack: 'React', areas: ['Cost'] }), [stack, areas])).toHaveLength(2);
  });

  it('never throws, whatever the answers, and either gives a brief of every question or names the problems', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(fc.constantFrom('stack', 'goals', 'areas', 'live', 'team', 'x'), fc.jsonValue()),
        (any, dictionary) => {
          for (const answers of [any, dictionary]) {
            const outcome = checkAnswers(questions, answers);
            if (outcome.ok)
              expect(outcome.brief.map((entry) => entry.question.id)).toEqual(questions.map((q) => q.id));
            else for (const error of outcome.errors) expect(error.path.startsWith('answers')).toBe(true);
          }
        },
      ),
    );
  });
});

describe('the booking body', () => {
  it('takes answers as an object by question id, none by default', () => {
    const body = {
      serviceId: 1,
      projectDescription: 'A description long enough to book.',
      startsAt: '2030-01-07T16:00:00.000Z',
    };
    expect(createBookingBodySchema.parse(body).answers).toEqual({});
    expect(createBookingBodySchema.parse({ ...body, answers: { stack: 3 } }).answers).toEqual({ stack: 3 });
    const refused = createBookingBodySchema.safeParse({ ...body, answers: ['React'] });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers', questionMessages.answersInvalid],
    ]);
  });
});

describe('serviceQuestionsBodySchema', () => {
  const parse = (list: unknown) => serviceQuestionsBodySchema.safeParse({ questions: list });
  const issues = (list: unknown) =>
    parse(list).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('takes a list as the firm sets it, trimmed, options only on the choice types', () => {
    expect(
      parse([{ ...stack, label: ' Which stack do you use? ', options: [' React ', 'Vue'] }, live]).data,
    ).toEqual({
      questions: [stack, live],
    });
    expect(parse([]).data).toEqual({ questions: [] });
    expect(
      parse(Array.from({ length: questionLimits.questions }, (_, at) => ({ ...team, id: `q${at}` }))).success,
    ).toBe(true);
  });

  it('refuses each broken rule on the field that breaks it', () => {
    expect(issues(Array.from({ length: 21 }, (_, at) => ({ ...team, id: `q${at}` })))).toEqual([
      ['questions', questionMessages.tooMany],
    ]);
    expect(issues([team, { ...live, id: 'team' }])).toEqual([
      ['questions.1.id', questionMessages.idTaken('team')],
    ]);
    expect(issues([{ ...team, id: 'a.b' }])).toEqual([['questions.0.id', questionMessages.idInvalid]]);
    expect(issues([{ ...team, id: 'x'.repeat(41) }])).toEqual([
      ['questions.0.id', questionMessages.idInvalid],
    ]);
    expect(issues([{ ...team, label: '' }])).toEqual([['questions.0.label', questionMessages.labelRequired]]);
    expect(issues([{ ...team, type: 'number' }])).toEqual([
      ['questions.0.type', questionMessages.typeInvalid],
    ]);
    expect(issues([{ ...team, required: 'yes' }])).toEqual([
      ['questions.0.required', questionMessages.requiredInvalid],
    ]);
    expect(issues([{ ...team, options: ['a', 'b'] }])).toEqual([
      ['questions.0.options', questionMessages.optionsNotAllowed],
    ]);
    expect(issues([{ ...stack, options: undefined }])).toEqual([
      ['questions.0.options', questionMessages.optionsNeeded],
    ]);
    expect(issues([{ ...stack, options: ['React'] }])).toEqual([
      ['questions.0.options', questionMessages.optionsNeeded],
    ]);
    expect(issues([{ ...stack, options: ['React', 'Vue', ' React'] }])).toEqual([
      ['questions.0.options.2', questionMessages.optionTwice('React')],
    ]);
    expect(issues([{ ...stack, options: ['React', ''] }])).toEqual([
      ['questions.0.options.1', questionMessages.optionEmpty],
    ]);
  });
});

describe('how answers and questions are written', () => {
  it('writes answers as the pages show them', () => {
    expect(answerText('Vue')).toBe('Vue');
    expect(answerText(['Security', 'Cost'])).toBe('Security, Cost');
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(null)).toBe('No answer');
    expect(answerText([])).toBe('No answer');
  });

  it('sums a question up in a line for the change history', () => {
    expect(questionSummary(stack)).toBe('Which stack do you use? (One choice: React, Vue; required)');
    expect(questionSummary(live)).toBe('Is it live? (Yes or no; optional)');
  });
});
