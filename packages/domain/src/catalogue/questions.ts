// A service's intake questions: what the firm asks when a consultation of it is booked, and the answers a booking
// keeps with a copy of the questions as they were asked (so a later edit never changes or loses an answer).
import type { FieldError } from '../api/schemas.ts';
import { normalizeText, type TextRule, textProblem } from '../text/rule.ts';

export const questionTypes = ['text', 'long_text', 'choice', 'multi_choice', 'yes_no'] as const;
export type QuestionType = (typeof questionTypes)[number];

export interface IntakeQuestion {
  /** Stable across edits of the question: answers are sent by it. */
  id: string;
  label: string;
  type: QuestionType;
  /** The choices of a 'choice' or 'multi_choice' question; absent for the other types. */
  options?: string[] | undefined;
  required: boolean;
}

/** An answer by its question's type: text for text and choice, the chosen options, yes (true) or no (false). */
export type IntakeAnswer = string | string[] | boolean;

/** What a booking keeps of one question: the question as it was asked and its answer (null: left unanswered). */
export interface StoredBriefEntry {
  question: IntakeQuestion;
  answer: IntakeAnswer | null;
}

export const questionLimits = {
  questions: 20,
  idLength: 40,
  label: 300,
  options: 20,
  option: 100,
  textAnswer: 500,
  longTextAnswer: 5000,
} as const;

// ——— The rules (docs/product.md#intake-questions). No zod here: the wizard checks answers with them as the server
// does; the API contract is in question-schemas.ts. ———

/** A question's id: what its answers are sent by. */
export const questionIdPattern = /^[A-Za-z0-9_-]+$/;

/** How each answer type is named to the firm (the editor's choices, the change history). */
export const questionTypeLabels: Record<QuestionType, string> = {
  text: 'Short text',
  long_text: 'Long text',
  choice: 'One choice',
  multi_choice: 'Several choices',
  yes_no: 'Yes or no',
};

/** Whether a question of this type offers options to choose from. */
export function hasOptions(type: QuestionType): boolean {
  return type === 'choice' || type === 'multi_choice';
}

/** A question's wording and one option's, under the one text rule. */
export const questionLabelRule: TextRule = { label: 'Question', max: questionLimits.label };
export const questionOptionRule: TextRule = { label: 'Option', max: questionLimits.option };

/** The fewest options a choice question offers. */
export const minQuestionOptions = 2;

/** How a question is named in the client's messages: its words in quotes. */
const quoted = (question: Pick<IntakeQuestion, 'label'>) => `"${question.label}"`;

export const questionMessages = {
  tooMany: `A service may ask at most ${questionLimits.questions} questions`,
  listInvalid: 'Questions must be a list of questions',
  questionInvalid: 'Each question must be an object with an id, a label, a type and required',
  idInvalid: `A question's id must be 1 to ${questionLimits.idLength} letters, digits, hyphens or underscores`,
  idTaken: (id: string) => `Two questions have the id '${id}'`,
  labelRequired: 'Every question needs its wording',
  typeInvalid: `A question's type must be one of ${questionTypes.join(', ')}`,
  requiredInvalid: 'Required must be true or false',
  optionsNeeded: `A choice question needs ${minQuestionOptions} to ${questionLimits.options} options`,
  optionsNotAllowed: 'Only choice questions have options',
  optionEmpty: 'Options must not be empty',
  optionTwice: (option: string) => `The option '${option}' is there twice`,
  // The client's answers (POST /api/bookings, the wizard's Details step).
  answersInvalid: 'Answers must be an object of answers by question id',
  unknownQuestion: (id: string) => `'${id}' is not a question of this service`,
  needsAnswer: (question: Pick<IntakeQuestion, 'label'>) => `${quoted(question)} needs an answer`,
  textExpected: (question: Pick<IntakeQuestion, 'label'>) => `${quoted(question)} must be answered with text`,
  choiceExpected: (question: Pick<IntakeQuestion, 'label'>) =>
    `${quoted(question)} must be answered with one of its options`,
  choicesExpected: (question: Pick<IntakeQuestion, 'label'>) =>
    `${quoted(question)} must be answered with a list of its options`,
  choiceTwice: (question: Pick<IntakeQuestion, 'label'>) =>
    `${quoted(question)}: each option may be chosen once`,
  yesNoExpected: (question: Pick<IntakeQuestion, 'label'>) =>
    `${quoted(question)} must be answered yes or no`,
  // The firm's editor at /admin/services.
  saved: 'Intake questions saved',
  saveFailed: 'Failed to save the intake questions',
} as const;

