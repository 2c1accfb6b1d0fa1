import {
  type Booking,
  type ConversationMessage,
  conversationLength,
  maxConversationMessageLength,
  moment,
  type PostConversationMessageBody,
  type PostConversationMessageRequest,
  postConversationMessageBodySchema,
  conversationTexts as texts,
} from '@portal/domain';
import { type ReactNode, useEffect } from 'react';
import { TextAreaField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useConversation, usePostConversationMessage } from '../api/conversation';

/** Whether the message is from the reader's side: the client's for the booking's owner, the firm's for the firm. */
function fromReadersSide(message: ConversationMessage, isOwner: boolean): boolean {
  return isOwner === (message.author.role === 'client');
}

/** 'You' for the owner's own messages; otherwise the author's name and side: 'Maya Thompson (consultant)'. */
function authorText(message: ConversationMessage, isOwner: boolean): string {
  if (isOwner && message.author.role === 'client') return texts.you;
  return `${message.author.name} (${texts.roleLabels[message.author.role]})`;
}

function Thread({
  messages,
  isOwner,
  timeZone,
}: {
  messages: readonly ConversationMessage[];
  isOwner: boolean;
  timeZone: string;
}) {
  if (messages.length === 0) {
    return (
      <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{texts.empty}</p>
        <p className="mt-1">{isOwner ? texts.emptyHintClient : texts.emptyHintFirm}</p>
      </div>
    );
  }
  return (
    <ol className="mt-4 space-y-3" data-testid="conversation">
      {messages.map((message) => {
        const own = fromReadersSide(message, isOwner);
        return (
          <li
            key={message.id}
            className={`rounded-lg border p-3 ${own ? 'ml-6 border-blue-200 bg-blue-50 sm:ml-16' : 'mr-6 border-slate-200 bg-white sm:mr-16'}`}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-slate-900">{authorText(message, isOwner)}</span>
              <time dateTime={message.created_at} className="text-slate-700">
                {moment(message.created_at, timeZone)}
              </time>
            </p>
            <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** The server's reason for a refusal the field did not take, else the product's words; a lost session says nothing. */
function refused(failure: unknown, placed: boolean): Notice | undefined {
  if (placed || (failure instanceof ApiError && failure.status === 401)) return undefined;
  return { type: 'error', text: refusalMessage(failure, texts.sendFailed) };
}

function Composer({ bookingId, askedForChange }: { bookingId: number; askedForChange: number }) {
  const post = usePostConversationMessage(bookingId);
  const form = useSchemaForm<PostConversationMessageBody, PostConversationMessageRequest>(
    postConversationMessageBodySchema,
    { defaultValues: { body: '' } },
  );
  const length = conversationLength(form.watch('body') ?? '');

  // "Ask the firm for a change": the composer, started with the request's first words unless already written in.
  useEffect(() => {
    if (askedForChange === 0) return;
    if (form.getValues('body').trim() === '') form.setValue('body', texts.askForChangeStart);
    form.setFocus('body');
    const field = document.activeElement;
    if (field instanceof HTMLTextAreaElement) {
      field.setSelectionRange(field.value.length, field.value.length);
      field.scrollIntoView({ block: 'center' });
    }
  }, [askedForChange, form]);

  async function send({ body }: PostConversationMessageRequest): Promise<Notice> {
    await post.mutateAsync({ body });
    form.reset({ body: '' });
    return { type: 'success', text: texts.sent };
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={send}
      onFailure={refused}
      submit={{ label: texts.send, busy: texts.sending }}
      className="mt-4 space-y-3"
      aria-label={texts.label}
    >
      <TextAreaField
        form={form}
        name="body"
        label={texts.label}
        rows={4}
        hint={texts.counter(length)}
        hintClassName={length > maxConversationMessageLength ? 'font-medium text-red-700' : 'text-slate-600'}
      />
    </SchemaForm>
  );
}

/**
 * The booking's conversation between its client and the firm (docs/product.md#the-bookings-conversation): the
 * thread, oldest first, with each message's author and time in the business zone, kept fresh while the page is
 * open, and the composer. `askedForChange` counts the presses of "Ask the firm for a change": each focuses the
 * composer.
 */
export function BookingConversation({
  booking,
  isOwner,
  askedForChange = 0,
}: {
  booking: Booking;
  /** The reader is the booking's client (the answer's `is_owner`); otherwise the firm reads it. */
  isOwner: boolean;
  askedForChange?: number;
}) {
  const query = useConversation(booking.id);
  let thread: ReactNode;
  if (query.isPending) thread = <Spinner label={texts.loading} />;
  else if (query.isError) {
    thread = (
      <div className="mt-4">
        <FormMessage type="error">
          {texts.loadFailed}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            {texts.loadAgain}
          </button>
        </FormMessage>
      </div>
    );
  } else {
    thread = <Thread messages={query.data.messages} isOwner={isOwner} timeZone={booking.time_zone} />;
  }
  return (
    <section id="messages" aria-labelledby="messages-heading" className="mt-8">
      <h2 id="messages-heading" className="text-lg font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{isOwner ? texts.introClient : texts.introFirm}</p>
      {thread}
      <Composer bookingId={booking.id} askedForChange={askedForChange} />
    </section>
  );
}
