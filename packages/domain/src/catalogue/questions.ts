// A service's intake questions: what the firm asks when a consultation of it is booked, and the answers a booking
// keeps with a copy of the questions as they were asked (so a later edit never changes or loses an answer).

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
