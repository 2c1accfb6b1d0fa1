// The intake questions' API contract (zod): a service's questions as the firm sets them and as the API answers
// them. The rules and the answers' check are in questions.ts (docs/product.md#intake-questions).
import { z } from 'zod';
import { textField } from '../text/field.ts';
import {
  hasOptions,
  minQuestionOptions,
  questionIdPattern,
  questionLabelRule,
  questionLimits,
  questionMessages,
  questionOptionRule,
  questionTypes,
} from './questions.ts';

/** A question as the API answers it (stored ones were checked by the schema below when they were saved). */
export const intakeQuestionSchema = z.object({
  id: z.string().describe('Stable across edits of the question: its answer is sent under this key'),
  label: z.string().describe('The question as the client reads it'),
  type: z.enum(questionTypes),
  options: z
    .array(z.string())
    .optional()
    .describe('The choices of a choice or multi_choice question; absent for the other types'),
  required: z.boolean().describe('true: the booking is refused without an answer'),
});

const option = z
  .string({ error: questionMessages.optionEmpty })
  .pipe(textField(questionOptionRule).min(1, { error: questionMessages.optionEmpty }));

/** One question as the firm sets it: its options only for the choice types, each given once. */
const questionBodySchema = z
  .object(
    {
      id: z
        .string({ error: questionMessages.idInvalid })
        .min(1, { error: questionMessages.idInvalid })
        .max(questionLimits.idLength, { error: questionMessages.idInvalid })
        .regex(questionIdPattern, { error: questionMessages.idInvalid })
        .describe(
          `1 to ${questionLimits.idLength} letters, digits, hyphens or underscores, unique among the service's questions; keep it across edits (the portal makes a UUID)`,
        ),
      label: z
        .string({ error: questionMessages.labelRequired })
        .pipe(textField(questionLabelRule).min(1, { error: questionMessages.labelRequired }))
        .describe(`The question, at most ${questionLimits.label} characters`),
      type: z.enum(questionTypes, { error: questionMessages.typeInvalid }),
      options: z
        .array(option, { error: questionMessages.optionsNeeded })
        .max(questionLimits.options, { error: questionMessages.optionsNeeded })
        .optional()
        .describe(
          `choice and multi_choice: ${minQuestionOptions} to ${questionLimits.options} different options of at most ${questionLimits.option} characters; absent for the other types`,
        ),
      required: z.boolean({ error: questionMessages.requiredInvalid }),
    },
    { error: questionMessages.questionInvalid },
  )
  .superRefine((question, context) => {
    if (!hasOptions(question.type)) {
      if (question.options !== undefined) {
        context.addIssue({ code: 'custom', path: ['options'], message: questionMessages.optionsNotAllowed });
      }
      return;
    }
    const options = question.options ?? [];
    if (options.length < minQuestionOptions) {
      context.addIssue({ code: 'custom', path: ['options'], message: questionMessages.optionsNeeded });
    }
    options.forEach((text, index) => {
      if (options.indexOf(text) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['options', index],
          message: questionMessages.optionTwice(text),
        });
      }
    });
  });

/** A service's questions as the firm sets them, in the order they are asked; each id once. */
export const intakeQuestionsBodySchema = z
  .array(questionBodySchema, { error: questionMessages.listInvalid })
  .max(questionLimits.questions, { error: questionMessages.tooMany })
  .superRefine((questions, context) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (seen.has(question.id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: questionMessages.idTaken(question.id),
        });
      }
      seen.add(question.id);
    });
  })
  .describe(
    `At most ${questionLimits.questions}, asked in this order after the project's details; a booking keeps a copy of those it was asked`,
  );

/** `PUT /api/admin/services/{id}/questions`: the service's whole list of questions (an empty one asks none). */
export const serviceQuestionsBodySchema = z.object({ questions: intakeQuestionsBodySchema });
export type ServiceQuestionsBody = z.input<typeof serviceQuestionsBodySchema>;

/** Its answer: the questions as saved. */
export const serviceQuestionsResponseSchema = z.object({ questions: z.array(intakeQuestionSchema) });
export type ServiceQuestionsResponse = z.infer<typeof serviceQuestionsResponseSchema>;

/** `answers` of `POST /api/bookings`: judged against the service's questions by checkAnswers (questions.ts). */
export const bookingAnswersSchema = z
  .record(z.string(), z.unknown(), { error: questionMessages.answersInvalid })
  .default({})
  .describe(
    "The answers to the service's intake questions by question id: text for text and long_text (at most " +
      `${questionLimits.textAnswer} and ${questionLimits.longTextAnswer} characters), one option for choice, a ` +
      'list of different options for multi_choice, true or false for yes_no. A required one left out (or empty), ' +
      'a value of the wrong type or an unknown id: 400 on answers.{questionId}, naming the question',
  );
