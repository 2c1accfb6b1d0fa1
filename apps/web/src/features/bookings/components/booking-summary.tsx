import {
  type Booking,
  keptLength,
  maxSummaryLength,
  type SaveSummaryBody,
  type SaveSummaryRequest,
  saveSummaryBodySchema,
  meetingTexts as texts,
} from '@portal/domain';
import { TextAreaField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/use-session';
import { useSaveSummary } from '../api/save-summary';

/** A refusal the field did not take, in the server's words or the product's; a lost session says nothing. */
function refused(failure: unknown, placed: boolean): Notice | undefined {
  if (placed || (failure instanceof ApiError && failure.status === 401)) return undefined;
  return { type: 'error', text: refusalMessage(failure, texts.summaryFailed) };
}

/** The summary as the client reads it: its paragraphs (blank lines between), each keeping its line breaks. */
function SummaryText({ summary }: { summary: string }) {
  const paragraphs = summary.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="mt-3 space-y-3 text-slate-900" data-testid="summary-text">
      {paragraphs.map((paragraph, index) => (
        // The paragraphs are the text's own, in order: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} className="break-words whitespace-pre-wrap">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function SummaryEditor({ booking }: { booking: Booking }) {
  const save = useSaveSummary(booking.id);
  const form = useSchemaForm<SaveSummaryBody, SaveSummaryRequest>(saveSummaryBodySchema, {
    defaultValues: { summary: booking.summary ?? '' },
  });
  const length = keptLength(form.watch('summary') ?? '');

  async function send({ summary }: SaveSummaryRequest): Promise<Notice> {
    const saved = await save.mutateAsync({ summary });
    form.reset({ summary: saved.summary ?? summary });
    return { type: 'success', text: texts.summarySaved };
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={send}
      onFailure={refused}
      submit={{ label: texts.saveSummary, busy: texts.savingSummary }}
      className="mt-4 space-y-3"
    >
      <TextAreaField
        form={form}
        name="summary"
        label={texts.summaryLabel}
        rows={10}
        hint={texts.summaryCounter(length)}
        hintClassName={length > maxSummaryLength ? 'font-medium text-red-700' : 'text-slate-600'}
      />
    </SchemaForm>
  );
}

/**
 * The summary of a completed consultation (docs/product.md#the-summary): the firm — an administrator, or the
 * booking's consultant — writes it here once the booking is completed; its client reads it, paragraphs kept. The
 * server decides who may write (a client's attempt is refused); this only chooses what to draw.
 */
export function BookingSummary({ booking, isOwner }: { booking: Booking; isOwner: boolean }) {
  const { isAdmin, isConsultant } = useAccount();
  // The firm reads a booking it does not own; an administrator writes on any.
  const firm = isAdmin || (isConsultant && !isOwner);
  const editable = firm && booking.status === 'completed';
  if (!editable && booking.summary === null) return null;
  return (
    // Named by its heading for the eye only: the one control labelled 'Summary…' is the firm's text area.
    <section className="mt-8" data-testid="booking-summary">
      <h2 className="text-lg font-semibold text-slate-900">{texts.summaryHeading}</h2>
      {editable ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{texts.summaryIntroFirm}</p>
          <SummaryEditor booking={booking} />
        </>
      ) : (
        booking.summary !== null && <SummaryText summary={booking.summary} />
      )}
    </section>
  );
}