/** What the pages call the brief: the questions as asked and their answers. */
export const briefTexts = {
  heading: 'Intake Questions',
  reviewHeading: 'Your Answers',
  /** The wizard's Details step, after the project's details. */
  wizardHeading: 'A Few Questions',
  wizardIntro: 'Your answers help the consultant prepare.',
  choose: 'Choose…',
  chooseAtLeastOne: 'Choose at least one.',
  noAnswer: 'No answer',
  yes: 'Yes',
  no: 'No',
  /** The change history's name for the questions. */
  fieldLabel: 'Intake questions',
  required: 'required',
  optional: 'optional',
} as const;

/** The firm's editor of a service's questions at /admin/services (n: the question's place, from 1). */
export const questionEditorTexts = {
  open: 'Questions',
  openLabel: (service: string) => `Questions of ${service}`,
  heading: (service: string) => `Intake Questions of ${service}`,
  intro: `Asked in the booking wizard after the project's details, in this order; at most ${questionLimits.questions}. A booking keeps the questions it was asked with their answers, whatever you change later.`,
  none: 'No questions: the wizard asks only for the project details.',
  question: (n: number) => `Question ${n}`,
  type: (n: number) => `Answer type of question ${n}`,
  option: (n: number, m: number) => `Question ${n} option ${m}`,
  required: (n: number) => `Question ${n} needs an answer`,
  options: 'Options',
  add: 'Add Question',
  addOption: (n: number) => `Add an option to question ${n}`,
  removeOption: (n: number, m: number) => `Remove question ${n} option ${m}`,
  moveUp: (n: number) => `Move question ${n} up`,
  moveDown: (n: number) => `Move question ${n} down`,
  remove: (n: number) => `Remove question ${n}`,
  save: 'Save Questions',
  saving: 'Saving...',
} as const;

/** An answer as the pages show it: text as typed, chosen options joined, yes/no in words, none said so. */
export function answerText(answer: IntakeAnswer | null): string {
  if (answer === null) return briefTexts.noAnswer;
  if (typeof answer === 'boolean') return answer ? briefTexts.yes : briefTexts.no;
  if (Array.isArray(answer)) return answer.length === 0 ? briefTexts.noAnswer : answer.join(', ');
  return answer === '' ? briefTexts.noAnswer : answer;
}

/** One question in a line, as the change history shows it: 'Which stack? (One choice: React, Vue; required)'. */
export function questionSummary(question: IntakeQuestion): string {
  const options = question.options?.length ? `: ${question.options.join(', ')}` : '';
  const need = question.required ? briefTexts.required : briefTexts.optional;
  return `${question.label} (${questionTypeLabels[question.type]}${options}; ${need})`;
}

/** The outcome of checking answers: the brief to keep, or what is wrong, each naming its question. */
export type AnswerCheck = { ok: true; brief: StoredBriefEntry[] } | { ok: false; errors: FieldError[] };

/**
 * A copy of a question with its keys in one order (a booking keeps one with its answer, so an edit of the service's
 * never reaches it; the database's jsonb keeps keys in an order of its own, which comparisons must not see).
 */
