import {
  answersOf,
  briefTexts,
  checkAnswers,
  type FieldError,
  type IntakeAnswer,
  type IntakeQuestion,
  questionLimits,
  type StoredBriefEntry,
} from '@portal/domain';
import { type ReactNode, useId, useRef, useState } from 'react';
import { ErrorText, Field } from '../../../components/form/field';

/**
 * What the client has given so far, by question id: undefined (or an empty text) nothing yet, null 'No answer'
 * chosen for an optional question.
 */
export type AnswerDraft = IntakeAnswer | null | undefined;
export type AnswerDrafts = Readonly<Record<string, AnswerDraft>>;

const answerPath = 'answers.';

/**
 * The answers to a service's intake questions while the wizard is open (docs/product.md#intake-questions): kept
 * across its steps, checked by the domain's rule before Review (the server checks them again), each problem shown
 * under its question and the first one focused.
 */
export function useIntakeAnswers(
  questions: readonly IntakeQuestion[],
  afterRender: (callback: () => void) => void,
) {
  const [answers, setAnswers] = useState<AnswerDrafts>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const container = useRef<HTMLDivElement>(null);

  function showErrors(found: readonly FieldError[]): boolean {
    const byQuestion: Record<string, string> = {};
    for (const { path, msg } of found) {
      const id = path.startsWith(answerPath) ? path.slice(answerPath.length) : undefined;
      if (id !== undefined && questions.some((question) => question.id === id)) byQuestion[id] ??= msg;
    }
    setErrors(byQuestion);
    const first = questions.find((question) => byQuestion[question.id] !== undefined);
    if (first) {
      afterRender(() =>
        container.current
          ?.querySelector(`[data-question="${CSS.escape(first.id)}"]`)
          ?.querySelector<HTMLElement>('input, textarea, select')
          ?.focus(),
      );
    }
    return first !== undefined;
  }

  return {
    questions,
    answers,
    errors,
    container,
    setAnswer(id: string, value: AnswerDraft) {
      setAnswers((current) => ({ ...current, [id]: value }));
      // Said again at the next check, not while the client is still answering.
      setErrors(({ [id]: _dropped, ...rest }) => rest);
    },
    /** The brief to send when every answer passes; otherwise undefined, with the problems shown. */
    check(): StoredBriefEntry[] | undefined {
      const outcome = checkAnswers(questions, answers);
      if (outcome.ok) {
        setErrors({});
        return outcome.brief;
      }
      showErrors(outcome.errors);
      return undefined;
    },
    /** The server's refusals of answers (`answers.<id>`) under their questions: whether any was one. */
    showErrors,
    /** The questions with their answers as the Review step shows them (none until every answer passes). */
    brief(): { question: string; answer: IntakeAnswer | null }[] {
      const outcome = checkAnswers(questions, answers);
      return outcome.ok
        ? outcome.brief.map(({ question, answer }) => ({ question: question.label, answer }))
        : [];
    },
    /** `answers` of the booking's body: the checked answers by question id. */
    body(): Record<string, IntakeAnswer> {
      const outcome = checkAnswers(questions, answers);
      return outcome.ok ? answersOf(outcome.brief) : {};
    },
  };
}

export type IntakeAnswers = ReturnType<typeof useIntakeAnswers>;

const choiceLook = 'flex items-center gap-2 text-slate-900';
const boxLook = 'size-4 shrink-0 accent-blue-700';

/** A group of radios or checkboxes: the question as its legend (a star when required), its error tied to it. */
function Group({
  question,
  error,
  hint,
  children,
}: {
  question: IntakeQuestion;
  error: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const inside = (
    <>
      <legend className="flex gap-1 text-sm font-medium text-slate-800">
        {question.label}
        {question.required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">{children}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </>
  );
  return <fieldset aria-describedby={describedBy}>{inside}</fieldset>;
}

/** Radios, one per choice, and 'No answer' last for an optional question (a radio cannot be unchecked). */
function Radios({
  question,
  name,
  value,
  error,
  choices,
  onChange,
}: {
  question: IntakeQuestion;
  name: string;
  value: AnswerDraft;
  error: string | undefined;
  choices: readonly { label: string; value: string | boolean }[];
  onChange: (value: AnswerDraft) => void;
}) {
  const all: { label: string; value: string | boolean | null }[] = [
    ...choices,
    ...(question.required ? [] : [{ label: briefTexts.noAnswer, value: null }]),
  ];
  return (
    <Group question={question} error={error}>
      {all.map((choice) => (
        <label key={choice.label} className={choiceLook}>
          <input
            type="radio"
            name={name}
            className={boxLook}
            // Tells assistive technology the question needs an answer (the form itself is checked by our rule).
            required={question.required}
            aria-invalid={error ? true : undefined}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </Group>
  );
}

/** One question with the control its type calls for. */
function Question({
  question,
  value,
  error,
  onChange,
}: {
  question: IntakeQuestion;
  value: AnswerDraft;
  error: string | undefined;
  onChange: (value: AnswerDraft) => void;
}) {
  const name = useId();
  const field = { label: question.label, required: question.required, error };
  const options = question.options ?? [];
  switch (question.type) {
    case 'text':
      return (
        <Field {...field}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={questionLimits.textAnswer}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      );
    case 'long_text':
      return (
        <Field {...field}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={questionLimits.longTextAnswer}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      );
    case 'choice':
      // A few options side by side; a long list as a select.
      if (options.length > 5) {
        return (
          <Field {...field}>
            {(control) => (
              <select
                {...control}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(event.target.value)}
              >
                <option value="">{question.required ? briefTexts.choose : briefTexts.noAnswer}</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      }
      return (
        <Radios
          question={question}
          name={name}
          value={value}
          error={error}
          choices={options.map((option) => ({ label: option, value: option }))}
          onChange={onChange}
        />
      );
    case 'multi_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Group
          question={question}
          error={error}
          hint={question.required ? briefTexts.chooseAtLeastOne : undefined}
        >
          {options.map((option) => (
            <label key={option} className={choiceLook}>
              <input
                type="checkbox"
                className={boxLook}
                aria-invalid={error ? true : undefined}
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? options.filter((item) => item === option || chosen.includes(item))
                      : chosen.filter((item) => item !== option),
                  )
                }
              />
              {option}
            </label>
          ))}
        </Group>
      );
    }
    case 'yes_no':
      return (
        <Radios
          question={question}
          name={name}
          value={value}
          error={error}
          choices={[
            { label: briefTexts.yes, value: true },
            { label: briefTexts.no, value: false },
          ]}
          onChange={onChange}
        />
      );
  }
}

/**
 * The Details step's intake questions, after the project's details: each with its label, a star when required, the
 * control its type calls for (text, several lines, radios or a select, checkboxes, yes or no) and its error.
 */
export function IntakeQuestions({ intake }: { intake: IntakeAnswers }) {
  const id = useId();
  if (intake.questions.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="intake-questions">
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {briefTexts.wizardHeading}
        </h3>
        <p className="text-sm text-slate-700">{briefTexts.wizardIntro}</p>
      </div>
      <div ref={intake.container} className="space-y-5">
        {intake.questions.map((question) => (
          <div key={question.id} data-question={question.id}>
            <Question
              question={question}
              value={intake.answers[question.id]}
              error={intake.errors[question.id]}
              onChange={(value) => intake.setAnswer(question.id, value)}
            />
          </div>
        ))}
      </div>
    </section>
  );
}
