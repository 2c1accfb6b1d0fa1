import { answerText, type Booking, briefTexts } from '@portal/domain';
import { useId } from 'react';

/** One question as it was asked, and its answer (null: left unanswered). */
export type BriefEntry = Booking['brief'][number];

/**
 * The intake questions a booking was asked, in their words then, with the client's answers
 * (docs/product.md#intake-questions): chosen options joined, yes/no in words, an unanswered one said so. Nothing
 * when it was asked none.
 */
export function BookingBrief({
  brief,
  heading = briefTexts.heading,
  level = 'h2',
  className = 'mt-8',
}: {
  brief: readonly BriefEntry[];
  heading?: string;
  /** h2 on the booking's page, h3 inside the wizard's Review step. */
  level?: 'h2' | 'h3';
  className?: string;
}) {
  const id = useId();
  if (brief.length === 0) return null;
  const Heading = level;
  return (
    <section aria-labelledby={`${id}-heading`} className={className} data-testid="booking-brief">
      <Heading id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {heading}
      </Heading>
      <dl className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        {brief.map((entry, index) => (
          // Questions as asked may repeat their words: the position tells them apart, and never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index}>
            <dt className="text-sm text-slate-700">{entry.question}</dt>
            <dd
              className={`whitespace-pre-wrap ${entry.answer === null ? 'text-slate-600 italic' : 'font-medium text-slate-900'}`}
            >
              {answerText(entry.answer)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