export function questionCopy(question: IntakeQuestion): IntakeQuestion {
  return {
    id: question.id,
    label: question.label,
    type: question.type,
    ...(question.options === undefined ? {} : { options: [...question.options] }),
    required: question.required,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One answer judged by its question's type: the value to keep (null: none given), or what is wrong. */
function judge(
  question: IntakeQuestion,
  raw: unknown,
): { answer: IntakeAnswer | null } | { problem: string } {
  if (raw === undefined || raw === null) return { answer: null };
  switch (question.type) {
    case 'text':
    case 'long_text': {
      if (typeof raw !== 'string') return { problem: questionMessages.textExpected(question) };
      const text = normalizeText(raw);
      if (text === '') return { answer: null };
      const rule: TextRule = {
        label: quoted(question),
        max: question.type === 'text' ? questionLimits.textAnswer : questionLimits.longTextAnswer,
        multiline: question.type === 'long_text',
      };
      const problem = textProblem(text, rule);
      return problem ? { problem } : { answer: text };
    }
    case 'choice': {
      if (typeof raw !== 'string') return { problem: questionMessages.choiceExpected(question) };
      if (raw === '') return { answer: null };
      return question.options?.includes(raw)
        ? { answer: raw }
        : { problem: questionMessages.choiceExpected(question) };
    }
    case 'multi_choice': {
      const options = question.options ?? [];
      if (!Array.isArray(raw) || !raw.every((item) => typeof item === 'string' && options.includes(item))) {
        return { problem: questionMessages.choicesExpected(question) };
      }
      if (new Set(raw).size !== raw.length) return { problem: questionMessages.choiceTwice(question) };
      // Kept in the question's own order, however they were sent.
      return { answer: raw.length === 0 ? null : options.filter((option) => raw.includes(option)) };
    }
    case 'yes_no':
      return typeof raw === 'boolean'
        ? { answer: raw }
        : { problem: questionMessages.yesNoExpected(question) };
  }
}

/** An id as a message may repeat it: a hostile key is cut to an id's length. */
function shownId(id: string): string {
  return id.length > questionLimits.idLength ? `${id.slice(0, questionLimits.idLength)}…` : id;
}

/**
 * Checks a client's answers against a service's questions, as the wizard does before going on and the server does
 * on every booking: `answers` is `{ [questionId]: value }` (undefined: none). Gives the brief to keep — every
 * question asked, in order, each with a copy of its words and its answer (null when an optional one is left
 * unanswered) — or every problem, on `answers.<questionId>`, its message naming the question by its words.
 */
export function checkAnswers(questions: readonly IntakeQuestion[], answers: unknown): AnswerCheck {
  const given = answers ?? {};
  if (!isPlainObject(given))
    return { ok: false, errors: [{ path: 'answers', msg: questionMessages.answersInvalid }] };
  const errors: FieldError[] = [];
  const known = new Set(questions.map((question) => question.id));
  for (const id of Object.keys(given)) {
    if (!known.has(id)) {
      errors.push({ path: `answers.${shownId(id)}`, msg: questionMessages.unknownQuestion(shownId(id)) });
    }
  }
  const brief: StoredBriefEntry[] = [];
  for (const question of questions) {
    const verdict = judge(question, Object.hasOwn(given, question.id) ? given[question.id] : undefined);
    const path = `answers.${question.id}`;
    if ('problem' in verdict) errors.push({ path, msg: verdict.problem });
    else if (verdict.answer === null && question.required) {
      errors.push({ path, msg: questionMessages.needsAnswer(question) });
    } else brief.push({ question: questionCopy(question), answer: verdict.answer });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, brief };
}

/** The answers to send for a checked brief: the given ones by question id. */
export function answersOf(brief: readonly StoredBriefEntry[]): Record<string, IntakeAnswer> {
  const answers: Record<string, IntakeAnswer> = {};
  for (const entry of brief) if (entry.answer !== null) answers[entry.question.id] = entry.answer;
  return answers;
}
