import {
  hasOptions,
  type IntakeQuestion,
  type QuestionType,
  questionLimits,
  questionMessages,
  questionTypeLabels,
  questionTypes,
  type Service,
  type ServiceQuestionsBody,
  serviceQuestionsBodySchema,
  questionEditorTexts as texts,
} from '@portal/domain';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { z } from 'zod';
import { ErrorText, Field } from '../../../components/form/field';
import { fieldError } from '../../../components/form/form-fields';
import { SchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Options } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-error';
import { useSaveQuestions } from '../api/save-questions';

/** A question as the editor holds it: its options kept while another type is chosen, so choosing back restores them. */
interface QuestionDraft {
  id: string;
  label: string;
  type: QuestionType;
  options: string[];
  required: boolean;
}

interface QuestionsDraft {
  questions: QuestionDraft[];
}

type QuestionsForm = UseFormReturn<QuestionsDraft, unknown, ServiceQuestionsBody>;

function draftOf(question: IntakeQuestion): QuestionDraft {
  return { ...question, options: question.options ?? [] };
}

/** The draft as the API takes it: options only on the choice types. Then checked by the API's own schema. */
const questionsFormSchema = z
  .custom<QuestionsDraft>()
  .transform((draft) => ({
    questions: draft.questions.map(({ options, ...question }) =>
      hasOptions(question.type) ? { ...question, options } : question,
    ),
  }))
  .pipe(serviceQuestionsBodySchema);

const small = `${buttonStyles.secondary} px-2 py-2`;

/** One question: its wording, answer type, options (choice types), whether it must be answered; moved, removed. */
function QuestionCard({
  form,
  questions,
  index,
  onChange,
}: {
  form: QuestionsForm;
  questions: QuestionDraft[];
  index: number;
  onChange: (questions: QuestionDraft[]) => void;
}) {
  const id = useId();
  const question = questions[index];
  if (!question) return null;
  const n = index + 1;
  const update = (changes: Partial<QuestionDraft>) =>
    onChange(questions.map((old, at) => (at === index ? { ...old, ...changes } : old)));
  const move = (by: -1 | 1) => {
    const next = [...questions];
    const other = next[index + by];
    if (!other) return;
    next[index + by] = question;
    next[index] = other;
    onChange(next);
  };
  const optionsError = fieldError(form, `questions.${index}.options`);
  const cardError = fieldError(form, `questions.${index}.id`) ?? fieldError(form, `questions.${index}`);
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="question-card">
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <TextField
          label={texts.question(n)}
          required
          maxLength={questionLimits.label}
          value={question.label}
          error={fieldError(form, `questions.${index}.label`)}
          onChange={(event) => update({ label: event.target.value })}
        />
        <Field label={texts.type(n)} error={fieldError(form, `questions.${index}.type`)}>
          {(control) => (
            <select
              {...control}
              value={question.type}
              onChange={(event) => update({ type: event.target.value as QuestionType })}
            >
              <Options options={questionTypes} labels={questionTypeLabels} />
            </select>
          )}
        </Field>
      </div>
      {hasOptions(question.type) && (
        <fieldset className="mt-4" aria-describedby={optionsError ? `${id}-options-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{texts.options}</legend>
          <ol className="mt-2 space-y-2">
            {question.options.map((option, at) => (
              // Options are edited in place: their position is their identity while the editor is open.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={at} className="flex items-start gap-2">
                <TextField
                  className="flex-1"
                  label={texts.option(n, at + 1)}
                  maxLength={questionLimits.option}
                  value={option}
                  error={fieldError(form, `questions.${index}.options.${at}`)}
                  onChange={(event) =>
                    update({
                      options: question.options.map((old, i) => (i === at ? event.target.value : old)),
                    })
                  }
                />
                <button
                  type="button"
                  className={`${small} mt-6`}
                  aria-label={texts.removeOption(n, at + 1)}
                  onClick={() => update({ options: question.options.filter((_, i) => i !== at) })}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ol>
          {optionsError && <ErrorText id={`${id}-options-error`}>{optionsError}</ErrorText>}
          <button
            type="button"
            className={`${buttonStyles.secondary} mt-3 px-3 py-1.5 text-sm`}
            disabled={question.options.length >= questionLimits.options}
            onClick={() => update({ options: [...question.options, ''] })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {texts.addOption(n)}
          </button>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={question.required}
            onChange={(event) => update({ required: event.target.checked })}
          />
          {texts.required(n)}
        </label>
        <div className="flex gap-2">
          <button
            type="button"
            className={small}
            aria-label={texts.moveUp(n)}
            disabled={index === 0}
            onClick={() => move(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={small}
            aria-label={texts.moveDown(n)}
            disabled={index === questions.length - 1}
            onClick={() => move(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={small}
            aria-label={texts.remove(n)}
            onClick={() => onChange(questions.filter((_, at) => at !== index))}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      {cardError && <ErrorText>{cardError}</ErrorText>}
    </li>
  );
}

/**
 * A service's intake questions (docs/product.md#intake-questions): added, worded, typed, given options, marked
 * required, moved up and down, removed; checked by the API's own schema before they are sent, and the server's
 * refusals shown beside the fields they name. Each new question gets an id of its own (a UUID), which its answers
 * are sent by.
 */
export function QuestionsEditor({ service, onClose }: { service: Service; onClose: () => void }) {
  const save = useSaveQuestions(service.id);
  const { notify } = useNotify();
  const form = useSchemaForm(questionsFormSchema, {
    defaultValues: { questions: service.questions.map(draftOf) },
    shouldFocusError: false,
  });
  const { field, fieldState } = useController({ control: form.control, name: 'questions' });
  const questions = field.value;
  const listError = fieldState.error?.message ?? fieldState.error?.root?.message;

  async function send(body: ServiceQuestionsBody): Promise<undefined> {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      notify({
        type: 'error',
        title: 'Error',
        message: error instanceof ApiError ? error.message : questionMessages.saveFailed,
      });
      throw error;
    }
    notify({ type: 'success', title: 'Saved', message: questionMessages.saved });
    onClose();
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={send}
      // The notification has told the failure; the fields and the summary show the rest.
      onFailure={() => undefined}
      summary
      submitOnEnter={false}
      submit={{ label: texts.save, busy: texts.saving }}
      onCancel={onClose}
      busy={save.isPending}
      aria-label={texts.heading(service.name)}
    >
      <p className="text-sm text-slate-700">{texts.intro}</p>
      {questions.length === 0 ? (
        <p className="text-sm text-slate-700">{texts.none}</p>
      ) : (
        <ol className="space-y-4">
          {questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              form={form}
              questions={questions}
              index={index}
              onChange={field.onChange}
            />
          ))}
        </ol>
      )}
      {listError && <ErrorText>{listError}</ErrorText>}
      <button
        type="button"
        className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
        disabled={questions.length >= questionLimits.questions}
        onClick={() =>
          field.onChange([
            ...questions,
            { id: crypto.randomUUID(), label: '', type: 'text', options: [], required: false },
          ])
        }
      >
        <Plus aria-hidden="true" className="size-4" />
        {texts.add}
      </button>
    </SchemaForm>
  );
}
